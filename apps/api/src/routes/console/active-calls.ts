import { consoleEndpoints } from "@poundline/contracts/console/endpoints";
import { activeCalls as activeCallsOf } from "@poundline/modules/console/dashboard";
import { requireAccount } from "../../auth/context";
import { handle } from "../../http/contract-route";

export const activeCalls = handle(consoleEndpoints.activeCalls, async (request) => {
  const { account } = requireAccount(request);
  const { db, clock } = request.server.deps;
  return { calls: await activeCallsOf(db.db, account.id, clock()) };
});
