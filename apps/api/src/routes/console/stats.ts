import { consoleEndpoints } from "@poundline/contracts/console/endpoints";
import { accountTimeZone } from "@poundline/modules/accounts/time-zone";
import { dashboardStats } from "@poundline/modules/console/dashboard";
import { requireAccount } from "../../auth/context";
import { handle } from "../../http/contract-route";

export const stats = handle(consoleEndpoints.stats, async (request) => {
  const { account } = requireAccount(request);
  const { db, clock } = request.server.deps;
  return dashboardStats(db.db, account.id, clock(), await accountTimeZone(db.db, account.id));
});
