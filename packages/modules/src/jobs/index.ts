export {
  type BullmqDriverOptions,
  bullmqJobId,
  createBullmqDriver,
  redisOptionsFromUrl,
} from "@poundline/platform/queue/bullmq-driver";
export {
  backoffDelay,
  defaultRetryPolicy,
  type JobDriver,
  type RetryPolicy,
} from "@poundline/platform/queue/driver";
export { describeError, type FailedJob, recordFailedJob } from "@poundline/platform/queue/failed-jobs";
export {
  createInProcessDriver,
  type InProcessDriverOptions,
} from "@poundline/platform/queue/in-process-driver";
export * from "@poundline/platform/queue/jobs";
export {
  createOutboxRelay,
  type OutboxRelay,
  type OutboxRelayOptions,
  type RelayResult,
} from "@poundline/platform/queue/outbox-relay";
export { type ChargeDrain, type ChargeDrainOptions, startChargeDrain } from "../billing/jobs/charge-drain";
export * from "../billing/jobs/index";
export { billingRound, purgeExpiredRows, retention, startHousekeeping } from "../housekeeping/housekeeping";
export { MISSED_CALL_TEMPLATE, notifyMissedCall } from "../notifications/missed-call";
export type { NotificationSms } from "../notifications/ports";
export { sendOnce } from "../notifications/sent";
export { createTranscriber, transcriberConfigFromEnv } from "../voicemails/jobs/index";
export {
  type ApiProcessors,
  allProcessors,
  type BillingDeps,
  billerBehind,
  billingProcessors,
  createProcessors,
} from "./processors";
export { type JobsRuntime, type StartJobsOptions, startJobs } from "./runtime";
