import { adminEndpoints } from "@poundline/contracts/admin/endpoints";
import { adminDashboard } from "@poundline/modules/admin/dashboard";
import { handle } from "../../http/contract-route";

export const dashboard = handle(adminEndpoints.dashboard, async (request) => {
  const { db, webhookStats, clock } = request.server.deps;
  return adminDashboard(db.db, webhookStats, clock());
});
