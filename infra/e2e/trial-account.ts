import { hash } from "@node-rs/argon2";
import { creditWallet, type Database, newId, schema } from "@poundline/db";

/**
 * An account on an unpaid free trial for the trial-limits spec, made at the server's start on
 * its fresh database: registered a minute ago, never subscribed nor topped up. It already holds
 * one number with its E911 address (as a trial that bought its number before purchases needed
 * payment), and a small credit that is not a top-up, so the wallet pays the first minute of a
 * call: what the trial may dial is then up to the trial's limits alone.
 */
export const trialAccount = {
  email: "trial@poundline.local",
  /** The account's own number (the simulator's range: it holds it from start). */
  number: "+14075550188",
} as const;

const hex = () => crypto.randomUUID().replaceAll("-", "");

export async function seedTrialAccount(db: Database, password: string): Promise<void> {
  const now = new Date();
  const userId = newId("user");
  const accountId = newId("account");
  const numberId = newId("number");
  const passwordHash = await hash(password);
  await db.transaction(async (tx) => {
    await tx.insert(schema.users).values({
      id: userId,
      email: trialAccount.email,
      passwordHash,
      firstName: "Taylor",
      lastName: "Trial",
      emailConfirmedAt: now,
    });
    await tx.insert(schema.accounts).values({
      id: accountId,
      companyName: "Trial Plumbing Co",
      status: "trialing",
      contactName: "Taylor Trial",
      email: trialAccount.email,
      addressLine1: "1 Main St",
      city: "Orlando",
      stateProvince: "FL",
      postalCode: "32801",
      country: "US",
      trialEndsAt: new Date(now.getTime() + 30 * 24 * 3600_000),
    });
    await tx.insert(schema.accountMemberships).values({ accountId, userId, role: "owner" });
    await tx.insert(schema.notificationPreferences).values({ userId });
    await tx.insert(schema.phoneNumbers).values({
      id: numberId,
      accountId,
      e164: trialAccount.number,
      friendlyName: "Shop",
      carrierSid: `PN${hex()}`,
    });
    await tx.insert(schema.emergencyAddresses).values({
      phoneNumberId: numberId,
      accountId,
      carrierSid: `AD${hex()}`,
      customerName: "Trial Plumbing Co",
      street: "1 Main St",
      city: "Orlando",
      region: "FL",
      postalCode: "32801",
    });
  });
  await creditWallet(db, {
    accountId,
    type: "adjustment",
    amountCents: 500,
    idempotencyKey: `e2e-trial-credit:${accountId}`,
    reference: null,
    description: "Trial credit",
    now,
  });
}

/**
 * A trial whose telephony is paused: its included minutes are used and its wallet is empty (the
 * gate's trial_allowance_used), for the paused banner's spec. Signs in with the trial password.
 */
export const pausedTrialAccount = {
  email: "paused-trial@poundline.local",
  number: "+14075550189",
} as const;

export async function seedPausedTrialAccount(db: Database, password: string): Promise<void> {
  const now = new Date();
  const userId = newId("user");
  const accountId = newId("account");
  await db.transaction(async (tx) => {
    await tx.insert(schema.users).values({
      id: userId,
      email: pausedTrialAccount.email,
      passwordHash: await hash(password),
      firstName: "Pat",
      lastName: "Paused",
      emailConfirmedAt: now,
    });
    await tx.insert(schema.accounts).values({
      id: accountId,
      companyName: "Paused Bakery",
      status: "trialing",
      contactName: "Pat Paused",
      email: pausedTrialAccount.email,
      country: "US",
      trialEndsAt: new Date(now.getTime() + 20 * 24 * 3600_000),
    });
    await tx.insert(schema.accountMemberships).values({ accountId, userId, role: "owner" });
    await tx.insert(schema.notificationPreferences).values({ userId });
    await tx.insert(schema.phoneNumbers).values({
      id: newId("number"),
      accountId,
      e164: pausedTrialAccount.number,
      friendlyName: "Bakery",
      carrierSid: `PN${hex()}`,
    });
    await tx.insert(schema.trialAllowances).values({ accountId, minutesUsed: 100, textsUsed: 12 });
  });
}
