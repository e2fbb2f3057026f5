import { numberEndpoints } from "@poundline/contracts/numbers/endpoints";
import { listNumberRequests } from "@poundline/modules/numbers/numbers";
import { requireAccount } from "../../auth/context";
import { handle } from "../../http/contract-route";

export const requests = handle(numberEndpoints.requests, async (request) => {
  const { account } = requireAccount(request);
  return { requests: await listNumberRequests(request.server.deps.db.db, account.id) };
});
