import type { ActivityEntry, ActivityPage, ActivityQuery } from "@poundline/contracts/activity/schemas";
import { type Database, newId, schema } from "@poundline/db";
import { count, desc, eq, getTableColumns } from "drizzle-orm";

const { accountActivity, users } = schema;

/** One change to record: who, in which account, what, and on what. */
export interface ActivityRecord {
  accountId: string;
  actorUserId: string;
  action: string;
  summary: string;
  method: string;
  path: string;
  targetId: string | null;
}

export async function recordActivity(db: Database, entry: ActivityRecord, at: Date): Promise<void> {
  await db.insert(accountActivity).values({ id: newId("activity"), ...entry, createdAt: at });
}

/** The account's activity, newest first, with each actor's name and e-mail. */
export async function listActivity(
  db: Database,
  accountId: string,
  query: ActivityQuery,
): Promise<ActivityPage> {
  const scoped = eq(accountActivity.accountId, accountId);
  const [rows, totals] = await Promise.all([
    db
      .select({
        ...getTableColumns(accountActivity),
        firstName: users.firstName,
        lastName: users.lastName,
        email: users.email,
      })
      .from(accountActivity)
      .leftJoin(users, eq(users.id, accountActivity.actorUserId))
      .where(scoped)
      .orderBy(desc(accountActivity.createdAt), desc(accountActivity.id))
      .limit(query.limit)
      .offset(query.offset),
    db.select({ total: count() }).from(accountActivity).where(scoped),
  ]);
  return {
    entries: rows.map(toEntry),
    total: totals[0]?.total ?? 0,
    limit: query.limit,
    offset: query.offset,
  };
}

function toEntry(row: {
  id: string;
  action: string;
  summary: string;
  method: string;
  path: string;
  targetId: string | null;
  createdAt: Date;
  firstName: string | null;
  lastName: string | null;
  email: string | null;
}): ActivityEntry {
  const actor =
    row.email === null
      ? null
      : { name: `${row.firstName ?? ""} ${row.lastName ?? ""}`.trim() || row.email, email: row.email };
  const { id, action, summary, method, path, targetId, createdAt } = row;
  return { id, actor, action, summary, method, path, targetId, createdAt };
}
