import { recordsCalls } from "@poundline/contracts/billing/plan-limits";
import type { JobPorts } from "@poundline/platform/queue/jobs";
import { currentPlan } from "../billing/current-plan";
import { recordedSecondsThisMonth } from "../billing/usage";

/** What metering a stored recording needs beyond the job ports. */
export interface RecordingMeterDeps {
  /**
   * The account used its plan's recording hours this month: every instance recompiles its routing
   * tables, which then record none of its calls until the month ends.
   */
  recordingLimitReached?: (accountId: string) => Promise<void>;
}

/** Measures the account's month once a recording of it is stored, and stops recording at the plan's limit. */
export async function meterStoredRecording(
  ports: JobPorts & RecordingMeterDeps,
  accountId: string,
): Promise<void> {
  const now = ports.clock();
  const [{ limits }, seconds] = await Promise.all([
    currentPlan(ports.db, accountId, now),
    recordedSecondsThisMonth(ports.db, accountId, now),
  ]);
  // Asked again for every recording stored past the limit: only calls already recording when it
  // was reached can still bring one, and a recompile is idempotent.
  if (!recordsCalls(limits, seconds)) await ports.recordingLimitReached?.(accountId);
}
