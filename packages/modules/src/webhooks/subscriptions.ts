import { WEBHOOK_TEST_EVENT } from "@poundline/contracts/webhooks/events";
import {
  type CreateWebhookBody,
  type UpdateWebhookBody,
  WEBHOOK_LIMITS,
  type Webhook,
  type WebhookDeliveriesQuery,
  type WebhookDelivery,
  type WebhookListQuery,
} from "@poundline/contracts/webhooks/schemas";
import { type Database, newId, schema } from "@poundline/db";
import { outboxRow } from "@poundline/platform/outbox";
import { and, count, desc, eq, getTableColumns, inArray } from "drizzle-orm";
import { afterCursor, limitedTo, orderOf, pageOf, type SortKey, sortKeyOf } from "../pagination";
import { insertDeliveries, insertEvent } from "./emit";
import { newWebhookSecret } from "./signature";

const subs = schema.webhookSubscriptions;
const deliveries = schema.webhookDeliveries;
const attempts = schema.webhookAttempts;

type SubscriptionRow = typeof subs.$inferSelect;

/** What a subscription write needs beyond the database. */
export interface WebhookWritePorts {
  db: Database;
  clock: () => Date;
  /** WEBHOOKS_ALLOW_HTTP: plain http addresses accepted (local development, tests). */
  allowHttp: boolean;
  /** Wakes the outbox relay after a commit that wrote jobs. */
  wake: () => void;
}

export type WebhookWrite =
  | { ok: true; webhook: Webhook }
  | { ok: false; reason: "not-found" | "https" | "full" };

export function toWebhook(row: SubscriptionRow): Webhook {
  return {
    id: row.id,
    url: row.url,
    description: row.description,
    eventTypes: row.eventTypes as Webhook["eventTypes"],
    secret: row.secret,
    enabled: row.disabledAt === null,
    disabledAt: row.disabledAt,
    disabledReason: row.disabledReason,
    createdAt: row.createdAt,
  };
}

const inAccount = (accountId: string, id: string) => and(eq(subs.accountId, accountId), eq(subs.id, id));

const needsHttps = (url: string | undefined, allowHttp: boolean) =>
  url !== undefined && !allowHttp && new URL(url).protocol !== "https:";

const webhookOrder: SortKey = { at: subs.createdAt, id: subs.id, ascending: true };

/** The account's subscriptions, oldest first: all, or a page after the cursor. */
export async function listWebhooks(
  db: Database,
  accountId: string,
  query: WebhookListQuery = {},
): Promise<{ webhooks: Webhook[]; nextCursor: string | null }> {
  const rows = await limitedTo(
    db
      .select({ ...getTableColumns(subs), sortKey: sortKeyOf(webhookOrder) })
      .from(subs)
      .where(and(eq(subs.accountId, accountId), afterCursor(webhookOrder, query.cursor)))
      .orderBy(...orderOf(webhookOrder))
      .$dynamic(),
    query.limit,
  );
  const page = pageOf(rows, query.limit);
  return { webhooks: page.rows.map(toWebhook), nextCursor: page.nextCursor };
}

export async function readWebhook(db: Database, accountId: string, id: string): Promise<Webhook | null> {
  const [row] = await db.select().from(subs).where(inAccount(accountId, id));
  return row ? toWebhook(row) : null;
}

export async function createWebhook(
  ports: WebhookWritePorts,
  accountId: string,
  input: CreateWebhookBody,
): Promise<WebhookWrite> {
  if (needsHttps(input.url, ports.allowHttp)) return { ok: false, reason: "https" };
  const [held] = await ports.db.select({ n: count() }).from(subs).where(eq(subs.accountId, accountId));
  if ((held?.n ?? 0) >= WEBHOOK_LIMITS.perAccount) return { ok: false, reason: "full" };
  const now = ports.clock();
  const [row] = await ports.db
    .insert(subs)
    .values({
      id: newId("webhookSubscription"),
      accountId,
      url: input.url,
      description: input.description,
      eventTypes: input.eventTypes,
      secret: newWebhookSecret(),
      createdAt: now,
      updatedAt: now,
    })
    .returning();
  if (!row) throw new Error("createWebhook: the insert returned no row");
  return { ok: true, webhook: toWebhook(row) };
}

export async function updateWebhook(
  ports: WebhookWritePorts,
  accountId: string,
  id: string,
  patch: UpdateWebhookBody,
): Promise<WebhookWrite> {
  if (needsHttps(patch.url, ports.allowHttp)) return { ok: false, reason: "https" };
  const { enabled, ...fields } = patch;
  const now = ports.clock();
  const switched =
    enabled === undefined
      ? {}
      : enabled
        ? { disabledAt: null, disabledReason: null, failingSince: null }
        : { disabledAt: now, disabledReason: "Turned off in the console." };
  const [row] = await ports.db
    .update(subs)
    .set({ ...fields, ...switched, updatedAt: now })
    .where(inAccount(accountId, id))
    .returning();
  return row ? { ok: true, webhook: toWebhook(row) } : { ok: false, reason: "not-found" };
}

export async function deleteWebhook(db: Database, accountId: string, id: string): Promise<boolean> {
  const gone = await db.delete(subs).where(inAccount(accountId, id)).returning({ id: subs.id });
  return gone.length > 0;
}

/** A new secret; the old one signs nothing from now on. */
export async function rotateWebhookSecret(ports: WebhookWritePorts, accountId: string, id: string) {
  const [row] = await ports.db
    .update(subs)
    .set({ secret: newWebhookSecret(), updatedAt: ports.clock() })
    .where(inAccount(accountId, id))
    .returning();
  return row ? toWebhook(row) : null;
}

/** A `webhook.test` event for this one subscription, whatever it chose (even turned off: it is asked for). */
export async function sendTestEvent(
  ports: WebhookWritePorts,
  accountId: string,
  id: string,
): Promise<WebhookDelivery | null> {
  const now = ports.clock();
  const deliveryId = await ports.db.transaction(async (tx) => {
    const [row] = await tx.select({ id: subs.id }).from(subs).where(inAccount(accountId, id));
    if (!row) return null;
    const data = { webhookId: id, message: "A test event sent from the Poundline console." };
    const eventId = await insertEvent(
      tx,
      accountId,
      { type: WEBHOOK_TEST_EVENT, timestamp: now.toISOString(), data },
      now,
    );
    const [made] = await insertDeliveries(tx, accountId, eventId, WEBHOOK_TEST_EVENT, null, [id], now);
    return made ?? null;
  });
  if (!deliveryId) return null;
  ports.wake();
  return (await deliveriesOf(ports.db, accountId, [deliveryId]))[0] ?? null;
}

/** Sends a delivery again now, whatever became of it: a new attempt, marked manual, in its log. */
export async function replayDelivery(
  ports: WebhookWritePorts,
  accountId: string,
  subscriptionId: string,
  deliveryId: string,
): Promise<WebhookDelivery | null> {
  const [row] = await ports.db
    .select({ id: deliveries.id })
    .from(deliveries)
    .where(
      and(
        eq(deliveries.accountId, accountId),
        eq(deliveries.subscriptionId, subscriptionId),
        eq(deliveries.id, deliveryId),
      ),
    );
  if (!row) return null;
  const job = outboxRow(
    {
      queue: "notifications",
      name: "deliver-webhook",
      jobId: `deliver-webhook:${deliveryId}:replay:${newId("job")}`,
    },
    { deliveryId, manual: true },
  );
  await ports.db.insert(schema.jobOutbox).values(job);
  ports.wake();
  return (await deliveriesOf(ports.db, accountId, [deliveryId]))[0] ?? null;
}

/** A subscription's deliveries, newest first, a page at a time; null when it is not the account's. */
/** Deliveries newest first, in the order they were made (`seq`; the id is there for the cursor's shape). */
const deliveryOrder: SortKey = { at: deliveries.seq, id: deliveries.id, sequence: true };

export async function listDeliveries(
  db: Database,
  accountId: string,
  subscriptionId: string,
  page: WebhookDeliveriesQuery,
): Promise<{ deliveries: WebhookDelivery[]; total: number; nextCursor: string | null } | null> {
  if (!(await readWebhook(db, accountId, subscriptionId))) return null;
  const where = and(eq(deliveries.accountId, accountId), eq(deliveries.subscriptionId, subscriptionId));
  const [found, [total]] = await Promise.all([
    db
      .select({ id: deliveries.id, sortKey: sortKeyOf(deliveryOrder) })
      .from(deliveries)
      .where(and(where, afterCursor(deliveryOrder, page.cursor)))
      .orderBy(...orderOf(deliveryOrder))
      .limit(page.limit + 1)
      .offset(page.offset),
    db.select({ n: count() }).from(deliveries).where(where),
  ]);
  const { rows, nextCursor } = pageOf(found, page.limit);
  return {
    deliveries: await deliveriesOf(
      db,
      accountId,
      rows.map((r) => r.id),
    ),
    total: total?.n ?? 0,
    nextCursor,
  };
}

/** Deliveries with their attempts (newest first), in the order of `ids`. */
async function deliveriesOf(db: Database, accountId: string, ids: string[]): Promise<WebhookDelivery[]> {
  if (ids.length === 0) return [];
  const [rows, tries] = await Promise.all([
    db
      .select()
      .from(deliveries)
      .where(and(eq(deliveries.accountId, accountId), inArray(deliveries.id, ids))),
    db
      .select()
      .from(attempts)
      .where(and(eq(attempts.accountId, accountId), inArray(attempts.deliveryId, ids)))
      .orderBy(desc(attempts.attemptedAt), desc(attempts.attempt)),
  ]);
  const byId = new Map(rows.map((row) => [row.id, row]));
  return ids.flatMap((id) => {
    const row = byId.get(id);
    if (!row) return [];
    return [
      {
        id: row.id,
        eventId: row.eventId,
        eventType: row.eventType,
        status: row.status,
        attempts: tries.filter((a) => a.deliveryId === id).length,
        nextAttemptAt: row.nextAttemptAt,
        lastStatusCode: row.lastStatusCode,
        lastError: row.lastError,
        createdAt: row.createdAt,
        attemptLog: tries
          .filter((a) => a.deliveryId === id)
          .map((a) => ({
            id: a.id,
            attempt: a.attempt,
            manual: a.manual,
            attemptedAt: a.attemptedAt,
            requestHeaders: a.requestHeaders,
            requestBody: a.requestBody,
            statusCode: a.statusCode,
            error: a.error,
            durationMs: a.durationMs,
            responseExcerpt: a.responseExcerpt,
          })),
      },
    ];
  });
}
