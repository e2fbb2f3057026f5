import type { CarrierClient } from "@poundline/platform/carrier/client";
import type { Mailer } from "@poundline/platform/mailer";
import type { JobPorts } from "@poundline/platform/queue/jobs";

/** What the notifications ask of the carrier: texts only. */
export type NotificationSms = Pick<CarrierClient, "sendMessage">;

/** The job ports plus what an e-mail notification needs: a mailer and the console's address. */
export interface NotificationPorts extends JobPorts {
  mailer: Mailer;
  /** PUBLIC_BASE_URL, without a trailing slash: links in e-mails and the SMS status callback. */
  publicBaseUrl: string;
}
