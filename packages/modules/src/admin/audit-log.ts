import type { AuditEntry, ListAuditLogQuery } from "@poundline/contracts/admin/schemas";
import { type Database, schema } from "@poundline/db";
import { and, asc, count, desc, eq, gte, ilike, lte, or, type SQL } from "drizzle-orm";
import { containsPattern } from "./emails";

const { adminAuditLog } = schema;

/** The filters of the audit screen: actor (e-mail part or user id), action, date range. */
function auditFilter(query: ListAuditLogQuery): SQL | undefined {
  const filters: SQL[] = [];
  if (query.actor) {
    const byEmail = ilike(adminAuditLog.actorEmail, containsPattern(query.actor));
    filters.push(or(byEmail, eq(adminAuditLog.actorUserId, query.actor)) as SQL);
  }
  if (query.action) filters.push(eq(adminAuditLog.action, query.action));
  if (query.from) filters.push(gte(adminAuditLog.createdAt, query.from));
  if (query.to) filters.push(lte(adminAuditLog.createdAt, query.to));
  return filters.length > 0 ? and(...filters) : undefined;
}

/** The audit log, newest first, filtered. */
export async function listAuditLog(
  db: Database,
  query: ListAuditLogQuery,
): Promise<{ entries: AuditEntry[]; total: number }> {
  const where = auditFilter(query);
  const entries = await db
    .select({
      id: adminAuditLog.id,
      actorUserId: adminAuditLog.actorUserId,
      actorEmail: adminAuditLog.actorEmail,
      action: adminAuditLog.action,
      targetType: adminAuditLog.targetType,
      targetId: adminAuditLog.targetId,
      before: adminAuditLog.before,
      after: adminAuditLog.after,
      createdAt: adminAuditLog.createdAt,
    })
    .from(adminAuditLog)
    .where(where)
    .orderBy(desc(adminAuditLog.createdAt), desc(adminAuditLog.id))
    .limit(query.limit)
    .offset(query.offset);
  const [counted] = await db.select({ total: count() }).from(adminAuditLog).where(where);
  return { entries, total: counted?.total ?? 0 };
}

/** Every action that occurs in the log, for the screen's filter. */
export async function listAuditActions(db: Database): Promise<string[]> {
  const rows = await db
    .selectDistinct({ action: adminAuditLog.action })
    .from(adminAuditLog)
    .orderBy(asc(adminAuditLog.action));
  return rows.map((row) => row.action);
}
