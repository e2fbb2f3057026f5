import { randomBytes } from "node:crypto";
import { hash } from "@node-rs/argon2";
import { eq, sql } from "drizzle-orm";
import {
  accountMemberships,
  accounts,
  adminUsers,
  categories,
  notificationPreferences,
  sharedNumbers,
  territories,
  territoryLicenses,
  users,
} from "../schema/index";
import type { SeedContext } from "./context";

export interface DemoLogin {
  label: string;
  email: string;
  password: string;
}

export const DEMO_EMAIL = "demo@poundline.local";
export const ADMIN_EMAIL = "admin@poundline.local";

/** The passwords of the two demo logins; each one not given is drawn at random. */
export interface DemoPasswords {
  demo?: string;
  admin?: string;
}

/**
 * A password nobody can know from the source: 24 characters from the system's random generator
 * (the seed's own generator is deterministic on purpose, so never that).
 */
export function randomDemoPassword(): string {
  return randomBytes(18).toString("base64url");
}

export type LicenseeKey = "demo" | "peachtree" | "mapleLeaf" | "sunshine" | "loneStar" | "greatLakes";
type TerritoryKey = "florida" | "georgia" | "texas" | "ontario";

interface CompanySeed {
  company: string;
  owner: { firstName: string; lastName: string; email: string; phone: string };
  address: {
    line1: string;
    line2?: string;
    city: string;
    state: string;
    postalCode: string;
    country: "US" | "CA";
  };
  phone: string;
  joinedDaysAgo: number;
}

/** The six licensee companies; the demo account is the first. */
const licensees: Record<LicenseeKey, CompanySeed> = {
  demo: {
    company: "Demo Law Group",
    owner: { firstName: "Jordan", lastName: "Ellis", email: DEMO_EMAIL, phone: "+14075550101" },
    address: {
      line1: "200 S Orange Ave",
      line2: "Suite 1500",
      city: "Orlando",
      state: "FL",
      postalCode: "32801",
      country: "US",
    },
    phone: "+14075550100",
    joinedDaysAgo: 75,
  },
  peachtree: {
    company: "Peachtree Legal Partners",
    owner: {
      firstName: "Danielle",
      lastName: "Brooks",
      email: "danielle.brooks@peachtreelegal.example",
      phone: "+14045550162",
    },
    address: {
      line1: "1180 Peachtree St NE",
      city: "Atlanta",
      state: "GA",
      postalCode: "30309",
      country: "US",
    },
    phone: "+14045550160",
    joinedDaysAgo: 140,
  },
  mapleLeaf: {
    company: "Maple Leaf Law LLP",
    owner: {
      firstName: "Priya",
      lastName: "Raman",
      email: "priya.raman@mapleleaflaw.example",
      phone: "+14165550133",
    },
    address: {
      line1: "100 King St W",
      line2: "Suite 5700",
      city: "Toronto",
      state: "ON",
      postalCode: "M5X 1C7",
      country: "CA",
    },
    phone: "+14165550130",
    joinedDaysAgo: 120,
  },
  sunshine: {
    company: "Sunshine Cab Co.",
    owner: {
      firstName: "Carlos",
      lastName: "Mendez",
      email: "carlos@sunshinecab.example",
      phone: "+13055550148",
    },
    address: { line1: "1395 Brickell Ave", city: "Miami", state: "FL", postalCode: "33131", country: "US" },
    phone: "+13055550140",
    joinedDaysAgo: 210,
  },
  loneStar: {
    company: "Lone Star Rides",
    owner: {
      firstName: "Travis",
      lastName: "Cole",
      email: "travis.cole@lonestarrides.example",
      phone: "+17135550177",
    },
    address: { line1: "909 Fannin St", city: "Houston", state: "TX", postalCode: "77010", country: "US" },
    phone: "+17135550170",
    joinedDaysAgo: 180,
  },
  greatLakes: {
    company: "Great Lakes Taxi Inc.",
    owner: {
      firstName: "Liam",
      lastName: "O'Connor",
      email: "liam@greatlakestaxi.example",
      phone: "+16475550119",
    },
    address: { line1: "25 York St", city: "Toronto", state: "ON", postalCode: "M5J 2V5", country: "CA" },
    phone: "+16475550110",
    joinedDaysAgo: 95,
  },
};

const territorySeeds: Record<
  TerritoryKey,
  { name: string; country: "US" | "CA"; kind: "state" | "province" }
> = {
  florida: { name: "Florida", country: "US", kind: "state" },
  georgia: { name: "Georgia", country: "US", kind: "state" },
  texas: { name: "Texas", country: "US", kind: "state" },
  ontario: { name: "Ontario", country: "CA", kind: "province" },
};

const licenseSeeds: {
  poundCode: "#4LAW" | "#TAXI";
  licensee: LicenseeKey;
  territory: TerritoryKey;
  category: "Legal" | "Transportation";
}[] = [
  { poundCode: "#4LAW", licensee: "demo", territory: "florida", category: "Legal" },
  { poundCode: "#4LAW", licensee: "peachtree", territory: "georgia", category: "Legal" },
  { poundCode: "#4LAW", licensee: "mapleLeaf", territory: "ontario", category: "Legal" },
  { poundCode: "#TAXI", licensee: "sunshine", territory: "florida", category: "Transportation" },
  { poundCode: "#TAXI", licensee: "loneStar", territory: "texas", category: "Transportation" },
  { poundCode: "#TAXI", licensee: "greatLakes", territory: "ontario", category: "Transportation" },
];

export interface Directory {
  accountIds: Record<LicenseeKey, string>;
  /** The owner user of each licensee account. */
  ownerIds: Record<LicenseeKey, string>;
  demoMemberId: string;
  adminUserId: string;
  sharedNumberIds: Record<"#4LAW" | "#TAXI", string>;
  /** The demo account's #4LAW licence. */
  demoLicenseId: string;
  logins: DemoLogin[];
}

/** Accounts, users, the admin, the pound codes and their licences. */
export async function seedDirectory(ctx: SeedContext, passwords: DemoPasswords = {}): Promise<Directory> {
  const { tx, calendar } = ctx;
  const demoPassword = passwords.demo ?? randomDemoPassword();
  const logins: DemoLogin[] = [];

  const accountIds = {} as Record<LicenseeKey, string>;
  const ownerIds = {} as Record<LicenseeKey, string>;
  for (const key of Object.keys(licensees) as LicenseeKey[]) {
    accountIds[key] = ctx.id("account");
    ownerIds[key] = ctx.id("user");
  }
  const demoMemberId = ctx.id("user");

  await tx.insert(accounts).values(
    (Object.keys(licensees) as LicenseeKey[]).map((key): typeof accounts.$inferInsert => {
      const c = licensees[key];
      const joined = calendar.daysBefore(c.joinedDaysAgo);
      return {
        id: accountIds[key],
        companyName: c.company,
        kind: "licensee",
        status: "active",
        contactName: `${c.owner.firstName} ${c.owner.lastName}`,
        email: key === "demo" ? "office@demolawgroup.example" : c.owner.email,
        phone: c.phone,
        addressLine1: c.address.line1,
        addressLine2: c.address.line2 ?? null,
        city: c.address.city,
        stateProvince: c.address.state,
        postalCode: c.address.postalCode,
        country: c.address.country,
        // The demo's businesses call across the border: the destination policy allows both.
        allowedCountries: ["US", "CA"],
        createdAt: joined,
        updatedAt: joined,
      };
    }),
  );

  const demoHash = await hash(demoPassword);
  await tx.insert(users).values([
    ...(Object.keys(licensees) as LicenseeKey[]).map((key) => {
      const c = licensees[key];
      const joined = calendar.daysBefore(c.joinedDaysAgo);
      return {
        id: ownerIds[key],
        email: c.owner.email.toLowerCase(),
        // Only the demo owner can sign in; the other licensees' owners would reset their password.
        passwordHash: key === "demo" ? demoHash : null,
        firstName: c.owner.firstName,
        lastName: c.owner.lastName,
        phone: c.owner.phone,
        emailConfirmedAt: joined,
        lastSignInAt: key === "demo" ? calendar.daysBefore(1) : null,
        createdAt: joined,
        updatedAt: joined,
      };
    }),
    {
      id: demoMemberId,
      email: "sam.rivera@demolawgroup.example",
      passwordHash: null,
      firstName: "Sam",
      lastName: "Rivera",
      phone: "+14075550102",
      emailConfirmedAt: calendar.daysBefore(60),
      createdAt: calendar.daysBefore(61),
      updatedAt: calendar.daysBefore(61),
    },
  ]);
  logins.push({ label: "Demo account (Demo Law Group, owner)", email: DEMO_EMAIL, password: demoPassword });

  await tx.insert(accountMemberships).values([
    ...(Object.keys(licensees) as LicenseeKey[]).map((key) => ({
      accountId: accountIds[key],
      userId: ownerIds[key],
      role: "owner" as const,
      createdAt: calendar.daysBefore(licensees[key].joinedDaysAgo),
    })),
    { accountId: accountIds.demo, userId: demoMemberId, role: "member", createdAt: calendar.daysBefore(61) },
  ]);
  await tx
    .insert(notificationPreferences)
    .values([
      ...Object.values(ownerIds).map((userId) => ({ userId, smsNewVoicemail: userId === ownerIds.demo })),
      { userId: demoMemberId, emailMissedCall: false },
    ]);

  const admin = await ensureAdmin(ctx, passwords.admin ?? randomDemoPassword());
  if (admin.login) logins.push(admin.login);

  const sharedNumberIds = await ensureSharedNumbers(ctx, accountIds);
  const territoryIds = await ensureTerritories(ctx);
  const categoryIds = await ensureCategories(ctx);

  let demoLicenseId = "";
  await tx.insert(territoryLicenses).values(
    licenseSeeds.map((seed): typeof territoryLicenses.$inferInsert => {
      const id = ctx.id("license");
      if (seed.licensee === "demo") demoLicenseId = id;
      const startsAt = calendar.daysBefore(licensees[seed.licensee].joinedDaysAgo - 1);
      return {
        id,
        accountId: accountIds[seed.licensee],
        sharedNumberId: sharedNumberIds[seed.poundCode],
        territoryId: territoryIds[seed.territory],
        categoryId: idOf(categoryIds, seed.category),
        poundCode: seed.poundCode,
        status: "active",
        startsAt,
        endsAt: new Date(startsAt.getTime() + 365 * 86_400_000),
        createdAt: startsAt,
        updatedAt: startsAt,
      };
    }),
  );

  return {
    accountIds,
    ownerIds,
    demoMemberId,
    adminUserId: admin.userId,
    sharedNumberIds,
    demoLicenseId,
    logins,
  };
}

/** The platform admin with an account of its own; kept as is when it already exists. */
async function ensureAdmin(
  ctx: SeedContext,
  password: string,
): Promise<{ userId: string; login: DemoLogin | null }> {
  const { tx, calendar } = ctx;
  const [existing] = await tx.select({ id: users.id }).from(users).where(eq(users.email, ADMIN_EMAIL));
  if (existing) return { userId: existing.id, login: null };

  const accountId = ctx.id("account");
  const userId = ctx.id("user");
  const since = calendar.daysBefore(400);
  await tx.insert(accounts).values({
    id: accountId,
    companyName: "Poundline Operations",
    kind: "business",
    status: "active",
    contactName: "Morgan Avery",
    email: ADMIN_EMAIL,
    phone: "+14075550190",
    addressLine1: "100 E Pine St",
    city: "Orlando",
    stateProvince: "FL",
    postalCode: "32801",
    country: "US",
    createdAt: since,
    updatedAt: since,
  });
  await tx.insert(users).values({
    id: userId,
    email: ADMIN_EMAIL,
    passwordHash: await hash(password),
    firstName: "Morgan",
    lastName: "Avery",
    emailConfirmedAt: since,
    createdAt: since,
    updatedAt: since,
  });
  await tx.insert(accountMemberships).values({ accountId, userId, role: "owner", createdAt: since });
  await tx.insert(notificationPreferences).values({ userId });
  await tx.insert(adminUsers).values({ userId, role: "admin", createdAt: since });
  return { userId, login: { label: "Platform admin", email: ADMIN_EMAIL, password } };
}

// The platform rows below have natural keys: an existing row is kept and its id returned, so a
// forced re-seed never duplicates them (the no-op update makes RETURNING yield the existing id).

async function ensureSharedNumbers(ctx: SeedContext, accountIds: Record<LicenseeKey, string>) {
  const rows = await ctx.tx
    .insert(sharedNumbers)
    .values([
      {
        id: ctx.id("sharedNumber"),
        poundCode: "#4LAW",
        e164: "+18005550144",
        carrierSid: ctx.sid("PN"),
        description: "Legal referral line: callers reach the law firm licensed for their area.",
        defaultAccountId: accountIds.demo,
      },
      {
        id: ctx.id("sharedNumber"),
        poundCode: "#TAXI",
        e164: "+18885550829",
        carrierSid: ctx.sid("PN"),
        description: "Taxi dispatch: callers reach the cab company licensed for their area.",
        defaultAccountId: accountIds.sunshine,
      },
    ])
    .onConflictDoUpdate({ target: sharedNumbers.poundCode, set: { poundCode: sql`excluded.pound_code` } })
    .returning({ id: sharedNumbers.id, poundCode: sharedNumbers.poundCode });
  return { "#4LAW": idOf(rows, "#4LAW", "poundCode"), "#TAXI": idOf(rows, "#TAXI", "poundCode") };
}

async function ensureTerritories(ctx: SeedContext): Promise<Record<TerritoryKey, string>> {
  const keys = Object.keys(territorySeeds) as TerritoryKey[];
  const rows = await ctx.tx
    .insert(territories)
    .values(keys.map((key) => ({ id: ctx.id("territory"), ...territorySeeds[key] })))
    .onConflictDoUpdate({
      target: [territories.country, territories.name],
      set: { name: sql`excluded.name` },
    })
    .returning({ id: territories.id, name: territories.name });
  return Object.fromEntries(keys.map((key) => [key, idOf(rows, territorySeeds[key].name)])) as Record<
    TerritoryKey,
    string
  >;
}

async function ensureCategories(ctx: SeedContext) {
  return ctx.tx
    .insert(categories)
    .values(["Legal", "Transportation"].map((name) => ({ id: ctx.id("category"), name })))
    .onConflictDoUpdate({ target: categories.name, set: { name: sql`excluded.name` } })
    .returning({ id: categories.id, name: categories.name });
}

function idOf<K extends string>(
  rows: ({ id: string } & Record<K, string>)[],
  value: string,
  key: K = "name" as K,
): string {
  const row = rows.find((r) => r[key] === value);
  if (!row) throw new Error(`seed: no row for ${value}`);
  return row.id;
}
