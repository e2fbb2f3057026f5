import { schema } from "@poundline/db";
import type { OutgoingEmail } from "@poundline/platform/mailer";
import type { JobOutcome, JobPayload, Processor } from "@poundline/platform/queue/jobs";
import { and, eq, inArray } from "drizzle-orm";
import { billingRecipients } from "../billing/jobs/low-balance";
import type { NotificationPorts } from "./ports";
import { deliverAll, sendOnce } from "./sent";

export const SUBSCRIPTION_REPLACED_TEMPLATE = "subscription_replaced";

export type SubscriptionReplacedPayload = JobPayload<"notifications", "subscription-replaced">;

interface ReplacedPlans {
  cancelledPlan: string;
  keptPlan: string;
}

export function subscriptionReplacedEmail(
  to: { email: string; firstName: string },
  plans: ReplacedPlans,
  publicBaseUrl: string,
): OutgoingEmail {
  return {
    to: to.email,
    subject: "A second subscription was cancelled",
    template: SUBSCRIPTION_REPLACED_TEMPLATE,
    text:
      `Hello${to.firstName ? ` ${to.firstName}` : ""},\n\n` +
      "Two plan checkouts were paid for your account at about the same time. An account has one " +
      `subscription, so the newest one (${plans.keptPlan}) stays and the older one ` +
      `(${plans.cancelledPlan}) was cancelled at once; its unused time is credited to your next invoice.\n\n` +
      `Your billing: ${publicBaseUrl}/dashboard/billing\n`,
  };
}

/** E-mails the account's owners once about a subscription cancelled as a second one. */
export async function sendSubscriptionReplaced(
  ports: NotificationPorts,
  payload: SubscriptionReplacedPayload,
): Promise<JobOutcome> {
  const { subscriptions: t } = schema;
  const rows = await ports.db
    .select({ id: t.id, planName: t.planName })
    .from(t)
    .where(
      and(
        eq(t.accountId, payload.accountId),
        inArray(t.id, [payload.cancelledSubscriptionId, payload.keptSubscriptionId]),
      ),
    );
  const planOf = (id: string) => rows.find((row) => row.id === id)?.planName;
  const cancelledPlan = planOf(payload.cancelledSubscriptionId);
  const keptPlan = planOf(payload.keptSubscriptionId);
  if (!cancelledPlan || !keptPlan) return "skipped";
  const recipients = await billingRecipients(ports.db, payload.accountId);
  await deliverAll(
    recipients.map(
      (to) => () =>
        sendOnce(
          ports,
          `subscription-replaced:${payload.cancelledSubscriptionId}:email:${to.email}`,
          async () => {
            await ports.mailer.send(
              subscriptionReplacedEmail(to, { cancelledPlan, keptPlan }, ports.publicBaseUrl),
            );
            return true;
          },
        ),
    ),
  );
  return "done";
}

/** The processor of the `notifications/subscription-replaced` job. */
export function subscriptionReplacedProcessor(
  deps: Pick<NotificationPorts, "mailer" | "publicBaseUrl">,
): Processor<SubscriptionReplacedPayload> {
  return (ports, payload) => sendSubscriptionReplaced({ ...ports, ...deps }, payload);
}
