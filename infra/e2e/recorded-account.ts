import { hash } from "@node-rs/argon2";
import { creditWallet, type Database, newId, schema } from "@poundline/db";

/**
 * An account on the Professional plan whose number records its calls, for the call-recordings
 * spec: every call to it (day or night) is forwarded to the owner's phone, recorded. Made at the
 * server's start on its fresh database; signs in with the trial password.
 */
export const recordedAccount = {
  email: "recorded@poundline.local",
  /** The account's number, in the fictional range the simulator routes to the app. */
  number: "+13055550177",
  /** The owner's phone, which answers the forwarded calls. */
  phone: "+13055550178",
} as const;

const hex = () => crypto.randomUUID().replaceAll("-", "");

export async function seedRecordedAccount(db: Database, password: string): Promise<void> {
  const now = new Date();
  const userId = newId("user");
  const accountId = newId("account");
  const numberId = newId("number");
  const forward = { targetType: "forward", targetId: recordedAccount.phone } as const;
  await db.transaction(async (tx) => {
    await tx.insert(schema.users).values({
      id: userId,
      email: recordedAccount.email,
      passwordHash: await hash(password),
      firstName: "Rita",
      lastName: "Recorder",
      emailConfirmedAt: now,
    });
    await tx
      .insert(schema.accounts)
      .values({ id: accountId, companyName: "Recorded Advice LLC", status: "active" });
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
      e164: recordedAccount.number,
      friendlyName: "Advice line",
      carrierSid: `PN${hex()}`,
    });
    await tx.insert(schema.numberRouting).values({
      phoneNumberId: numberId,
      accountId,
      businessHoursTargetType: forward.targetType,
      businessHoursTargetId: forward.targetId,
      afterHoursTargetType: forward.targetType,
      afterHoursTargetId: forward.targetId,
      recordCalls: true,
    });
  });
  await creditWallet(db, {
    accountId,
    type: "adjustment",
    amountCents: 5000,
    idempotencyKey: `e2e-recorded-credit:${accountId}`,
    reference: null,
    description: "Credit",
    now,
  });
}
