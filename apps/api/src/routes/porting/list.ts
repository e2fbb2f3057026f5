import { portingEndpoints } from "@poundline/contracts/porting/endpoints";
import { listPortIns } from "@poundline/modules/porting/queries";
import { requireAccount } from "../../auth/context";
import { handle } from "../../http/contract-route";

export const list = handle(portingEndpoints.list, async (request) => {
  const { account } = requireAccount(request);
  return { requests: await listPortIns(request.server.deps.db.db, account.id) };
});
