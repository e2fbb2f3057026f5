import { hash } from "@node-rs/argon2";
import { creditWallet, type Database, newId, schema } from "@poundline/db";

/**
 * An account on the Professional plan that has not registered for texting (A2P 10DLC), for the
 * texting-registration spec: its local number is refused texts until its campaign is approved.
 * Made at the server's start on its fresh database; signs in with the trial password.
 */
export const textingAccount = {
  email: "texting@poundline.local",
  /** The account's local number, in the fictional range the simulator routes to the app. */
  number: "+13055550166",
} as const;

const hex = () => crypto.randomUUID().replaceAll("-", "");

export async function seedTextingAccount(db: Database, password: string): Promise<void> {
  const userId = newId("user");
  const accountId = newId("account");
  const numberId = newId("number");
  await db.transaction(async (tx) => {
    await tx.insert(schema.users).values({
      id: userId,
      email: textingAccount.email,
      passwordHash: await hash(password),
      firstName: "Tess",
      lastName: "Texter",
      emailConfirmedAt: new Date(),
    });
    await tx
      .insert(schema.accounts)
      .values({ id: accountId, companyName: "Tess Plumbing LLC", status: "active" });
    await tx.insert(schema.accountMemberships).values({ accountId, userId, role: "owner" });
    await tx.insert(schema.notificationPreferences).values({ userId });
    await tx.insert(schema.subscriptions).values({
      id: newId("subscription"),
      accountId,
      serviceName: "Phone system",
      planName: "Professional",
      status: "active",
      monthlyFeeCents: 4999,
    });
    await tx.insert(schema.phoneNumbers).values({
      id: numberId,
      accountId,
      e164: textingAccount.number,
      friendlyName: "Shop line",
      numberType: "local",
      carrierSid: `PN${hex()}`,
    });
    await tx.insert(schema.numberRouting).values({ phoneNumberId: numberId, accountId });
  });
  await creditWallet(db, {
    accountId,
    type: "adjustment",
    amountCents: 5000,
    idempotencyKey: `e2e-texting-credit:${accountId}`,
    reference: null,
    description: "Credit",
    now: new Date(),
  });
}
