import { type Database, newId, schema } from "@poundline/db";
import { destinationRefusal } from "@poundline/domain/destination-policy";
import { toE164 } from "@poundline/domain/phone";
import type { JobLog } from "@poundline/platform/queue/jobs";
import { and, asc, desc, eq, sql } from "drizzle-orm";
import { textingRefusal } from "../texting-registration/gate";
import type { NotificationSms } from "./ports";

const { accounts, phoneNumbers, smsOptOuts } = schema;

/**
 * Why the account may not text this number (the destination policy's countries and the ranges
 * refused always), or null. A user's phone was checked when saved; the account's countries may
 * have narrowed since, or it was saved before the check.
 */
async function destinationRefusalOf(db: Database, accountId: string, to: string): Promise<string | null> {
  const [account] = await db
    .select({ country: accounts.country, allowedCountries: accounts.allowedCountries })
    .from(accounts)
    .where(eq(accounts.id, accountId))
    .limit(1);
  const policy = {
    allowedCountries: account ? (account.allowedCountries ?? [account.country]) : [],
    trialDialable: null,
  };
  return destinationRefusal(to, policy)?.message ?? null;
}

/** The carrier's error code for a recipient who texted STOP to the sending number. */
const UNSUBSCRIBED_RECIPIENT = 21610;

/** A user's phone as E.164 (typed numbers are read as `toE164` reads them); null is not texted. */
export function phoneToE164(phone: string | null): string | null {
  return phone === null ? null : toE164(phone);
}

/** The account's number to text from: `preferred` when it is an SMS-enabled number of the account. */
export async function senderNumber(
  db: Database,
  accountId: string,
  preferred: string,
): Promise<string | null> {
  const [number] = await db
    .select({ e164: phoneNumbers.e164 })
    .from(phoneNumbers)
    .where(and(eq(phoneNumbers.accountId, accountId), eq(phoneNumbers.smsEnabled, true)))
    .orderBy(desc(sql`${phoneNumbers.e164} = ${preferred}`), asc(phoneNumbers.createdAt))
    .limit(1);
  return number?.e164 ?? null;
}

/** Whether `to` texted STOP to `from` (the same check as sending a text from the console). */
export async function isOptedOut(db: Database, from: string, to: string): Promise<boolean> {
  const [row] = await db
    .select({ id: smsOptOuts.id })
    .from(smsOptOuts)
    .where(and(eq(smsOptOuts.ourNumber, from), eq(smsOptOuts.subscriberNumber, to)))
    .limit(1);
  return row !== undefined;
}

export interface NotificationTextInput {
  accountId: string;
  from: string;
  to: string;
  body: string;
}

/**
 * Texts a notification unless the recipient opted out of the sending number; answers whether it
 * was sent. A refusal by the carrier for an opt-out it knew of first is remembered, as the console does.
 */
export async function sendNotificationText(
  ports: { db: Database; log: JobLog; sms: NotificationSms; publicBaseUrl: string },
  input: NotificationTextInput,
): Promise<boolean> {
  const { db, log } = ports;
  const refused = await destinationRefusalOf(db, input.accountId, input.to);
  if (refused) {
    log.warn(
      { accountId: input.accountId, to: input.to, reason: refused },
      "notification text not sent: destination refused",
    );
    return false;
  }
  const unregistered = await textingRefusal(db, input.accountId, input.from);
  if (unregistered) {
    log.warn(
      { accountId: input.accountId, from: input.from },
      "notification text not sent: number not registered or not verified",
    );
    return false;
  }
  if (await isOptedOut(db, input.from, input.to)) {
    log.info({ from: input.from, to: input.to }, "notification text not sent: recipient opted out");
    return false;
  }
  try {
    const sent = await ports.sms.sendMessage({
      from: input.from,
      to: input.to,
      body: input.body,
      statusCallback: `${ports.publicBaseUrl}/twilio/sms/status`,
    });
    log.info({ messageSid: sent.sid, to: input.to }, "notification text sent");
    return true;
  } catch (err) {
    if ((err as { code?: unknown } | null)?.code !== UNSUBSCRIBED_RECIPIENT) throw err;
    await db
      .insert(smsOptOuts)
      .values({
        id: newId("optOut"),
        accountId: input.accountId,
        ourNumber: input.from,
        subscriberNumber: input.to,
      })
      .onConflictDoNothing({ target: [smsOptOuts.ourNumber, smsOptOuts.subscriberNumber] });
    log.info({ from: input.from, to: input.to }, "notification text refused: recipient opted out");
    return false;
  }
}
