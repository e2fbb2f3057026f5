import { type Database, schema } from "@poundline/db";
import { and, isNotNull, lt } from "drizzle-orm";
import type { JobLog } from "./jobs";

const DAY = 24 * 3600 * 1000;

/**
 * How long rows that only serve the machinery are kept. Settled hand-offs are history once their
 * job ran; processed carrier/Stripe event ids must outlive every redelivery (the carrier retries
 * for hours, Stripe for three days); hunts last a call; sessions and e-mail tokens, their expiry.
 */
export const retention = {
  settledJobsMs: 7 * DAY,
  processedEventsMs: 30 * DAY,
  ringHuntsMs: 1 * DAY,
} as const;

/** Deletes what outlived its use; returns how many rows of each kind went. Safe to run anywhere, any time. */
export async function purgeExpiredRows(db: Database, now: Date): Promise<Record<string, number>> {
  const before = (ms: number) => new Date(now.getTime() - ms);
  const { jobOutbox, processedWebhookEvents, ringHunts, sessions, emailTokens } = schema;
  const counts = await Promise.all([
    db
      .delete(jobOutbox)
      .where(and(isNotNull(jobOutbox.settledAt), lt(jobOutbox.settledAt, before(retention.settledJobsMs))))
      .returning({ id: jobOutbox.id }),
    db
      .delete(processedWebhookEvents)
      .where(lt(processedWebhookEvents.receivedAt, before(retention.processedEventsMs)))
      .returning({ id: processedWebhookEvents.eventId }),
    db
      .delete(ringHunts)
      .where(lt(ringHunts.updatedAt, before(retention.ringHuntsMs)))
      .returning({ id: ringHunts.id }),
    db.delete(sessions).where(lt(sessions.expiresAt, now)).returning({ id: sessions.id }),
    db.delete(emailTokens).where(lt(emailTokens.expiresAt, now)).returning({ id: emailTokens.tokenHash }),
  ]);
  const [settledJobs, processedEvents, ringHuntRows, expiredSessions, expiredTokens] = counts.map(
    (r) => r.length,
  );
  return {
    settledJobs: settledJobs ?? 0,
    processedEvents: processedEvents ?? 0,
    ringHunts: ringHuntRows ?? 0,
    expiredSessions: expiredSessions ?? 0,
    expiredTokens: expiredTokens ?? 0,
  };
}

/** Runs `purgeExpiredRows` now and then every `everyMs` (an hour by default) until stopped. */
export function startHousekeeping(options: {
  db: Database;
  log: JobLog;
  clock?: () => Date;
  everyMs?: number;
}): { stop(): Promise<void> } {
  const clock = options.clock ?? (() => new Date());
  let running: Promise<void> | null = null;
  const run = () => {
    running ??= purgeExpiredRows(options.db, clock())
      .then((purged) => options.log.debug({ purged }, "housekeeping done"))
      .catch((err: unknown) => options.log.warn({ err }, "housekeeping failed; will try again"))
      .finally(() => {
        running = null;
      });
  };
  const timer = setInterval(run, options.everyMs ?? 3600_000);
  timer.unref();
  run();
  return {
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
