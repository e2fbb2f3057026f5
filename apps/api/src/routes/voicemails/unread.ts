import { voicemailEndpoints } from "@poundline/contracts/voicemails/endpoints";
import { countUnreadVoicemails } from "@poundline/modules/voicemails/voicemails";
import { requireAccount } from "../../auth/context";
import { handle } from "../../http/contract-route";

export const unread = handle(voicemailEndpoints.unread, async (request) => {
  const { account } = requireAccount(request);
  return { count: await countUnreadVoicemails(request.server.deps.db.db, account.id) };
});
