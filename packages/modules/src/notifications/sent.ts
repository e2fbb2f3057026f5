import { type Database, schema } from "@poundline/db";
import { and, eq } from "drizzle-orm";

const { processedWebhookEvents } = schema;

/** The `provider` under which sent notifications are recorded in processed_webhook_events. */
export const NOTIFICATION_PROVIDER = "notification";

/**
 * Records that the notification `key` is being sent; false when it already was. The key names the
 * subject, channel and recipient (`voicemail:vm_…:email:ann@example.com`), so a job that runs
 * again after a crash finds what it already sent.
 */
export async function claimNotification(db: Database, key: string, at: Date): Promise<boolean> {
  const rows = await db
    .insert(processedWebhookEvents)
    .values({ provider: NOTIFICATION_PROVIDER, eventId: key, receivedAt: at })
    .onConflictDoNothing()
    .returning({ eventId: processedWebhookEvents.eventId });
  return rows.length > 0;
}

/** Forgets a claim whose sending failed, so the job's retry sends it. */
export async function releaseNotification(db: Database, key: string): Promise<void> {
  await db
    .delete(processedWebhookEvents)
    .where(
      and(
        eq(processedWebhookEvents.provider, NOTIFICATION_PROVIDER),
        eq(processedWebhookEvents.eventId, key),
      ),
    );
}

export async function wasNotified(db: Database, key: string): Promise<boolean> {
  const [row] = await db
    .select({ eventId: processedWebhookEvents.eventId })
    .from(processedWebhookEvents)
    .where(
      and(
        eq(processedWebhookEvents.provider, NOTIFICATION_PROVIDER),
        eq(processedWebhookEvents.eventId, key),
      ),
    )
    .limit(1);
  return row !== undefined;
}

export type SendOutcome = "sent" | "already_sent" | "not_sent";

/**
 * Sends at most once per key: the claim is written before sending and released when the sending
 * throws (the error is rethrown, so the queue retries). A crash between the claim and the send
 * loses that one notification rather than sending it twice. `send` answers false when it decided
 * not to send after all (an opted-out number): the claim stays, as there is nothing to retry.
 */
export async function sendOnce(
  ports: { db: Database; clock: () => Date },
  key: string,
  send: () => Promise<boolean | undefined>,
): Promise<SendOutcome> {
  if (!(await claimNotification(ports.db, key, ports.clock()))) return "already_sent";
  try {
    return (await send()) === false ? "not_sent" : "sent";
  } catch (err) {
    await releaseNotification(ports.db, key);
    throw err;
  }
}

/**
 * Runs every delivery even when some fail, then throws the failures together: the retry only
 * finds the failed ones unclaimed.
 */
export async function deliverAll(deliveries: ReadonlyArray<() => Promise<unknown>>): Promise<void> {
  const results = await Promise.allSettled(deliveries.map((deliver) => deliver()));
  const errors = results.flatMap((r) => (r.status === "rejected" ? [r.reason as unknown] : []));
  if (errors.length === 1) throw errors[0];
  if (errors.length > 1) throw new AggregateError(errors, `${errors.length} notifications failed`);
}
