import { voicemailEndpoints } from "@poundline/contracts/voicemails/endpoints";
import { listVoicemails } from "@poundline/modules/voicemails/voicemails";
import { requireAccount } from "../../auth/context";
import { handle } from "../../http/contract-route";

export const list = handle(voicemailEndpoints.list, async (request) => {
  const { account } = requireAccount(request);
  const { query } = request;
  const page = await listVoicemails(request.server.deps.db.db, account.id, query);
  return { ...page, limit: query.limit, offset: query.offset };
});
