import { textingRegistrationMessages } from "@poundline/contracts/texting-registration/schemas";
import { type Database, schema } from "@poundline/db";
import { needsTenDlc } from "@poundline/domain/texting-registration";
import { and, eq } from "drizzle-orm";

const { phoneNumbers, textingRegistrations } = schema;

/**
 * Why a text from this number of the account may not go to the carrier now, worded for the
 * person sending it, or null when it may. US local numbers text only under an approved A2P
 * 10DLC campaign; other numbers are not this rule's concern.
 */
export async function textingRefusal(
  db: Database,
  accountId: string,
  fromNumber: string,
): Promise<string | null> {
  const [row] = await db
    .select({
      e164: phoneNumbers.e164,
      numberType: phoneNumbers.numberType,
      stage: textingRegistrations.stage,
    })
    .from(phoneNumbers)
    .leftJoin(textingRegistrations, eq(textingRegistrations.accountId, phoneNumbers.accountId))
    .where(and(eq(phoneNumbers.accountId, accountId), eq(phoneNumbers.e164, fromNumber)))
    .limit(1);
  if (!row || !needsTenDlc(row)) return null;
  switch (row.stage) {
    case "approved":
      return null;
    case null:
      return textingRegistrationMessages.unregistered;
    case "rejected":
      return textingRegistrationMessages.rejected;
    default:
      return textingRegistrationMessages.pending;
  }
}
