import { type Database, newId, schema } from "@poundline/db";
import { mayDeliverNow, nextRetryDelayMs, shouldDisable } from "@poundline/domain/webhook-delivery";
import { outboxRow } from "@poundline/platform/outbox";
import type { JobOutcome, JobPayload, JobPorts, Processor } from "@poundline/platform/queue/jobs";
import { and, asc, eq, isNotNull, lte, sql } from "drizzle-orm";
import { type GuardOptions, guardedPost, type PostOutcome } from "./guarded-post";
import { webhookHeaders } from "./signature";

const subs = schema.webhookSubscriptions;
const deliveries = schema.webhookDeliveries;

/** How much of a response the log keeps. */
export const RESPONSE_EXCERPT_CHARS = 4096;
/** A delivery held back by an earlier one of its order key looks again after this. */
export const ORDER_WAIT_MS = 5_000;

export type DeliverPayload = JobPayload<"notifications", "deliver-webhook">;

/** What sending needs beyond the job ports: the address guard's settings (and a resolver in tests). */
export type WebhookDeliveryDeps = GuardOptions;

type Loaded = NonNullable<Awaited<ReturnType<typeof loadDelivery>>>;

async function loadDelivery(db: Database, deliveryId: string) {
  const [row] = await db
    .select({
      delivery: deliveries,
      url: subs.url,
      secret: subs.secret,
      disabledAt: subs.disabledAt,
      failingSince: subs.failingSince,
      payload: schema.webhookEvents.payload,
    })
    .from(deliveries)
    .innerJoin(subs, eq(subs.id, deliveries.subscriptionId))
    .innerJoin(schema.webhookEvents, eq(schema.webhookEvents.id, deliveries.eventId))
    .where(eq(deliveries.id, deliveryId));
  return row ?? null;
}

/** Whether an earlier delivery of the same subscription and order key is still pending. */
async function heldBack(db: Database, delivery: Loaded["delivery"]): Promise<boolean> {
  if (delivery.orderKey === null) return false;
  const earlier = await db
    .select({ id: deliveries.id, seq: deliveries.seq, orderKey: deliveries.orderKey })
    .from(deliveries)
    .where(
      and(
        eq(deliveries.subscriptionId, delivery.subscriptionId),
        eq(deliveries.orderKey, delivery.orderKey),
        eq(deliveries.status, "pending"),
        sql`${deliveries.seq} < ${delivery.seq}`,
      ),
    );
  return !mayDeliverNow(delivery, earlier);
}

/**
 * Sends one delivery: signed, through the address guard, logged as an attempt. A scheduled
 * attempt that fails is tried again on the retry schedule, then given up; a manual one (a replay)
 * is logged and changes the schedule only by succeeding. Failures never throw: the schedule here
 * is the retry, not the queue's.
 */
export async function deliverWebhook(
  ports: JobPorts,
  deps: WebhookDeliveryDeps,
  payload: DeliverPayload,
): Promise<JobOutcome> {
  const loaded = await loadDelivery(ports.db, payload.deliveryId);
  if (!loaded) return "skipped";
  const manual = payload.manual === true;
  const { delivery } = loaded;
  if (!manual && delivery.status !== "pending") return "skipped";
  if (!manual && loaded.disabledAt !== null) {
    await settle(
      ports.db,
      delivery.id,
      { status: "failed", lastError: "The webhook is turned off." },
      ports.clock(),
    );
    return "skipped";
  }
  if (!manual && (await heldBack(ports.db, delivery))) {
    const later = new Date(ports.clock().getTime() + ORDER_WAIT_MS);
    await settle(ports.db, delivery.id, { nextAttemptAt: later }, ports.clock());
    return "skipped";
  }
  const sentAt = ports.clock();
  const body = JSON.stringify(loaded.payload);
  const headers = webhookHeaders(loaded.secret, delivery.eventId, sentAt, body);
  const outcome = await guardedPost(loaded.url, headers, body, deps);
  await recordAttempt(ports, loaded, { manual, headers, body, outcome, sentAt });
  return "done";
}

const succeeded = (outcome: PostOutcome) =>
  outcome.statusCode !== null && outcome.statusCode >= 200 && outcome.statusCode < 300;

interface Attempt {
  manual: boolean;
  headers: Record<string, string>;
  body: string;
  outcome: PostOutcome;
  sentAt: Date;
}

async function recordAttempt(ports: JobPorts, loaded: Loaded, attempt: Attempt): Promise<void> {
  const { delivery } = loaded;
  const { outcome } = attempt;
  const now = ports.clock();
  const ok = succeeded(outcome);
  const error = ok ? null : (outcome.error ?? `HTTP ${outcome.statusCode}`);
  await ports.db.transaction(async (tx) => {
    const [{ n } = { n: 0 }] = await tx
      .select({ n: sql<number>`count(*)::int` })
      .from(schema.webhookAttempts)
      .where(eq(schema.webhookAttempts.deliveryId, delivery.id));
    await tx.insert(schema.webhookAttempts).values({
      id: newId("webhookAttempt"),
      accountId: delivery.accountId,
      deliveryId: delivery.id,
      attempt: n + 1,
      manual: attempt.manual,
      // The signature is in the log: it is no secret, and shows what the receiver had to verify.
      requestHeaders: attempt.headers,
      requestBody: attempt.body,
      statusCode: outcome.statusCode,
      error: outcome.error,
      durationMs: outcome.durationMs,
      responseExcerpt: outcome.body.slice(0, RESPONSE_EXCERPT_CHARS),
      attemptedAt: attempt.sentAt,
    });
    const common = { lastStatusCode: outcome.statusCode, lastError: error };
    if (ok) {
      await settle(
        tx,
        delivery.id,
        { ...common, status: "delivered", deliveredAt: now, nextAttemptAt: null },
        now,
      );
      await tx.update(subs).set({ failingSince: null }).where(eq(subs.id, delivery.subscriptionId));
      return;
    }
    if (!attempt.manual) {
      const tried = delivery.attempts + 1;
      const delay = nextRetryDelayMs(tried);
      const next =
        delay === null
          ? { status: "failed" as const, nextAttemptAt: null }
          : { nextAttemptAt: new Date(now.getTime() + delay) };
      await settle(tx, delivery.id, { ...common, ...next, attempts: tried }, now);
    } else if (delivery.status !== "delivered") {
      await settle(tx, delivery.id, common, now);
    }
    await noteFailure(tx, delivery.subscriptionId, loaded.failingSince, now);
  });
}

type DeliveryChange = Partial<typeof deliveries.$inferInsert>;

async function settle(db: Database, id: string, change: DeliveryChange, now: Date) {
  await db
    .update(deliveries)
    .set({ ...change, updatedAt: now })
    .where(eq(deliveries.id, id));
}

/**
 * A failed attempt: the subscription is failing since now if it was not already; failing for
 * WEBHOOK_DISABLE_AFTER_MS it is turned off, and its owners are e-mailed (a job in this transaction).
 */
async function noteFailure(tx: Database, subscriptionId: string, failingSince: Date | null, now: Date) {
  if (!shouldDisable(failingSince, now)) {
    if (failingSince === null)
      await tx.update(subs).set({ failingSince: now }).where(eq(subs.id, subscriptionId));
    return;
  }
  const reason = "Every delivery failed for 5 days.";
  const [turnedOff] = await tx
    .update(subs)
    .set({ disabledAt: now, disabledReason: reason, updatedAt: now })
    .where(and(eq(subs.id, subscriptionId), sql`${subs.disabledAt} is null`))
    .returning({ id: subs.id });
  if (!turnedOff) return;
  await tx.insert(schema.jobOutbox).values(
    outboxRow(
      {
        queue: "notifications",
        name: "webhook-disabled",
        jobId: `webhook-disabled:${subscriptionId}:${now.getTime()}`,
      },
      { subscriptionId, disabledAt: now.toISOString() },
    ),
  );
}

/**
 * Hands the deliveries whose retry (or order wait) is due to the queue: each is claimed (its
 * `next_attempt_at` cleared) with its job's outbox row in one transaction, so two dispatchers
 * never send one twice. Answers how many it handed off.
 */
export async function dispatchDueDeliveries(db: Database, now: Date, limit = 500): Promise<number> {
  return db.transaction(async (tx) => {
    const due = await tx
      .select({ id: deliveries.id, attempts: deliveries.attempts })
      .from(deliveries)
      .where(
        and(
          eq(deliveries.status, "pending"),
          isNotNull(deliveries.nextAttemptAt),
          lte(deliveries.nextAttemptAt, now),
        ),
      )
      .orderBy(asc(deliveries.nextAttemptAt))
      .limit(limit)
      .for("update", { skipLocked: true });
    if (due.length === 0) return 0;
    for (const row of due) await settle(tx, row.id, { nextAttemptAt: null }, now);
    await tx.insert(schema.jobOutbox).values(
      due.map((row) =>
        outboxRow(
          {
            queue: "notifications",
            name: "deliver-webhook",
            jobId: `deliver-webhook:${row.id}:${row.attempts}:${now.getTime()}`,
          },
          { deliveryId: row.id },
        ),
      ),
    );
    return due.length;
  });
}

/** The processor of the `notifications/deliver-webhook` job. */
export function deliverWebhookProcessor(deps: WebhookDeliveryDeps): Processor<DeliverPayload> {
  return (ports, payload) => deliverWebhook(ports, deps, payload);
}
