/**
 * Every queue, its job names and their payloads. Payloads carry ids only: the processor loads
 * the current state, so a job that runs twice (delivery is at-least-once) finds its work done.
 */
export interface JobMap {
  billing: {
    "charge-call": { callSid: string };
    "charge-sms": { messageSid: string };
  };
  /** Recordings: voicemails, and recorded calls' recordings (fetched, stored, deleted at the carrier). */
  voicemail: {
    "process-voicemail": { voicemailId: string; extensionId: string | null };
    "store-call-recording": { callRecordingId: string };
    /** A greeting recorded by phone was saved (1): fetch it, store it, make it the greeting, delete it at the carrier. */
    "store-greeting-recording": { greetingCallId: string };
    /** A take recorded by phone and not kept (recorded again, hung up): delete it at the carrier. */
    "discard-greeting-take": { recordingSid: string };
  };
  notifications: {
    /** An inbound call ended: e-mail the members who asked for missed-call notices, if it was missed. */
    "missed-call": { callSid: string };
    /** A contact-form message was saved: e-mail it to the contact inbox (the company size is not stored). */
    "contact-form": { submissionId: string; employees: string | null };
    /** A reply on a support ticket: e-mail the other side (the customer, or the support inbox). */
    "ticket-reply": { replyId: string };
    /**
     * Someone asked for a password reset link: mail one when the address is a user's (the
     * address is the payload, as the request path must not look it up; see the API's auth).
     */
    "password-reset": { email: string };
    /** The account's free trial ends in 7 days or 1 day: e-mail its owners (housekeeping writes it once each). */
    "trial-reminder": { accountId: string; kind: "7_days" | "1_day" };
    /** Stripe took money back from a top-up (refund, dispute) or gave a hold back: e-mail the owners. */
    "wallet-reversal": { ledgerEntryId: string };
    /**
     * A second subscription was paid for (two Checkouts at once): the older one was cancelled
     * with its unused time credited. E-mail the owners (ids are our subscription rows').
     */
    "subscription-replaced": {
      accountId: string;
      cancelledSubscriptionId: string;
      keptSubscriptionId: string;
    };
    /** A member's bell got an entry (assignment, mention): e-mail it if their preferences say so. */
    "member-notification": { notificationId: string };
    /** A member's bell got an entry (assignment, mention, missed call, voicemail): push it to their devices. */
    "push-notification": { notificationId: string };
    /**
     * A member's browser is rung (their softphone in a Dial, or a ring group's call to it): push it
     * to their devices. The call's log is written at its end, so the caller (empty when a ring
     * group's hunt does not know it) and the number called travel with the ids.
     */
    "push-incoming-call": { accountId: string; userId: string; callSid: string; from: string; to: string };
    /** A text came in: push it to the devices of the members who hear of the number's texts. */
    "push-text": { messageId: string };
    /**
     * Send one webhook delivery (packages/modules/src/webhooks): its first attempt, a retry the
     * dispatcher found due, or a replay asked for in the console (`manual`).
     */
    "deliver-webhook": { deliveryId: string; manual?: boolean };
    /** A webhook was turned off after sustained failure: e-mail the account's owners. */
    "webhook-disabled": { subscriptionId: string; disabledAt: string };
    /** A port-in request or one of its numbers changed (a carrier webhook): e-mail the owners and admins. */
    "port-in-changed": { eventId: string };
    /** A text came in to a number with auto-replies: plan its after-hours or first-contact reply. */
    "inbound-text-automations": { messageId: string };
    /** A scheduled or automated text is due: send it once (its row is claimed first). */
    "send-scheduled-text": { scheduledTextId: string };
  };
}

export type QueueName = keyof JobMap;
export type JobName<Q extends QueueName = QueueName> = keyof JobMap[Q] & string;
export type JobPayload<Q extends QueueName, N extends JobName<Q>> = JobMap[Q][N];

/** The job names of each queue, at run time. */
export const jobNames = {
  billing: ["charge-call", "charge-sms"],
  voicemail: [
    "process-voicemail",
    "store-call-recording",
    "store-greeting-recording",
    "discard-greeting-take",
  ],
  notifications: [
    "missed-call",
    "contact-form",
    "ticket-reply",
    "password-reset",
    "trial-reminder",
    "wallet-reversal",
    "subscription-replaced",
    "member-notification",
    "push-notification",
    "push-incoming-call",
    "push-text",
    "deliver-webhook",
    "webhook-disabled",
    "port-in-changed",
    "inbound-text-automations",
    "send-scheduled-text",
  ],
} as const satisfies { [Q in QueueName]: readonly JobName<Q>[] };

export const queueNames = Object.keys(jobNames) as QueueName[];

/** A job named by strings read from a table, checked against the map. */
export function isKnownJob(queue: string, name: string): queue is QueueName {
  return (jobNames as Record<string, readonly string[]>)[queue]?.includes(name) ?? false;
}
