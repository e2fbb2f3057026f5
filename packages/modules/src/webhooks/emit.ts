import type { WebhookEventType, WebhookPayload } from "@poundline/contracts/webhooks/events";
import { type Database, newId, schema } from "@poundline/db";
import { outboxRow } from "@poundline/platform/outbox";
import { and, arrayContains, eq, isNull } from "drizzle-orm";

/** One fact for the account's webhooks, as the place it became true knows it. */
export interface WebhookEventInput {
  accountId: string;
  type: WebhookEventType;
  /** When it became true. */
  at: Date;
  data: Record<string, unknown>;
  /** Events sharing a key arrive in order (a call's events: its sid); null when order does not matter. */
  orderKey?: string | null;
}

/**
 * Records an event and a delivery for each of the account's enabled subscriptions that chose it,
 * with the job that sends each: call it in the transaction of the row that records the fact, so
 * neither exists without the other. An account with no such subscription costs one indexed read
 * and writes nothing. Answers how many deliveries were made (the caller wakes the outbox relay).
 */
export async function emitWebhookEvent(tx: Database, event: WebhookEventInput): Promise<number> {
  const subs = schema.webhookSubscriptions;
  const matching = await tx
    .select({ id: subs.id })
    .from(subs)
    .where(
      and(
        eq(subs.accountId, event.accountId),
        isNull(subs.disabledAt),
        arrayContains(subs.eventTypes, [event.type]),
      ),
    );
  if (matching.length === 0) return 0;
  const eventId = await insertEvent(
    tx,
    event.accountId,
    {
      type: event.type,
      timestamp: event.at.toISOString(),
      data: event.data,
    },
    event.at,
  );
  await insertDeliveries(
    tx,
    event.accountId,
    eventId,
    event.type,
    event.orderKey ?? null,
    matching.map((s) => s.id),
    event.at,
  );
  return matching.length;
}

export async function insertEvent(
  tx: Database,
  accountId: string,
  payload: WebhookPayload,
  at: Date,
): Promise<string> {
  const id = newId("webhookEvent");
  await tx.insert(schema.webhookEvents).values({ id, accountId, type: payload.type, payload, createdAt: at });
  return id;
}

/** A delivery per subscription, each with the outbox row of its first attempt. Answers their ids. */
export async function insertDeliveries(
  tx: Database,
  accountId: string,
  eventId: string,
  eventType: string,
  orderKey: string | null,
  subscriptionIds: string[],
  at: Date,
): Promise<string[]> {
  const rows = subscriptionIds.map((subscriptionId) => ({
    id: newId("webhookDelivery"),
    accountId,
    subscriptionId,
    eventId,
    eventType,
    orderKey,
    createdAt: at,
    updatedAt: at,
  }));
  await tx.insert(schema.webhookDeliveries).values(rows);
  await tx
    .insert(schema.jobOutbox)
    .values(
      rows.map((row) =>
        outboxRow(
          { queue: "notifications", name: "deliver-webhook", jobId: `deliver-webhook:${row.id}:0` },
          { deliveryId: row.id },
        ),
      ),
    );
  return rows.map((row) => row.id);
}
