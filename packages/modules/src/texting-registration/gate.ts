import { textingRegistrationMessages } from "@poundline/contracts/texting-registration/schemas";
import { type Database, schema } from "@poundline/db";
import { needsTenDlc } from "@poundline/domain/texting-registration";
import { tollFreeRefusalMessage } from "@poundline/domain/toll-free-verification";
import { and, eq } from "drizzle-orm";

const { phoneNumbers, textingRegistrations, tollFreeVerifications } = schema;

/** A number a text would be sent from, with what the carriers' filters ask of it. */
export interface SendingNumber {
  id: string;
  e164: string;
  numberType: string;
  smsEnabled: boolean;
  /** The account's A2P 10DLC registration's stage; null before one is submitted. */
  registrationStage: string | null;
  /** The number's toll-free verification's status; null before one is submitted. */
  tollFreeStatus: string | null;
}

export interface TextingRefusal {
  reason: "unregistered" | "toll_free_unverified";
  /** What to do: register, wait for the carrier, or correct and resubmit. */
  message: string;
}

/** The account's number `e164`, read once for the send and its gate; undefined when not the account's. */
export async function loadSendingNumber(
  db: Database,
  accountId: string,
  e164: string,
): Promise<SendingNumber | undefined> {
  const [row] = await db
    .select({
      id: phoneNumbers.id,
      e164: phoneNumbers.e164,
      numberType: phoneNumbers.numberType,
      smsEnabled: phoneNumbers.smsEnabled,
      registrationStage: textingRegistrations.stage,
      tollFreeStatus: tollFreeVerifications.status,
    })
    .from(phoneNumbers)
    .leftJoin(textingRegistrations, eq(textingRegistrations.accountId, phoneNumbers.accountId))
    .leftJoin(
      tollFreeVerifications,
      and(
        eq(tollFreeVerifications.phoneNumberId, phoneNumbers.id),
        eq(tollFreeVerifications.accountId, phoneNumbers.accountId),
      ),
    )
    .where(and(eq(phoneNumbers.accountId, accountId), eq(phoneNumbers.e164, e164)))
    .limit(1);
  return row;
}

/**
 * Why a text from this number may not go to the carrier now, worded for the person sending it, or
 * null when it may: a US local number texts only under an approved A2P 10DLC campaign, a toll-free
 * number only once its verification is approved (carriers filter the others' texts).
 */
export function textingRefusalOf(number: SendingNumber): TextingRefusal | null {
  if (number.numberType === "toll-free") {
    const message = tollFreeRefusalMessage(number.e164, number.tollFreeStatus);
    return message ? { reason: "toll_free_unverified", message } : null;
  }
  if (!needsTenDlc(number)) return null;
  if (number.registrationStage === "approved") return null;
  const message =
    number.registrationStage === null
      ? textingRegistrationMessages.unregistered
      : number.registrationStage === "rejected"
        ? textingRegistrationMessages.rejected
        : textingRegistrationMessages.pending;
  return { reason: "unregistered", message };
}

/** textingRefusalOf for a number not read yet (notification texts); null for a number not the account's. */
export async function textingRefusal(
  db: Database,
  accountId: string,
  fromNumber: string,
): Promise<TextingRefusal | null> {
  const number = await loadSendingNumber(db, accountId, fromNumber);
  return number ? textingRefusalOf(number) : null;
}
