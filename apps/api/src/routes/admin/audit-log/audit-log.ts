import { adminEndpoints } from "@poundline/contracts/admin/endpoints";
import { listAuditLog } from "@poundline/modules/admin/audit-log";
import { handle } from "../../../http/contract-route";

/** The admin audit log, under /api/admin/audit-log: read only (the table is append-only). */
export const auditLog = handle(adminEndpoints.auditLog, async (request) => {
  const { query } = request;
  const page = await listAuditLog(request.server.deps.db.db, query);
  return { ...page, limit: query.limit, offset: query.offset };
});
