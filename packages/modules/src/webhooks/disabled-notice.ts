import { schema } from "@poundline/db";
import type { OutgoingEmail } from "@poundline/platform/mailer";
import type { JobOutcome, JobPayload, Processor } from "@poundline/platform/queue/jobs";
import { eq } from "drizzle-orm";
import { billingRecipients } from "../billing/jobs/low-balance";
import type { NotificationPorts } from "../notifications/ports";
import { deliverAll, sendOnce } from "../notifications/sent";

export const WEBHOOK_DISABLED_TEMPLATE = "webhook_disabled";

export type WebhookDisabledPayload = JobPayload<"notifications", "webhook-disabled">;

export function webhookDisabledEmail(
  to: { email: string; firstName: string },
  webhook: { url: string; reason: string },
  publicBaseUrl: string,
): OutgoingEmail {
  return {
    to: to.email,
    subject: "A webhook was turned off",
    template: WEBHOOK_DISABLED_TEMPLATE,
    text:
      `Hello${to.firstName ? ` ${to.firstName}` : ""},\n\n` +
      `We turned off your webhook to ${webhook.url}: ${webhook.reason}\n` +
      "No events are sent to it until you turn it back on. Its delivery log shows what the endpoint answered.\n\n" +
      `Your webhooks: ${publicBaseUrl}/dashboard/webhooks\n`,
  };
}

/** E-mails the account's owners that a webhook was turned off after sustained failure, once each. */
export async function sendWebhookDisabled(
  ports: NotificationPorts,
  payload: WebhookDisabledPayload,
): Promise<JobOutcome> {
  const subs = schema.webhookSubscriptions;
  const [webhook] = await ports.db
    .select({ accountId: subs.accountId, url: subs.url, reason: subs.disabledReason })
    .from(subs)
    .where(eq(subs.id, payload.subscriptionId));
  if (!webhook?.reason) return "skipped";
  const reason = webhook.reason;
  const recipients = await billingRecipients(ports.db, webhook.accountId);
  await deliverAll(
    recipients.map(
      (to) => () =>
        sendOnce(
          ports,
          `webhook-disabled:${payload.subscriptionId}:${payload.disabledAt}:${to.email}`,
          async () => {
            await ports.mailer.send(
              webhookDisabledEmail(to, { url: webhook.url, reason }, ports.publicBaseUrl),
            );
            return true;
          },
        ),
    ),
  );
  return "done";
}

/** The processor of the `notifications/webhook-disabled` job. */
export function webhookDisabledProcessor(
  deps: Pick<NotificationPorts, "mailer" | "publicBaseUrl">,
): Processor<WebhookDisabledPayload> {
  return (ports, payload) => sendWebhookDisabled({ ...ports, ...deps }, payload);
}
