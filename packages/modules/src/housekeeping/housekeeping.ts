import { type Database, schema } from "@poundline/db";
import type { OutboxWriter } from "@poundline/platform/outbox";
import type { JobLog } from "@poundline/platform/queue/jobs";
import type { FileStorage } from "@poundline/platform/storage/port";
import { and, isNotNull, lt } from "drizzle-orm";
import { IDEMPOTENCY_RETENTION_MS } from "../api-keys/idempotency";
import { issueMonthlyInvoices, previousPeriod } from "../billing/jobs/invoices";
import { renewCampaignFees, renewNumberFees } from "../billing/jobs/monthly-fees";
import { gateDatesPassed, queueTrialReminders } from "../billing/jobs/trial";
import { deleteExpiredRecordings } from "../recordings/retention";
import { failStaleTranscripts } from "../recordings/transcribe-call";

const DAY = 24 * 3600 * 1000;

/**
 * How long rows that only serve the machinery are kept. Settled hand-offs are history once their
 * job ran; processed carrier/Stripe event ids must outlive every redelivery (the carrier retries
 * for hours, Stripe for three days); hunts last a call; sessions, e-mail tokens and voicemail links
 * sent by e-mail, their expiry.
 */
export const retention = {
  settledJobsMs: 7 * DAY,
  processedEventsMs: 30 * DAY,
  ringHuntsMs: 1 * DAY,
} as const;

/** Deletes what outlived its use; returns how many rows of each kind went. Safe to run anywhere, any time. */
export async function purgeExpiredRows(db: Database, now: Date): Promise<Record<string, number>> {
  const before = (ms: number) => new Date(now.getTime() - ms);
  const {
    jobOutbox,
    processedWebhookEvents,
    ringHunts,
    sessions,
    emailTokens,
    voicemailLinks,
    idempotencyKeys,
  } = schema;
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
    db
      .delete(voicemailLinks)
      .where(lt(voicemailLinks.expiresAt, now))
      .returning({ id: voicemailLinks.tokenHash }),
    db
      .delete(idempotencyKeys)
      .where(lt(idempotencyKeys.createdAt, before(IDEMPOTENCY_RETENTION_MS)))
      .returning({ id: idempotencyKeys.key }),
  ]);
  const [
    settledJobs,
    processedEvents,
    ringHuntRows,
    expiredSessions,
    expiredTokens,
    expiredLinks,
    idempotency,
  ] = counts.map((r) => r.length);
  return {
    settledJobs: settledJobs ?? 0,
    processedEvents: processedEvents ?? 0,
    ringHunts: ringHuntRows ?? 0,
    expiredSessions: expiredSessions ?? 0,
    expiredTokens: expiredTokens ?? 0,
    expiredVoicemailLinks: expiredLinks ?? 0,
    idempotencyKeys: idempotency ?? 0,
  };
}

/** What the housekeeping does for billing, besides purging. */
export interface BillingHousekeeping {
  outbox: OutboxWriter;
  /** The telephony gate depends on a date that passed (a trial's end): recompile the routing tables. */
  gateChanged?: () => Promise<void>;
}

/**
 * The billing side of a housekeeping round: the trial reminders due, a recompile of the routing
 * tables when a trial or a cancelled period ended since the last round, and last month's invoices
 * (once per month per process; the invoices themselves are written once whatever the runs).
 */
export function billingRound(billing: BillingHousekeeping, db: Database) {
  let invoicedPeriod: string | null = null;
  return async (since: Date, now: Date) => {
    const reminders = await queueTrialReminders(db, billing.outbox, now);
    const gateDates = await gateDatesPassed(db, since, now);
    if (gateDates) await billing.gateChanged?.();
    let invoices = 0;
    if (invoicedPeriod !== previousPeriod(now)) {
      invoices = await issueMonthlyInvoices(db, now);
      invoicedPeriod = previousPeriod(now);
    }
    return { trialReminders: reminders, gateRecompiled: gateDates ? 1 : 0, invoices };
  };
}

/**
 * Runs `purgeExpiredRows`, the recordings' retention and the billing round now and then every
 * `everyMs` (an hour by default) until stopped.
 */
export function startHousekeeping(options: {
  db: Database;
  log: JobLog;
  clock?: () => Date;
  everyMs?: number;
  billing?: BillingHousekeeping;
  /** Where call recordings are stored: those older than their account's retention are deleted. */
  storage?: FileStorage;
}): { stop(): Promise<void> } {
  const clock = options.clock ?? (() => new Date());
  const everyMs = options.everyMs ?? 3600_000;
  const billing = options.billing ? billingRound(options.billing, options.db) : null;
  let since = new Date(clock().getTime() - everyMs);
  let running: Promise<void> | null = null;
  const run = () => {
    const now = clock();
    running ??= (async () => {
      const purged = await purgeExpiredRows(options.db, now);
      const { storage } = options;
      const recordings = storage ? await deleteExpiredRecordings({ db: options.db, storage }, now) : 0;
      const staleTranscripts = await failStaleTranscripts(options.db, now);
      const numberFees = await renewNumberFees(options.db, now);
      const campaignFees = await renewCampaignFees(options.db, now);
      const billed = billing ? await billing(since, now) : {};
      since = now;
      options.log.debug(
        { purged, recordings, staleTranscripts, numberFees, campaignFees, billed },
        "housekeeping done",
      );
    })()
      .catch((err: unknown) => options.log.warn({ err }, "housekeeping failed; will try again"))
      .finally(() => {
        running = null;
      });
  };
  const timer = setInterval(run, everyMs);
  timer.unref();
  run();
  return {
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
