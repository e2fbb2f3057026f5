import { type Database, schema } from "@poundline/db";
import { and, gte, sql } from "drizzle-orm";

const { webhookStats } = schema;

const MINUTE_MS = 60_000;
/** How often an instance adds its counts to the table. */
export const WEBHOOK_STATS_FLUSH_MS = 10_000;
/** The window of the admin dashboard's webhook error rate. */
export const WEBHOOK_ERROR_WINDOW_MS = 24 * 60 * MINUTE_MS;

/** Counts of one source in one minute, not yet written. */
interface Pending {
  source: string;
  minute: Date;
  received: number;
  serverErrors: number;
  signatureFailures: number;
}

/**
 * How the carrier's webhooks were answered, for the admin dashboard's error rate. Counting is a few
 * additions in memory (the webhooks are the hot path: no write per request); the counts go to
 * `webhook_stats` (per source and minute, added to what other instances wrote) every few seconds,
 * on close, and before the dashboard reads them. A crash loses at most the last seconds' counts.
 * Per instance on purpose: the dashboard sees another instance's counts at most one flush late,
 * which a rate over 24 hours does not feel; sharing each count would put a write on every webhook.
 */
export interface WebhookStats {
  /** One webhook answered with `status`; a 403 is a refused signature, 500 and up our failure. */
  record(source: string, status: number): void;
  /** Writes what was counted since the last flush. */
  flush(): Promise<void>;
  close(): Promise<void>;
}

export function createWebhookStats(
  db: Database,
  clock: () => Date,
  onError: (err: unknown) => void,
): WebhookStats {
  let pending = new Map<string, Pending>();
  let last: Pending | undefined;

  function record(source: string, status: number) {
    const now = clock().getTime();
    const minute = now - (now % MINUTE_MS);
    // The hot path: the same source and minute as the last webhook needs no key and no lookup.
    let counts = last && last.source === source && last.minute.getTime() === minute ? last : undefined;
    if (!counts) {
      const key = `${source}|${minute}`;
      counts = pending.get(key);
      if (!counts) {
        counts = { source, minute: new Date(minute), received: 0, serverErrors: 0, signatureFailures: 0 };
        pending.set(key, counts);
      }
      last = counts;
    }
    counts.received += 1;
    if (status >= 500) counts.serverErrors += 1;
    else if (status === 403) counts.signatureFailures += 1;
  }

  async function flush() {
    if (pending.size === 0) return;
    const rows = [...pending.values()];
    pending = new Map();
    last = undefined;
    try {
      await db
        .insert(webhookStats)
        .values(rows)
        .onConflictDoUpdate({
          target: [webhookStats.source, webhookStats.minute],
          set: {
            received: sql`${webhookStats.received} + excluded.received`,
            serverErrors: sql`${webhookStats.serverErrors} + excluded.server_errors`,
            signatureFailures: sql`${webhookStats.signatureFailures} + excluded.signature_failures`,
          },
        });
    } catch (err) {
      // Figures, not data: a failed write is logged and those counts dropped.
      onError(err);
    }
  }

  const timer = setInterval(() => void flush(), WEBHOOK_STATS_FLUSH_MS);
  timer.unref();
  return {
    record,
    flush,
    async close() {
      clearInterval(timer);
      await flush();
    },
  };
}

/** Webhooks received and failed (5xx or refused signature) since `since`, every source. */
export async function webhookErrorCounts(db: Database, since: Date) {
  const [row] = await db
    .select({
      received: sql<number>`coalesce(sum(${webhookStats.received}), 0)::int`,
      failed: sql<number>`coalesce(sum(${webhookStats.serverErrors} + ${webhookStats.signatureFailures}), 0)::int`,
    })
    .from(webhookStats)
    .where(and(gte(webhookStats.minute, since)));
  return { received: row?.received ?? 0, failed: row?.failed ?? 0 };
}
