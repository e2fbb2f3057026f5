import { callBlockingEndpoints } from "@poundline/contracts/call-blocking/endpoints";
import { readCallBlocking } from "@poundline/modules/call-blocking/blocking";
import { requireAccount } from "../../auth/context";
import { handle } from "../../http/contract-route";

export const get = handle(callBlockingEndpoints.get, async (request) => {
  const { account } = requireAccount(request);
  return readCallBlocking(request.server.deps.db.db, account.id, request.query);
});
