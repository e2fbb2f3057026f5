import type { SoftphoneSettings } from "@poundline/contracts/softphone/schemas";
import { type Database, schema } from "@poundline/db";
import { and, asc, eq, isNotNull } from "drizzle-orm";
import { saveSettings, settingsOf } from "../people/people";

const { emergencyAddresses, phoneNumbers } = schema;

/**
 * The account's numbers a softphone may call from: voice numbers with an E911 address (only those
 * may place outbound calls), in number order.
 */
async function callerIds(db: Database, accountId: string) {
  return db
    .select({ id: phoneNumbers.id, e164: phoneNumbers.e164, friendlyName: phoneNumbers.friendlyName })
    .from(phoneNumbers)
    .innerJoin(emergencyAddresses, eq(emergencyAddresses.phoneNumberId, phoneNumbers.id))
    .where(
      and(
        eq(phoneNumbers.accountId, accountId),
        eq(phoneNumbers.voiceEnabled, true),
        isNotNull(emergencyAddresses.carrierSid),
      ),
    )
    .orderBy(asc(phoneNumbers.e164));
}

/** The member's softphone: whether it rings, and the caller IDs (their direct number first choice). */
export async function softphoneSettings(
  db: Database,
  accountId: string,
  userId: string,
): Promise<SoftphoneSettings> {
  const [settings, numbers] = await Promise.all([
    settingsOf(db, accountId, userId),
    callerIds(db, accountId),
  ]);
  const direct = numbers.find((n) => n.id === settings.directNumberId);
  return {
    ringBrowser: settings.ringBrowser,
    forwardingPhone: settings.forwardingPhone,
    callerIds: numbers,
    defaultCallerId: (direct ?? numbers[0])?.id ?? null,
  };
}

export const setRingBrowser = (db: Database, accountId: string, userId: string, ringBrowser: boolean) =>
  saveSettings(db, accountId, userId, { ringBrowser });
