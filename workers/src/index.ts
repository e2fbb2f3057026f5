export * from "./billing/index";
export {
  type BullmqDriverOptions,
  bullmqJobId,
  createBullmqDriver,
  redisOptionsFromUrl,
} from "./bullmq-driver";
export { loadWorkersConfig, type WorkersConfig } from "./config";
export { backoffDelay, defaultRetryPolicy, type JobDriver, type RetryPolicy } from "./driver";
export { describeError, type FailedJob, recordFailedJob } from "./failed-jobs";
export { billingRound, purgeExpiredRows, retention, startHousekeeping } from "./housekeeping";
export { createInProcessDriver, type InProcessDriverOptions } from "./in-process-driver";
export * from "./jobs";
export { MISSED_CALL_TEMPLATE, notifyMissedCall } from "./notifications/missed-call";
export type { NotificationSms } from "./notifications/ports";
export { sendOnce } from "./notifications/sent";
export {
  createOutboxRelay,
  type OutboxRelay,
  type OutboxRelayOptions,
  type RelayResult,
} from "./outbox-relay";
export {
  type ApiProcessors,
  allProcessors,
  type BillingDeps,
  billingProcessors,
  createProcessors,
} from "./processors";
export { type JobsRuntime, type StartJobsOptions, startJobs } from "./runtime";
export { createTranscriber, transcriberConfigFromEnv } from "./voicemail/index";
