import { ivrEndpoints } from "@poundline/contracts/ivr/endpoints";
import { draftStatus } from "@poundline/modules/ivr/versions";
import { requireAccount } from "../../auth/context";
import { handle } from "../../http/contract-route";

export const draft = handle(ivrEndpoints.draft, async (request) => {
  const { account } = requireAccount(request);
  return draftStatus(request.server.deps.db.db, account.id);
});
