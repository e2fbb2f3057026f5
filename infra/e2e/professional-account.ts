import { hash } from "@node-rs/argon2";
import { creditWallet, type Database, newId, schema } from "@poundline/db";

type Tx = Parameters<Parameters<Database["transaction"]>[0]>[0];

/** What one e2e account is: its owner, its company and its one number. */
export interface ProfessionalAccount {
  email: string;
  firstName: string;
  lastName: string;
  companyName: string;
  number: { e164: string; friendlyName: string };
  /** The number's routing row, beyond its ids (the defaults when left out). */
  routing?: Omit<typeof schema.numberRouting.$inferInsert, "phoneNumberId" | "accountId">;
}

const hex = () => crypto.randomUUID().replaceAll("-", "");

/**
 * An owner on the Professional plan with one local number and $50 in the wallet, made at the
 * server's start on its fresh database (the specs' own accounts); signs in with `password`.
 */
export async function seedProfessionalAccount(db: Database, password: string, account: ProfessionalAccount) {
  const userId = newId("user");
  const accountId = newId("account");
  const now = new Date();
  await db.transaction(async (tx) => {
    await insertOwner(tx, { ...account, userId, accountId, passwordHash: await hash(password), now });
    const numberId = newId("number");
    await tx.insert(schema.phoneNumbers).values({
      id: numberId,
      accountId,
      e164: account.number.e164,
      friendlyName: account.number.friendlyName,
      numberType: "local",
      carrierSid: `PN${hex()}`,
    });
    await tx.insert(schema.numberRouting).values({ ...account.routing, phoneNumberId: numberId, accountId });
  });
  await creditWallet(db, {
    accountId,
    type: "adjustment",
    amountCents: 5000,
    idempotencyKey: `e2e-credit:${accountId}`,
    reference: null,
    description: "Credit",
    now,
  });
}

async function insertOwner(
  tx: Tx,
  owner: ProfessionalAccount & { userId: string; accountId: string; passwordHash: string; now: Date },
) {
  const { userId, accountId } = owner;
  await tx.insert(schema.users).values({
    id: userId,
    email: owner.email,
    passwordHash: owner.passwordHash,
    firstName: owner.firstName,
    lastName: owner.lastName,
    emailConfirmedAt: owner.now,
  });
  await tx
    .insert(schema.accounts)
    .values({ id: accountId, companyName: owner.companyName, status: "active" });
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
}
