import { AppError } from "@poundline/contracts/errors";
import { type Database, schema } from "@poundline/db";
import {
  type DestinationPolicy,
  type DestinationRefusal,
  destinationRefusal,
  firstDestinationRefusal,
  withOwnNumberCountries,
} from "@poundline/domain/destination-policy";
import { eq } from "drizzle-orm";
import { trialDialableNumbers } from "../billing/unpaid-trial";

const { accounts, phoneNumbers } = schema;

/** The policy of an account row: the countries it chose, else its own country. */
export function policyOfAccount(account: {
  country: string;
  allowedCountries: readonly string[] | null;
}): DestinationPolicy {
  return { allowedCountries: account.allowedCountries ?? [account.country], trialDialable: null };
}

/**
 * The account's destination policy, as every path that dials or texts a number it names reads
 * it: the countries it allows (its own country unless an owner or admin chose others), and, for an
 * unpaid trial, the numbers it may reach (filled by the trial limits; null: no such limit).
 * An unknown account allows nothing.
 */
export async function loadDestinationPolicy(
  db: Pick<Database, "select">,
  accountId: string,
  now: Date = new Date(),
): Promise<DestinationPolicy> {
  const [account, trialDialable, own] = await Promise.all([
    loadAccountPolicyRow(db, accountId),
    trialDialableNumbers(db, accountId, now),
    ownNumbers(db, accountId),
  ]);
  if (!account) return { allowedCountries: [], trialDialable: null };
  return { ...withOwnNumberCountries(policyOfAccount(account), own), trialDialable };
}

/**
 * The account's policy without the trial's numbers: for sending a verification code, which is
 * how a number becomes one an unpaid trial may reach.
 */
export async function loadCountryPolicy(
  db: Pick<Database, "select">,
  accountId: string,
): Promise<DestinationPolicy> {
  const [account, own] = await Promise.all([loadAccountPolicyRow(db, accountId), ownNumbers(db, accountId)]);
  return account
    ? withOwnNumberCountries(policyOfAccount(account), own)
    : { allowedCountries: [], trialDialable: null };
}

/** The account's numbers (E.164): their countries are allowed (withOwnNumberCountries). */
async function ownNumbers(db: Pick<Database, "select">, accountId: string): Promise<string[]> {
  const rows = await db
    .select({ e164: phoneNumbers.e164 })
    .from(phoneNumbers)
    .where(eq(phoneNumbers.accountId, accountId));
  return rows.map((row) => row.e164);
}

async function loadAccountPolicyRow(db: Pick<Database, "select">, accountId: string) {
  const [account] = await db
    .select({ country: accounts.country, allowedCountries: accounts.allowedCountries })
    .from(accounts)
    .where(eq(accounts.id, accountId))
    .limit(1);
  return account;
}

/** Why the account may not call or text this number, or null: the policy loaded, then applied. */
export async function refuseDestination(
  db: Pick<Database, "select">,
  accountId: string,
  e164: string,
): Promise<DestinationRefusal | null> {
  return destinationRefusal(e164, await loadDestinationPolicy(db, accountId));
}

/**
 * The first of several destinations the account may not reach (an extension's forwarding list),
 * with its place in the list, or null. SIP addresses and carrier clients are not numbers of the
 * telephone network: the policy is for numbers.
 */
export async function refuseDestinations(
  db: Pick<Database, "select">,
  accountId: string,
  destinations: readonly string[],
): Promise<(DestinationRefusal & { number: string; index: number }) | null> {
  const numbers = destinations.filter((d) => d.startsWith("+"));
  if (numbers.length === 0) return null;
  const refused = firstDestinationRefusal(numbers, await loadDestinationPolicy(db, accountId));
  return refused && { ...refused, index: destinations.indexOf(refused.number) };
}

/** A refused destination as the console shows it: 400, the message on the field that named it. */
export function destinationError(field: string, refusal: DestinationRefusal): AppError {
  return new AppError("BAD_REQUEST", refusal.message, { [field]: [refusal.message] });
}
