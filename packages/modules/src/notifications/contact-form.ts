import { schema } from "@poundline/db";
import type { Mailer, OutgoingEmail } from "@poundline/platform/mailer";
import type { JobOutcome, JobPayload, Processor } from "@poundline/platform/queue/jobs";
import { eq } from "drizzle-orm";
import type { NotificationPorts } from "./ports";
import { sendOnce } from "./sent";

const { formSubmissions } = schema;

export const CONTACT_FORM_TEMPLATE = "contact_form";

export type ContactFormPayload = JobPayload<"notifications", "contact-form">;

/** What the contact-form processor needs beyond the job ports: a mailer and where notices go. */
export interface ContactFormDeps {
  mailer: Mailer;
  /** CONTACT_INBOX: the address that receives contact-form messages. */
  contactInbox: string;
}

export type ContactFormPorts = Omit<NotificationPorts, "publicBaseUrl"> & ContactFormDeps;

export interface ContactFormEmailInput {
  name: string;
  email: string;
  phone: string | null;
  company: string | null;
  /** The company size chosen on the form; not stored with the message. */
  employees: string | null;
  message: string;
  submittedAt: Date;
}

const orNone = (value: string | null) => value || "Not provided";

export function contactFormEmail(input: ContactFormEmailInput): Omit<OutgoingEmail, "to"> {
  return {
    subject: `New contact form message from ${input.name}`,
    text: [
      "A visitor sent a message through the website's contact form.",
      "",
      `Name: ${input.name}`,
      `Email: ${input.email}`,
      `Phone: ${orNone(input.phone)}`,
      `Company: ${orNone(input.company)}`,
      `Company size: ${input.employees ? `${input.employees} employees` : "Not provided"}`,
      `Submitted: ${input.submittedAt.toISOString()}`,
      "",
      "Message:",
      input.message,
    ].join("\n"),
    template: CONTACT_FORM_TEMPLATE,
  };
}

/**
 * E-mails a saved contact-form message to the contact inbox, once whatever the number of runs
 * (the claim in processed_webhook_events is keyed by the submission and the inbox). A submission
 * that no longer exists is skipped.
 */
export async function notifyContactForm(
  ports: ContactFormPorts,
  payload: ContactFormPayload,
): Promise<JobOutcome> {
  const { db, log } = ports;
  const { submissionId } = payload;
  const [submission] = await db
    .select()
    .from(formSubmissions)
    .where(eq(formSubmissions.id, submissionId))
    .limit(1);
  if (!submission) {
    log.warn({ submissionId }, "contact-form: no such submission");
    return "skipped";
  }
  const email = contactFormEmail({
    ...submission,
    employees: payload.employees,
    submittedAt: submission.createdAt,
  });
  const outcome = await sendOnce(
    ports,
    `contact-form:${submissionId}:email:${ports.contactInbox}`,
    async () => {
      await ports.mailer.send({ ...email, to: ports.contactInbox });
      return true;
    },
  );
  if (outcome === "already_sent") return "skipped";
  log.info({ submissionId }, "contact form message notified");
  return "done";
}

/** The processor of the `notifications/contact-form` job. */
export function contactFormProcessor(deps: ContactFormDeps): Processor<ContactFormPayload> {
  return (ports, payload) => notifyContactForm({ ...ports, ...deps }, payload);
}
