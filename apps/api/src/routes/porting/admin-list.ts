import { adminPortingEndpoints } from "@poundline/contracts/porting/endpoints";
import { listAllPortIns } from "@poundline/modules/porting/queries";
import { handle } from "../../http/contract-route";

export const adminList = handle(adminPortingEndpoints.list, async (request) => ({
  requests: await listAllPortIns(request.server.deps.db.db),
}));
