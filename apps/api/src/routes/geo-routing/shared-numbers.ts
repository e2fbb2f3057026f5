import { geoRoutingEndpoints } from "@poundline/contracts/geo-routing/endpoints";
import { listSharedNumbers } from "@poundline/modules/geo-routing/queries";
import { requireAccount } from "../../auth/context";
import { handle } from "../../http/contract-route";

export const sharedNumbers = handle(geoRoutingEndpoints.sharedNumbers, async (request) => {
  const { account } = requireAccount(request);
  return { sharedNumbers: await listSharedNumbers(request.server.deps.db.db, account.id) };
});
