export { describeCaller } from "./caller";
export { formatDuration } from "./format";
export { MISSED_CALL_TEMPLATE, missedCallEmail, notifyMissedCall } from "./missed-call";
export type { NotificationPorts, NotificationSms } from "./ports";
export { missedCallProcessor, type NotificationDeps } from "./processor";
export { accountMembers, defaultPreferences, type Member, type Preferences } from "./recipients";
export {
  claimNotification,
  deliverAll,
  NOTIFICATION_PROVIDER,
  releaseNotification,
  type SendOutcome,
  sendOnce,
  wasNotified,
} from "./sent";
export { isOptedOut, phoneToE164, senderNumber, sendNotificationText } from "./sms";
