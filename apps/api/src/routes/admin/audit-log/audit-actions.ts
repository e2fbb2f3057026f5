import { adminEndpoints } from "@poundline/contracts/admin/endpoints";
import { listAuditActions } from "@poundline/modules/admin/audit-log";
import { handle } from "../../../http/contract-route";

export const auditActions = handle(adminEndpoints.auditActions, async (request) => ({
  actions: await listAuditActions(request.server.deps.db.db),
}));
