import {
  type PlanLimits,
  type RecordingWarning,
  recordingUsageMessage,
  recordingWarning,
  recordsCalls,
} from "@poundline/contracts/billing/plan-limits";
import { type Database, schema } from "@poundline/db";
import type { JobPorts } from "@poundline/platform/queue/jobs";
import { and, eq, inArray } from "drizzle-orm";
import { currentPlan } from "../billing/current-plan";
import { recordedSecondsThisMonth } from "../billing/usage";
import { notifyMember } from "../inbox/notifications";
import { claimNotification } from "../notifications/sent";

const { accountMemberships } = schema;

/** What metering a stored recording needs beyond the job ports. */
export interface RecordingMeterDeps {
  /**
   * The account used its plan's recording hours this month: every instance recompiles its routing
   * tables, which then record none of its calls until the month ends.
   */
  recordingLimitReached?: (accountId: string) => Promise<void>;
}

/**
 * Measures the account's month once a recording of it is stored: from 80% of the plan's hours its
 * owners and admins are told (once a month for each of 80% and the limit), and at the limit the
 * routing tables stop recording.
 */
export async function meterStoredRecording(
  ports: JobPorts & RecordingMeterDeps,
  accountId: string,
): Promise<void> {
  const now = ports.clock();
  const [{ limits }, seconds] = await Promise.all([
    currentPlan(ports.db, accountId, now),
    recordedSecondsThisMonth(ports.db, accountId, now),
  ]);
  const warning = recordingWarning(limits, seconds);
  if (warning) await warnOnce(ports.db, { accountId, limits, seconds, warning, now });
  // Asked again for every recording stored past the limit: only calls already recording when it
  // was reached can still bring one, and a recompile is idempotent.
  if (!recordsCalls(limits, seconds)) await ports.recordingLimitReached?.(accountId);
}

interface Warning {
  accountId: string;
  limits: PlanLimits;
  seconds: number;
  warning: RecordingWarning;
  now: Date;
}

/** The bell entry (and e-mail) of each owner and admin, claimed in the same transaction: once per account, month and state. */
async function warnOnce(db: Database, w: Warning): Promise<void> {
  const message = recordingUsageMessage(w.limits, w.seconds);
  if (!message) return;
  const month = w.now.toISOString().slice(0, 7);
  await db.transaction(async (tx) => {
    if (!(await claimNotification(tx, `recording-usage:${w.accountId}:${month}:${w.warning}`, w.now))) return;
    for (const userId of await ownersAndAdmins(tx, w.accountId))
      await notifyMember(tx, {
        accountId: w.accountId,
        userId,
        kind: "recording_usage",
        title: message,
        body: "See the recording hours used this month on the Billing & Wallet page.",
        link: "/dashboard/billing",
      });
  });
}

async function ownersAndAdmins(db: Database, accountId: string): Promise<string[]> {
  const rows = await db
    .select({ userId: accountMemberships.userId })
    .from(accountMemberships)
    .where(
      and(eq(accountMemberships.accountId, accountId), inArray(accountMemberships.role, ["owner", "admin"])),
    );
  return rows.map((r) => r.userId);
}
