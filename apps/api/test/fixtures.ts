import { hash } from "@node-rs/argon2";
import { newId, schema } from "@poundline/db";
import type { membershipRoles } from "@poundline/db/enums";
import { createSession, SESSION_COOKIE } from "@poundline/modules/auth/sessions";
import { newTotpKey } from "@poundline/modules/auth/totp";
import { eq } from "drizzle-orm";
import { TEST_ORIGIN, type TestApp } from "../src/testing";

/** The password of fixture users unless one is given. */
export const DEFAULT_PASSWORD = "correct horse battery staple";

/** Argon2 is slow on purpose: hash the default password once per test file, on first use. */
let defaultHash: Promise<string> | undefined;
function passwordHash(password: string): Promise<string> {
  if (password !== DEFAULT_PASSWORD) return hash(password);
  defaultHash ??= hash(DEFAULT_PASSWORD);
  return defaultHash;
}

export interface CreateUserOptions {
  email?: string;
  password?: string;
  firstName?: string;
  lastName?: string;
  /** Adds an admin_users row (platform administrator). */
  admin?: boolean;
  /**
   * Turns two-factor authentication on (with `totpKey` on the user returned); admins get it
   * unless told otherwise, as the admin area requires it.
   */
  twoFactor?: boolean;
  /** E-mail confirmed; true unless told otherwise. */
  confirmed?: boolean;
  companyName?: string;
  /**
   * The account's texting registration (A2P 10DLC) approved, so its local numbers text, as
   * the demo account's do; true unless told otherwise (the registration's own tests say false).
   */
  textingRegistered?: boolean;
}

export interface TestUser {
  id: string;
  email: string;
  password: string;
  firstName: string;
  lastName: string;
  accountId: string;
  companyName: string;
  admin: boolean;
  /** The TOTP key when two-factor authentication is on. */
  totpKey: string | null;
}

/**
 * A user straight into the database: the user, an account (E911 address filled) they own,
 * and an admin_users row when asked. No HTTP, so it does not depend on the auth routes.
 */
export async function createUser(t: TestApp, options: CreateUserOptions = {}): Promise<TestUser> {
  const suffix = crypto.randomUUID().slice(0, 8);
  const email = (options.email ?? `user-${suffix}@example.com`).toLowerCase();
  const password = options.password ?? DEFAULT_PASSWORD;
  const firstName = options.firstName ?? "Test";
  const lastName = options.lastName ?? `User ${suffix}`;
  const companyName = options.companyName ?? `Company ${suffix}`;
  const admin = options.admin ?? false;
  const totpKey = (options.twoFactor ?? admin) ? newTotpKey() : null;
  const now = t.app.deps.clock();
  const userId = newId("user");
  const accountId = newId("account");
  const hashed = await passwordHash(password);

  await t.db.db.transaction(async (tx) => {
    await tx.insert(schema.users).values({
      id: userId,
      email,
      passwordHash: hashed,
      firstName,
      lastName,
      emailConfirmedAt: options.confirmed === false ? null : now,
      totpKey,
    });
    await tx.insert(schema.accounts).values({
      id: accountId,
      companyName,
      contactName: `${firstName} ${lastName}`,
      email,
      phone: "+15555550100",
      addressLine1: "100 Main Street",
      city: "Springfield",
      stateProvince: "IL",
      postalCode: "62701",
      country: "US",
    });
    await tx.insert(schema.accountMemberships).values({ accountId, userId, role: "owner" });
    if (admin) await tx.insert(schema.adminUsers).values({ userId, role: "admin" });
  });
  if (options.textingRegistered !== false) await registerForTexting(t, accountId);

  return { id: userId, email, password, firstName, lastName, accountId, companyName, admin, totpKey };
}

export interface SignedIn {
  cookie: string;
  /** Headers for `t.app.inject`: the session cookie and an allowed Origin (writes need it). */
  headers: { cookie: string; origin: string };
}

/** A session for the user, created directly (not through /api/auth/login), past two-factor authentication. */
export async function signIn(t: TestApp, user: Pick<TestUser, "id">): Promise<SignedIn> {
  const { token } = await createSession(t.db.db, user.id, t.app.deps.clock(), { twoFactorVerified: true });
  const cookie = `${SESSION_COOKIE}=${token}`;
  return { cookie, headers: { cookie, origin: TEST_ORIGIN } };
}

/**
 * A user who belongs to someone else's account with the given role (and to no account of their
 * own): a colleague, as the owner would have invited them.
 */
export async function createMember(
  t: TestApp,
  accountId: string,
  role: (typeof membershipRoles)[number],
  options: Omit<CreateUserOptions, "companyName"> = {},
): Promise<TestUser> {
  const user = await createUser(t, options);
  await t.db.db.transaction(async (tx) => {
    await tx.delete(schema.accountMemberships).where(eq(schema.accountMemberships.userId, user.id));
    await tx.delete(schema.accounts).where(eq(schema.accounts.id, user.accountId));
    await tx.insert(schema.accountMemberships).values({ accountId, userId: user.id, role });
  });
  return { ...user, accountId };
}

/** An approved texting registration (A2P 10DLC) straight into the database: the account's local numbers text. */
export async function registerForTexting(t: TestApp, accountId: string): Promise<void> {
  await t.db.db.insert(schema.textingRegistrations).values({
    id: newId("textingRegistration"),
    accountId,
    stage: "approved",
    business: {
      legalName: "Test Company LLC",
      ein: "12-3456789",
      businessType: "Limited Liability Corporation",
      industry: "TECHNOLOGY",
      website: "https://company.example",
      street: "100 Main Street",
      city: "Springfield",
      region: "IL",
      postalCode: "62701",
      contact: {
        firstName: "Test",
        lastName: "Owner",
        title: "Owner",
        email: "owner@company.example",
        phone: "+15555550100",
      },
    },
    campaign: {
      useCase: "MIXED",
      description: "Replies to customers who write to us first, and appointment reminders.",
      messageSamples: [
        "Your appointment is tomorrow at 10am.",
        "Thanks for your message, we will call you back.",
      ],
      messageFlow: "Customers text us first or opt in on our booking form.",
      hasEmbeddedLinks: false,
      hasEmbeddedPhone: false,
    },
    profileStatus: "twilio-approved",
    trustProductStatus: "twilio-approved",
    brandStatus: "APPROVED",
    campaignStatus: "VERIFIED",
    feeCents: 0,
  });
}
