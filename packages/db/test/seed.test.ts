import { verify } from "@node-rs/argon2";
import { asc, count, eq, sql } from "drizzle-orm";
import type { PgTable } from "drizzle-orm/pg-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "../src/client";
import * as schema from "../src/schema/index";
import { ADMIN_EMAIL, DEMO_EMAIL, faqSeed, seedDemo, seedDemoIfEmpty } from "../src/seed/index";
import { createTestDatabase } from "../src/testing";

const NOW = new Date("2026-03-16T15:30:00Z");

/** The home page keys of seed 000, section 3. */
const homeKeys = [
  "homepage_hero_title",
  "homepage_hero_subtitle",
  "homepage_hero_cta_button_text",
  "features_highlight_title",
  ...[1, 2, 3].flatMap((n) => [`features_highlight_item${n}_title`, `features_highlight_item${n}_desc`]),
  "how_it_works_title",
  ...[1, 2, 3].flatMap((n) => [`how_it_works_step${n}_title`, `how_it_works_step${n}_desc`]),
  "testimonials_title",
  "cta_banner_title",
  "cta_banner_button_text",
];

describe("demo seed", () => {
  let handle: DatabaseHandle;
  let logins: { label: string; email: string; password: string }[];

  beforeAll(async () => {
    handle = await createTestDatabase();
    const result = await seedDemoIfEmpty(handle.db, { now: NOW });
    if (!result) throw new Error("the seed did not run on an empty database");
    logins = result.logins;
  });
  afterAll(() => handle.close());

  const rowCount = async (table: PgTable) => {
    const [row] = await handle.db.select({ n: count() }).from(table);
    return row?.n ?? 0;
  };

  it.each([
    ["accounts", schema.accounts, 7, 7],
    ["contacts", schema.contacts, 30, 30],
    ["call logs", schema.callLogs, 200, 500],
    ["messages", schema.messages, 20, 60],
    ["voicemails", schema.voicemails, 8, 60],
    ["phone numbers", schema.phoneNumbers, 2, 2],
    ["number routing", schema.numberRouting, 2, 2],
    ["shared numbers", schema.sharedNumbers, 2, 2],
    ["territory licences", schema.territoryLicenses, 6, 6],
    ["IVR menus", schema.ivrMenus, 2, 2],
    ["extensions", schema.extensions, 4, 6],
    ["support tickets", schema.supportTickets, 2, 6],
    ["rates", schema.rates, 5, 5],
    ["FAQ items", schema.faqItems, faqSeed.length, faqSeed.length],
  ])("creates %s", async (_name, table, min, max) => {
    const n = await rowCount(table);
    expect(n).toBeGreaterThanOrEqual(min);
    expect(n).toBeLessThanOrEqual(max);
  });

  it("prints working logins for the demo owner and the platform admin", async () => {
    expect(logins.map((l) => l.email)).toEqual([DEMO_EMAIL, ADMIN_EMAIL]);
    for (const login of logins) {
      const [user] = await handle.db.select().from(schema.users).where(eq(schema.users.email, login.email));
      expect(user?.emailConfirmedAt).toBeInstanceOf(Date);
      expect(await verify(user?.passwordHash ?? "", login.password)).toBe(true);
    }
    const admins = await handle.db
      .select({ email: schema.users.email })
      .from(schema.adminUsers)
      .innerJoin(schema.users, eq(schema.users.id, schema.adminUsers.userId));
    expect(admins).toEqual([{ email: ADMIN_EMAIL }]);
  });

  it("draws the passwords at random on each seeding: none is in the source", async () => {
    const [demo = "", admin = ""] = logins.map((l) => l.password);
    // 18 random bytes each (144 bits), and a second seeding of another database draws others.
    expect(demo).toMatch(/^[\w-]{24}$/);
    expect(admin).toMatch(/^[\w-]{24}$/);
    expect(admin).not.toBe(demo);
    const other = await createTestDatabase();
    try {
      const again = await seedDemoIfEmpty(other.db, { now: NOW, passwords: { admin } });
      const [demoAgain, adminAgain] = again?.logins.map((l) => l.password) ?? [];
      expect(demoAgain).toMatch(/^[\w-]{24}$/);
      expect(demoAgain).not.toBe(demo);
      expect(adminAgain).toBe(admin);
    } finally {
      await other.close();
    }
  }, 120_000);

  it("makes the demo user the owner of Demo Law Group, a #4LAW licensee", async () => {
    const [demo] = await handle.db
      .select({ accountId: schema.accountMemberships.accountId, role: schema.accountMemberships.role })
      .from(schema.accountMemberships)
      .innerJoin(schema.users, eq(schema.users.id, schema.accountMemberships.userId))
      .where(eq(schema.users.email, DEMO_EMAIL));
    expect(demo?.role).toBe("owner");
    const accountId = demo?.accountId ?? "";

    const account = await handle.db.query.accounts.findFirst({ where: eq(schema.accounts.id, accountId) });
    expect(account?.companyName).toBe("Demo Law Group");
    const licences = await handle.db.query.territoryLicenses.findMany({
      where: eq(schema.territoryLicenses.accountId, accountId),
      with: { sharedNumber: true, territory: true, category: true },
    });
    expect(licences.map((l) => [l.sharedNumber.poundCode, l.territory.name, l.category.name])).toEqual([
      ["#4LAW", "Florida", "Legal"],
    ]);
    const numbers = await handle.db.query.phoneNumbers.findMany({
      where: eq(schema.phoneNumbers.accountId, accountId),
      with: { routing: true },
    });
    expect(numbers).toHaveLength(2);
    expect(numbers.every((n) => n.routing !== null)).toBe(true);
    // Its toll-free number texts: its verification is approved.
    const tollFree = numbers.find((n) => n.numberType === "toll-free");
    const verifications = await handle.db
      .select({
        phoneNumberId: schema.tollFreeVerifications.phoneNumberId,
        status: schema.tollFreeVerifications.status,
      })
      .from(schema.tollFreeVerifications)
      .where(eq(schema.tollFreeVerifications.accountId, accountId));
    expect(verifications).toEqual([{ phoneNumberId: tollFree?.id, status: "TWILIO_APPROVED" }]);
  });

  it.each(["#4LAW", "#TAXI"])("shares %s between three licensees", async (poundCode) => {
    const licences = await handle.db
      .select({ accountId: schema.territoryLicenses.accountId })
      .from(schema.territoryLicenses)
      .where(eq(schema.territoryLicenses.poundCode, poundCode));
    expect(new Set(licences.map((l) => l.accountId)).size).toBe(3);
  });

  it("routes pound codes by several kinds of location", async () => {
    const kinds = await handle.db.selectDistinct({ t: schema.geoRules.locationType }).from(schema.geoRules);
    expect(kinds.map((k) => k.t).sort()).toEqual(["areaCode", "country", "province", "state"]);
  });

  it("has a main IVR menu leading to a sub-menu, an extension, voicemail and the operator", async () => {
    const main = await handle.db.query.ivrMenus.findFirst({
      where: eq(schema.ivrMenus.name, "Main Menu"),
      with: { options: true },
    });
    expect(main?.options.map((o) => o.action)).toEqual(
      expect.arrayContaining(["ivr_menu", "extension", "voicemail", "operator"]),
    );
  });

  it("stores the FAQ categories the help centre and Q&A page read", async () => {
    const rows = await handle.db.selectDistinct({ c: schema.faqItems.category }).from(schema.faqItems);
    expect(rows.map((r) => r.c).sort()).toEqual(
      [
        "Account Management",
        "Call Features",
        "Setup Guide",
        "Text Messaging (SMS)",
        "Troubleshooting",
        "admin",
        "setup_guide",
        "user",
      ].sort(),
    );
  });

  it("stores every editable home page key with a value", async () => {
    const rows = await handle.db.select().from(schema.editableContent);
    const byKey = new Map(rows.map((r) => [r.contentKey, r.contentValue]));
    for (const key of homeKeys) expect(byKey.get(key), key).toBeTruthy();
  });

  it("links calls to contacts over the 60 days before the reference date", async () => {
    const [span] = await handle.db
      .select({
        first: sql<string>`min(${schema.callLogs.callStartTime})`,
        last: sql<string>`max(${schema.callLogs.callStartTime})`,
        unlinked: sql<number>`count(*) filter (where ${schema.callLogs.contactId} is null)::int`,
        directions: sql<number>`count(distinct ${schema.callLogs.direction})::int`,
      })
      .from(schema.callLogs);
    expect(new Date(span?.first ?? 0).getTime()).toBeGreaterThan(NOW.getTime() - 61 * 86_400_000);
    expect(new Date(span?.last ?? 0).getTime()).toBeLessThan(NOW.getTime());
    expect(span?.unlinked).toBe(0);
    expect(span?.directions).toBe(2);
  });

  it("keeps the wallet balance equal to the sum of its ledger, entry by entry", async () => {
    const [wallet] = await handle.db.select().from(schema.wallets);
    const entries = await handle.db
      .select()
      .from(schema.ledgerEntries)
      .where(eq(schema.ledgerEntries.walletId, wallet?.id ?? ""))
      .orderBy(asc(schema.ledgerEntries.createdAt), asc(schema.ledgerEntries.balanceAfterCents));
    let running = 0;
    for (const entry of entries) {
      running += entry.amountCents;
      expect(entry.balanceAfterCents).toBe(running);
    }
    expect(wallet?.balanceCents).toBe(running);
  });

  it("has one unpaid invoice", async () => {
    const unpaid = await handle.db.select().from(schema.invoices).where(eq(schema.invoices.status, "unpaid"));
    expect(unpaid).toHaveLength(1);
  });

  it("does nothing the second time", async () => {
    const before = await rowCount(schema.callLogs);
    expect(await seedDemoIfEmpty(handle.db, { now: NOW })).toBeNull();
    expect(await seedDemo(handle.db, { now: NOW })).toBeNull();
    expect(await rowCount(schema.callLogs)).toBe(before);
    expect(await rowCount(schema.accounts)).toBe(7);
  });
});

describe("demo seed determinism", () => {
  it("gives the same data for the same reference date", async () => {
    const digests: string[] = [];
    for (let run = 0; run < 2; run++) {
      const handle = await createTestDatabase();
      try {
        await seedDemo(handle.db, { now: NOW });
        const rows = await handle.db
          .select({
            id: schema.callLogs.id,
            sid: schema.callLogs.callSid,
            start: schema.callLogs.callStartTime,
            status: schema.callLogs.callStatus,
            duration: schema.callLogs.durationSeconds,
          })
          .from(schema.callLogs)
          .orderBy(asc(schema.callLogs.id));
        digests.push(JSON.stringify(rows));
      } finally {
        await handle.close();
      }
    }
    expect(digests[0]).toBe(digests[1]);
  });
});
