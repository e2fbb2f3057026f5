import { type Database, schema } from "@poundline/db";
import {
  type DestinationPolicy,
  type DestinationRefusal,
  destinationRefusal,
  firstDestinationRefusal,
} from "@poundline/telephony/destination-policy";
import { eq } from "drizzle-orm";

const { accounts } = schema;

/**
 * The account's destination policy, as every path that dials or texts a number it names reads
 * it: the countries it allows (its own country unless an owner or admin chose others), and, for an
 * unpaid trial, the numbers it may reach (filled by the trial limits; null: no such limit).
 * An unknown account allows nothing.
 */
export async function loadDestinationPolicy(
  db: Pick<Database, "select">,
  accountId: string,
): Promise<DestinationPolicy> {
  const [account] = await db
    .select({ country: accounts.country, allowedCountries: accounts.allowedCountries })
    .from(accounts)
    .where(eq(accounts.id, accountId))
    .limit(1);
  if (!account) return { allowedCountries: [], trialDialable: null };
  return { allowedCountries: account.allowedCountries ?? [account.country], trialDialable: null };
}

/** Why the account may not call or text this number, or null: the policy loaded, then applied. */
export async function refuseDestination(
  db: Pick<Database, "select">,
  accountId: string,
  e164: string,
): Promise<DestinationRefusal | null> {
  return destinationRefusal(e164, await loadDestinationPolicy(db, accountId));
}

/** The first of several numbers the account may not reach (forwarding lists), or null. */
export async function refuseDestinations(
  db: Pick<Database, "select">,
  accountId: string,
  numbers: readonly string[],
): Promise<(DestinationRefusal & { number: string }) | null> {
  if (numbers.length === 0) return null;
  return firstDestinationRefusal(numbers, await loadDestinationPolicy(db, accountId));
}
