import {
  defaultAutomationTemplates,
  type NumberAutomationsBody,
} from "@poundline/contracts/automations/schemas";
import { type Database, schema } from "@poundline/db";
import { DEFAULT_QUIET_HOURS } from "@poundline/domain/automations";
import { DEFAULT_TIME_ZONE } from "@poundline/domain/routing-defaults";
import { and, eq } from "drizzle-orm";

const { numberAutomations, numberRouting, phoneNumbers } = schema;

export type NumberAutomationsRow = typeof numberAutomations.$inferSelect;

/** A number's automations as stored (or the defaults: all off), with its number and zone. */
export interface NumberAutomations {
  phoneNumberId: string;
  e164: string;
  timeZone: string;
  missedCallEnabled: boolean;
  missedCallTemplate: string;
  afterHoursEnabled: boolean;
  afterHoursCallsEnabled: boolean;
  afterHoursTemplate: string;
  firstContactEnabled: boolean;
  firstContactTemplate: string;
  quietHoursEnabled: boolean;
  /** "HH:MM". */
  quietStart: string;
  quietEnd: string;
}

const hhmm = (minute: number) =>
  `${String(Math.floor(minute / 60)).padStart(2, "0")}:${String(minute % 60).padStart(2, "0")}`;

const defaults = {
  missedCallEnabled: false,
  missedCallTemplate: defaultAutomationTemplates.missedCall,
  afterHoursEnabled: false,
  afterHoursCallsEnabled: false,
  afterHoursTemplate: defaultAutomationTemplates.afterHours,
  firstContactEnabled: false,
  firstContactTemplate: defaultAutomationTemplates.firstContact,
  quietHoursEnabled: DEFAULT_QUIET_HOURS.enabled,
  quietStartMinute: DEFAULT_QUIET_HOURS.startMinute,
  quietEndMinute: DEFAULT_QUIET_HOURS.endMinute,
};

/** One of the account's numbers with its automations; null when the account has no such number. */
export async function readNumberAutomations(
  db: Database,
  accountId: string,
  phoneNumberId: string,
): Promise<NumberAutomations | null> {
  const [found] = await db
    .select({
      e164: phoneNumbers.e164,
      timeZone: numberRouting.timeZone,
      automations: numberAutomations,
    })
    .from(phoneNumbers)
    .leftJoin(numberRouting, eq(numberRouting.phoneNumberId, phoneNumbers.id))
    .leftJoin(numberAutomations, eq(numberAutomations.phoneNumberId, phoneNumbers.id))
    .where(and(eq(phoneNumbers.id, phoneNumberId), eq(phoneNumbers.accountId, accountId)))
    .limit(1);
  if (!found) return null;
  const row = found.automations ?? defaults;
  return {
    phoneNumberId,
    e164: found.e164,
    timeZone: found.timeZone ?? DEFAULT_TIME_ZONE,
    missedCallEnabled: row.missedCallEnabled,
    missedCallTemplate: row.missedCallTemplate,
    afterHoursEnabled: row.afterHoursEnabled,
    afterHoursCallsEnabled: row.afterHoursCallsEnabled,
    afterHoursTemplate: row.afterHoursTemplate,
    firstContactEnabled: row.firstContactEnabled,
    firstContactTemplate: row.firstContactTemplate,
    quietHoursEnabled: row.quietHoursEnabled,
    quietStart: hhmm(row.quietStartMinute),
    quietEnd: hhmm(row.quietEndMinute),
  };
}

/** Saves a number's automations (one row per number); null when the account has no such number. */
export async function saveNumberAutomations(
  db: Database,
  accountId: string,
  phoneNumberId: string,
  input: NumberAutomationsBody,
  now: Date,
): Promise<NumberAutomations | null> {
  const { quietStart, quietEnd, ...rest } = input;
  const values = { ...rest, quietStartMinute: quietStart, quietEndMinute: quietEnd, updatedAt: now };
  // The composite foreign key refuses another account's number: only ours is written.
  const [owned] = await db
    .select({ id: phoneNumbers.id })
    .from(phoneNumbers)
    .where(and(eq(phoneNumbers.id, phoneNumberId), eq(phoneNumbers.accountId, accountId)))
    .limit(1);
  if (!owned) return null;
  await db
    .insert(numberAutomations)
    .values({ phoneNumberId, accountId, ...values, createdAt: now })
    .onConflictDoUpdate({ target: numberAutomations.phoneNumberId, set: values });
  return readNumberAutomations(db, accountId, phoneNumberId);
}
