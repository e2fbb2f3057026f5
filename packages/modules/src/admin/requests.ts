import {
  type ListRequestsQuery,
  type RequestItem,
  type RequestQueue,
  requestQueueStatuses,
} from "@poundline/contracts/admin/schemas";
import { type Database, schema } from "@poundline/db";
import { count, desc, eq, type SQL, sql } from "drizzle-orm";
import type { PgColumn, PgTable } from "drizzle-orm/pg-core";
import { recordAdminAction } from "./audit";

const { accounts, featureRequests, formSubmissions, phoneNumberRequests } = schema;

/** How one queue reads from its table: the item's columns, the table and its id and status. */
interface QueueSource {
  table: PgTable;
  id: PgColumn;
  status: PgColumn;
  createdAt: PgColumn;
  /** Which target type the audit log names. */
  targetType: string;
  columns: Record<keyof Omit<RequestItem, "createdAt" | "id" | "status">, SQL | PgColumn>;
  /** The requesting account, joined for its company (phone-number requests). */
  join?: "account";
}

const nullText = sql<string | null>`null::text`;

/** The three queues of the public site's forms (seed 000): contact messages, feature and number requests. */
const sources: Record<RequestQueue, QueueSource> = {
  contact: {
    table: formSubmissions,
    id: formSubmissions.id,
    status: formSubmissions.status,
    createdAt: formSubmissions.createdAt,
    targetType: "contact_submission",
    columns: {
      email: formSubmissions.email,
      title: formSubmissions.name,
      details: formSubmissions.message,
      company: formSubmissions.company,
      phone: formSubmissions.phone,
    },
  },
  features: {
    table: featureRequests,
    id: featureRequests.id,
    status: featureRequests.status,
    createdAt: featureRequests.createdAt,
    targetType: "feature_request",
    columns: {
      email: featureRequests.email,
      title: featureRequests.featureName,
      details: featureRequests.description,
      company: nullText,
      phone: nullText,
    },
  },
  "phone-numbers": {
    table: phoneNumberRequests,
    id: phoneNumberRequests.id,
    status: phoneNumberRequests.status,
    createdAt: phoneNumberRequests.createdAt,
    targetType: "phone_number_request",
    join: "account",
    columns: {
      email: phoneNumberRequests.email,
      // "local 415 × 2", "toll-free × 1"
      title: sql<string>`${phoneNumberRequests.numberType} || coalesce(' ' || ${phoneNumberRequests.areaCode}, '') || ' × ' || ${phoneNumberRequests.quantity}`,
      details: phoneNumberRequests.purpose,
      company: accounts.companyName,
      phone: nullText,
    },
  },
};

function selectItems(db: Database, queue: RequestQueue) {
  const source = sources[queue];
  const query = db
    .select({ id: source.id, status: source.status, createdAt: source.createdAt, ...source.columns })
    .from(source.table);
  return source.join === "account"
    ? query.leftJoin(accounts, eq(accounts.id, phoneNumberRequests.accountId))
    : query;
}

/** A queue's items, newest first, optionally of one status. */
export async function listRequests(
  db: Database,
  queue: RequestQueue,
  query: ListRequestsQuery,
): Promise<{ items: RequestItem[]; total: number }> {
  const source = sources[queue];
  const where = query.status ? eq(source.status, query.status) : undefined;
  const items = (await selectItems(db, queue)
    .where(where)
    .orderBy(desc(source.createdAt), desc(source.id))
    .limit(query.limit)
    .offset(query.offset)) as RequestItem[];
  const [counted] = await db.select({ total: count() }).from(source.table).where(where);
  return { items, total: counted?.total ?? 0 };
}

/** Whether `status` is one of the queue's own. */
export function isQueueStatus(queue: RequestQueue, status: string): boolean {
  return requestQueueStatuses[queue].includes(status);
}

/** Sets an item's status; null when the queue has no such item. Unchanged statuses are not audited. */
export async function setRequestStatus(
  db: Database,
  queue: RequestQueue,
  id: string,
  status: string,
  actorUserId: string,
): Promise<RequestItem | null> {
  const source = sources[queue];
  return db.transaction(async (tx) => {
    const [before] = (await selectItems(tx, queue)
      .where(eq(source.id, id))
      .for("update", { of: source.table })) as RequestItem[];
    if (!before) return null;
    if (before.status === status) return before;
    await tx
      .update(source.table)
      .set({ status } as never)
      .where(eq(source.id, id));
    await recordAdminAction(tx, {
      actorUserId,
      action: `${source.targetType}.status`,
      targetType: source.targetType,
      targetId: id,
      before: { status: before.status },
      after: { status },
    });
    return { ...before, status };
  });
}
