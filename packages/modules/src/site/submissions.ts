import { storableHeader } from "@poundline/contracts/input";
import {
  type ContactBody,
  type FeatureRequestBody,
  type PhoneNumberRequestBody,
  SITE_LIMITS,
} from "@poundline/contracts/site/schemas";
import { type Database, newId, schema } from "@poundline/db";
import { enqueue, type OutboxWriter } from "@poundline/platform/outbox";

const { formSubmissions, featureRequests, phoneNumberRequests } = schema;

/** Who sent a public form: the browser's user agent, and the signed-in user if any. */
export interface Sender {
  userAgent: string | undefined;
  /** Set when the sender is signed in; the account is null for a user who has none. */
  user: { userId: string; accountId: string | null } | null;
}

/**
 * Saves a contact-form message and, in the same transaction, the job that e-mails it to the
 * contact inbox: the message is never saved without its notice being queued. The company size
 * is not a column of the row; it travels in the job.
 */
export async function saveContactSubmission(
  outbox: OutboxWriter,
  body: ContactBody,
  sender: Sender,
): Promise<string> {
  const submissionId = newId("submission");
  await outbox.transaction(async (tx) => {
    await tx.insert(formSubmissions).values({
      id: submissionId,
      name: body.name,
      email: body.email,
      phone: body.phone,
      company: body.company,
      message: body.message,
      formType: "contact",
      source: "website",
      status: "new",
      userAgent: storableHeader(sender.userAgent, SITE_LIMITS.userAgent),
    });
    await enqueue(
      tx,
      { queue: "notifications", name: "contact-form", jobId: `contact-form:${submissionId}` },
      { submissionId, employees: body.employees },
    );
  });
  return submissionId;
}

export async function saveFeatureRequest(db: Database, body: FeatureRequestBody): Promise<string> {
  const id = newId("featureRequest");
  await db.insert(featureRequests).values({
    id,
    featureName: body.featureName,
    description: body.description,
    email: body.email,
  });
  return id;
}

/** Saves a request for phone numbers, tied to the sender's account when they are signed in. */
export async function savePhoneNumberRequest(
  db: Database,
  body: PhoneNumberRequestBody,
  sender: Sender,
): Promise<string> {
  const id = newId("numberRequest");
  await db.insert(phoneNumberRequests).values({
    id,
    numberType: body.numberType,
    areaCode: body.areaCode,
    quantity: body.quantity,
    purpose: body.purpose,
    email: body.email,
    accountId: sender.user?.accountId ?? null,
    userId: sender.user?.userId ?? null,
  });
  return id;
}
