import { consoleEndpoints } from "@poundline/contracts/console/endpoints";
import { recentCalls as recentCallsOf } from "@poundline/modules/console/dashboard";
import { requireAccount } from "../../auth/context";
import { handle } from "../../http/contract-route";

export const recentCalls = handle(consoleEndpoints.recentCalls, async (request) => {
  const { account } = requireAccount(request);
  return { calls: await recentCallsOf(request.server.deps.db.db, account.id) };
});
