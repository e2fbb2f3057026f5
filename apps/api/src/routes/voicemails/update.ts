import { voicemailEndpoints } from "@poundline/contracts/voicemails/endpoints";
import { setVoicemailStatus } from "@poundline/modules/voicemails/voicemails";
import { requireAccount } from "../../auth/context";
import { handle } from "../../http/contract-route";
import { voicemailNotFound } from "./shared";

export const update = handle(voicemailEndpoints.update, async (request) => {
  const { account } = requireAccount(request);
  const updated = await setVoicemailStatus(
    request.server.deps.db.db,
    account.id,
    request.params.id,
    request.body.status,
  );
  if (!updated) throw voicemailNotFound();
  return updated;
});
