import type { JobPorts } from "../jobs";

/** An e-mail as the notifications send it (the API's `OutgoingEmail` has this shape). */
export interface NotificationEmail {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** What the message is about: voicemail, missed_call, … */
  template: string;
}

/** Compatible with the API's `Mailer` (services/api/src/mail/mailer.ts): outbox row, then SMTP. */
export interface NotificationMailer {
  /** Resolves to the outbox row id; throws when the delivery failed. */
  send(email: NotificationEmail): Promise<string>;
}

/** A text to send through the carrier (the API's `SendMessageInput`). */
export interface NotificationText {
  from: string;
  to: string;
  body: string;
  /** Where the carrier posts the delivery status (…/twilio/sms/status). */
  statusCallback: string;
}

/** Compatible with the API's `CarrierClient` (services/api/src/carrier/client.ts). */
export interface NotificationSms {
  sendMessage(input: NotificationText): Promise<{ sid: string; status: string }>;
}

/** The job ports plus what an e-mail notification needs: a mailer and the console's address. */
export interface NotificationPorts extends JobPorts {
  mailer: NotificationMailer;
  /** PUBLIC_BASE_URL, without a trailing slash: links in e-mails and the SMS status callback. */
  publicBaseUrl: string;
}
