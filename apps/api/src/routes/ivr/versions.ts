import { ivrEndpoints } from "@poundline/contracts/ivr/endpoints";
import { listVersions } from "@poundline/modules/ivr/versions";
import { requireAccount } from "../../auth/context";
import { handle } from "../../http/contract-route";

export const versions = handle(ivrEndpoints.versions, async (request) => {
  const { account } = requireAccount(request);
  return { items: await listVersions(request.server.deps.db.db, account.id) };
});
