/**
 * The events outgoing webhooks carry, in one list: the console's checkboxes, the subscriptions'
 * validation and the emitters all read it. Names are `<object>.<what happened>`.
 */
export const webhookEventGroups = {
  Calls: ["call.ringing", "call.answered", "call.completed"],
  Messages: ["message.received", "message.sent", "message.delivered", "message.failed"],
  Voicemails: ["voicemail.received", "voicemail.transcribed"],
  Recordings: ["recording.available"],
  Contacts: ["contact.created", "contact.updated"],
  Numbers: ["number.purchased", "number.released"],
} as const;

export type WebhookEventType = (typeof webhookEventGroups)[keyof typeof webhookEventGroups][number];

/** Every event a subscription may choose, in the groups' order. */
export const webhookEventTypes = Object.values(webhookEventGroups).flat() as [
  WebhookEventType,
  ...WebhookEventType[],
];

/** The event "Send test event" delivers: to the one subscription asked, whatever it chose. */
export const WEBHOOK_TEST_EVENT = "webhook.test";

/** What a delivery's body holds (Standard Webhooks' recommended shape). */
export interface WebhookPayload {
  type: WebhookEventType | typeof WEBHOOK_TEST_EVENT;
  /** ISO 8601: when the fact became true. */
  timestamp: string;
  data: Record<string, unknown>;
}
