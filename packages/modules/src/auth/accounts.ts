import type { Database } from "@poundline/db";
import { newId, schema } from "@poundline/db";

/** The advertised free trial: one calendar month. */
export const TRIAL_MONTHS = 1;

/** `date` plus `months` calendar months, clamped to the end of a shorter month (Jan 31 + 1 = Feb 28/29). */
export function addMonths(date: Date, months: number): Date {
  const result = new Date(date.getTime());
  const day = result.getUTCDate();
  result.setUTCDate(1);
  result.setUTCMonth(result.getUTCMonth() + months);
  const lastDay = new Date(Date.UTC(result.getUTCFullYear(), result.getUTCMonth() + 1, 0)).getUTCDate();
  result.setUTCDate(Math.min(day, lastDay));
  return result;
}

export interface NewOwner {
  /** Lower-cased already. */
  email: string;
  passwordHash: string | null;
  firstName: string;
  lastName: string;
  googleId?: string | null;
  avatarUrl?: string | null;
  emailConfirmedAt?: Date | null;
}

export interface NewAccount {
  companyName: string;
  addressLine1?: string | null;
  addressLine2?: string | null;
  city?: string | null;
  stateProvince?: string | null;
  postalCode?: string | null;
  country?: "US" | "CA";
}

/**
 * A user who owns a new business account on a trial: user, account, owner membership and
 * notification preferences. Call it inside a transaction.
 */
export async function createUserWithAccount(tx: Database, owner: NewOwner, account: NewAccount, now: Date) {
  const userId = newId("user");
  const accountId = newId("account");
  await tx.insert(schema.users).values({
    id: userId,
    email: owner.email,
    passwordHash: owner.passwordHash,
    firstName: owner.firstName,
    lastName: owner.lastName,
    googleId: owner.googleId ?? null,
    avatarUrl: owner.avatarUrl ?? null,
    emailConfirmedAt: owner.emailConfirmedAt ?? null,
  });
  await tx.insert(schema.accounts).values({
    id: accountId,
    companyName: account.companyName,
    kind: "business",
    status: "trialing",
    contactName: `${owner.firstName} ${owner.lastName}`.trim() || null,
    email: owner.email,
    addressLine1: account.addressLine1 ?? null,
    addressLine2: account.addressLine2 ?? null,
    city: account.city ?? null,
    stateProvince: account.stateProvince ?? null,
    postalCode: account.postalCode ?? null,
    country: account.country ?? "US",
    trialEndsAt: addMonths(now, TRIAL_MONTHS),
  });
  await tx.insert(schema.accountMemberships).values({ accountId, userId, role: "owner" });
  await tx.insert(schema.notificationPreferences).values({ userId });
  return { userId, accountId };
}

/** PostgreSQL's unique_violation, whichever driver raised it and however drizzle wrapped it. */
export function isUniqueViolation(err: unknown): boolean {
  for (let e: unknown = err, depth = 0; e && depth < 5; depth++) {
    if (typeof e === "object" && "code" in e && (e as { code: unknown }).code === "23505") return true;
    e = typeof e === "object" && "cause" in e ? (e as { cause: unknown }).cause : undefined;
  }
  return false;
}
