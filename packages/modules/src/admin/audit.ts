import { type Database, newId, schema } from "@poundline/db";
import { sql } from "drizzle-orm";

const { adminAuditLog, users } = schema;

/** What the audit log keeps of one admin action. */
export interface AdminAction {
  /** The signed-in admin who acted. */
  actorUserId: string;
  /**
   * `<target type>.<verb>` in snake case, e.g. `admin.grant`, `user.disable`, `content.update`,
   * `ticket.close`. The audit screen filters on it and lists the ones that occur.
   */
  action: string;
  /** What was acted on: `user`, `content`, `feature_request`, `ticket`, … */
  targetType: string;
  /** Its id; null when the action has no single target. */
  targetId: string | null;
  /** The target before the action (null for a creation). */
  before: unknown;
  /** The target after it (null for a deletion). */
  after: unknown;
}

/** Keys never written to the log, at any depth: the log is read by every admin. */
const SECRET_KEY = /password|token|secret|hash/i;

/** A JSON copy of `value` with dates as ISO strings and secret-looking keys left out. */
export function auditSnapshot(value: unknown): unknown {
  if (value === undefined || value === null) return null;
  return JSON.parse(
    JSON.stringify(value, (key, inner) => (key !== "" && SECRET_KEY.test(key) ? undefined : inner)),
  );
}

/**
 * Appends one entry to the admin audit log, in the caller's transaction: the action and its record
 * commit or roll back together. The actor's e-mail is copied into the entry (the log has no foreign
 * keys, so deleting a user leaves the entries about them readable). The table is append-only in the
 * database (a trigger refuses UPDATE, DELETE and TRUNCATE).
 */
export async function recordAdminAction(tx: Database, entry: AdminAction): Promise<string> {
  const id = newId("auditEntry");
  await tx.insert(adminAuditLog).values({
    id,
    actorUserId: entry.actorUserId,
    actorEmail: sql`(select ${users.email} from ${users} where ${users.id} = ${entry.actorUserId})`,
    action: entry.action,
    targetType: entry.targetType,
    targetId: entry.targetId,
    before: auditSnapshot(entry.before),
    after: auditSnapshot(entry.after),
  });
  return id;
}
