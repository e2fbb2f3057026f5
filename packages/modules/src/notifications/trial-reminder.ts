import { schema } from "@poundline/db";
import type { OutgoingEmail } from "@poundline/platform/mailer";
import type { JobOutcome, JobPayload, Processor } from "@poundline/platform/queue/jobs";
import { eq } from "drizzle-orm";
import { billingRecipients } from "../billing/jobs/low-balance";
import type { NotificationPorts } from "./ports";
import { deliverAll, sendOnce } from "./sent";

export const TRIAL_REMINDER_TEMPLATE = "trial_reminder";

export type TrialReminderPayload = JobPayload<"notifications", "trial-reminder">;

const WHEN: Record<TrialReminderPayload["kind"], string> = { "7_days": "in 7 days", "1_day": "tomorrow" };

export function trialReminderEmail(
  to: { email: string; firstName: string },
  kind: TrialReminderPayload["kind"],
  trialEndsAt: Date,
  publicBaseUrl: string,
): OutgoingEmail {
  const link = `${publicBaseUrl}/dashboard/billing`;
  return {
    to: to.email,
    subject: `Your Poundline free trial ends ${WHEN[kind]}`,
    template: TRIAL_REMINDER_TEMPLATE,
    text:
      `Hello${to.firstName ? ` ${to.firstName}` : ""},\n\n` +
      `Your Poundline free trial ends ${WHEN[kind]}, on ${trialEndsAt.toUTCString()}.\n\n` +
      "Your account stays accessible afterwards, but calls and texts to and from your numbers stop until you subscribe to a plan.\n\n" +
      `Choose a plan: ${link}\n`,
  };
}

/**
 * E-mails an account's owners that the trial ends soon, once per owner and kind whatever the
 * number of runs. Skipped when the account subscribed meanwhile, or is gone.
 */
export async function sendTrialReminder(
  ports: NotificationPorts,
  payload: TrialReminderPayload,
): Promise<JobOutcome> {
  const { db } = ports;
  const [account] = await db
    .select({ trialEndsAt: schema.accounts.trialEndsAt })
    .from(schema.accounts)
    .where(eq(schema.accounts.id, payload.accountId));
  if (!account?.trialEndsAt) return "skipped";
  const trialEndsAt = account.trialEndsAt;
  const recipients = await billingRecipients(db, payload.accountId);
  await deliverAll(
    recipients.map(
      (to) => () =>
        sendOnce(ports, `trial-reminder:${payload.accountId}:${payload.kind}:email:${to.email}`, async () => {
          await ports.mailer.send(trialReminderEmail(to, payload.kind, trialEndsAt, ports.publicBaseUrl));
          return true;
        }),
    ),
  );
  return "done";
}

/** The processor of the `notifications/trial-reminder` job. */
export function trialReminderProcessor(
  deps: Pick<NotificationPorts, "mailer" | "publicBaseUrl">,
): Processor<TrialReminderPayload> {
  return (ports, payload) => sendTrialReminder({ ...ports, ...deps }, payload);
}
