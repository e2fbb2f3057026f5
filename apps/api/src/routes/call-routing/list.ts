import { callRoutingEndpoints } from "@poundline/contracts/call-routing/endpoints";
import { listCallRouting } from "@poundline/modules/call-routing/number-routing";
import { requireAccount } from "../../auth/context";
import { handle } from "../../http/contract-route";

export const list = handle(callRoutingEndpoints.list, async (request) => {
  const { account } = requireAccount(request);
  return listCallRouting(request.server.deps.db.db, account.id);
});
