import { count, eq, sql } from "drizzle-orm";
import type { Database } from "../client";
import { accounts, users } from "../schema/index";
import { seedActivity } from "./activity";
import { seedBilling } from "./billing";
import { createSeedContext } from "./context";
import { DEMO_EMAIL, type DemoLogin, type DemoPasswords, seedDirectory } from "./directory";
import { seedPhoneSystem } from "./phone-system";
import { seedSiteContent } from "./site-content";
import { seedSupport } from "./support";
import { seedTextingRegistration } from "./texting-registration";
import { seedTollFreeVerification } from "./toll-free-verification";

export { ADMIN_EMAIL, DEMO_EMAIL, type DemoLogin, type DemoPasswords } from "./directory";
export { faqSeed, homeContentDefaults, usageRates } from "./site-content";

export interface DemoSeedResult {
  logins: DemoLogin[];
  counts: {
    contacts: number;
    calls: number;
    messages: number;
    voicemails: number;
    ledgerEntries: number;
    supportTickets: number;
  };
  walletBalanceCents: number;
}

export interface DemoSeedOptions {
  /** The reference date: activity spans the 60 days before it. Same date, same data. */
  now: Date;
  /**
   * The logins' passwords; by default drawn at random on each seeding (never in the source), and
   * returned in `logins` to be shown once. Tests that sign in as the demo users pass their own.
   */
  passwords?: DemoPasswords;
}

// Taken for the seeding transaction, so instances booting together on one database seed once.
const SEED_LOCK = sql`select pg_advisory_xact_lock(7411002)`;

/**
 * Seeds the demo (Demo Law Group, the licensees of #4LAW and #TAXI, the platform admin, site
 * content) in one transaction. Does nothing and returns null when the demo login already exists,
 * so running it twice is harmless.
 */
export async function seedDemo(db: Database, options: DemoSeedOptions): Promise<DemoSeedResult | null> {
  return db.transaction(async (tx) => {
    await tx.execute(SEED_LOCK);
    return insertDemo(tx, options.now, options.passwords);
  });
}

/** Seeds the demo into an empty database (no account, no user); returns the logins, or null when it was not empty. */
export async function seedDemoIfEmpty(
  db: Database,
  options: Partial<DemoSeedOptions> = {},
): Promise<{ logins: DemoLogin[] } | null> {
  return db.transaction(async (tx) => {
    await tx.execute(SEED_LOCK);
    const [accountRows] = await tx.select({ n: count() }).from(accounts);
    const [userRows] = await tx.select({ n: count() }).from(users);
    if ((accountRows?.n ?? 0) > 0 || (userRows?.n ?? 0) > 0) return null;
    const now = options.now ?? new Date(Math.floor(Date.now() / 60_000) * 60_000);
    return insertDemo(tx, now, options.passwords);
  });
}

async function insertDemo(
  tx: Database,
  now: Date,
  passwords: DemoPasswords = {},
): Promise<DemoSeedResult | null> {
  const [existing] = await tx.select({ id: users.id }).from(users).where(eq(users.email, DEMO_EMAIL));
  if (existing) return null;

  const ctx = createSeedContext(tx, now);
  await seedSiteContent(ctx);
  const directory = await seedDirectory(ctx, passwords);
  const phones = await seedPhoneSystem(ctx, directory);
  const activity = await seedActivity(ctx, directory, phones);
  const billing = await seedBilling(ctx, directory, phones, activity.charges);
  const support = await seedSupport(ctx, directory);
  await seedTollFreeVerification(ctx, directory, phones);
  await seedTextingRegistration(ctx, directory, phones);
  return {
    logins: directory.logins,
    counts: {
      contacts: activity.contactCount,
      calls: activity.callCount,
      messages: activity.messageCount,
      voicemails: activity.voicemailCount,
      ledgerEntries: billing.entryCount,
      supportTickets: support.ticketCount,
    },
    walletBalanceCents: billing.balanceCents,
  };
}
