import { readdirSync, readFileSync } from "node:fs";
import { newId, schema } from "@poundline/db";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../src/testing";
import { createUser, type SignedIn, signIn, type TestUser } from "../fixtures";
import { api } from "./helpers";

/** The custom migration that gives accounts with menus their version 1 (found by name: numbers change at merges). */
const MIGRATIONS = new URL("../../../../packages/db/migrations/", import.meta.url);
const backfill = readdirSync(MIGRATIONS).find((f) => f.endsWith("_ivr_versions_backfill.sql"));

let t: TestApp;
let user: TestUser;
let session: SignedIn;
let without: TestUser;

beforeAll(async () => {
  t = await createTestApp({ config: { LOG_LEVEL: "error" } });
  user = await createUser(t);
  session = await signIn(t, user);
  without = await createUser(t);
  // Menus as they were before versions: rows only.
  const [main, sales] = [newId("ivrMenu"), newId("ivrMenu")];
  await t.db.db.insert(schema.ivrMenus).values([
    {
      id: main,
      accountId: user.accountId,
      name: "Main",
      greetingTts: "Hi.",
      createdAt: new Date("2026-01-01"),
    },
    {
      id: sales,
      accountId: user.accountId,
      name: "Sales",
      description: "Leads",
      timeoutAction: "ivr_menu",
      timeoutActionDestination: main,
      createdAt: new Date("2026-01-02"),
    },
  ]);
  await t.db.db.insert(schema.ivrOptions).values([
    {
      id: newId("ivrOption"),
      menuId: main,
      accountId: user.accountId,
      keyPress: "2",
      action: "ivr_menu",
      destination: sales,
    },
    {
      id: newId("ivrOption"),
      menuId: main,
      accountId: user.accountId,
      keyPress: "#",
      action: "repeat",
      description: "Again",
    },
  ]);
});
afterAll(() => t.close());

describe("IVR versions: back-fill migration", () => {
  it("publishes each account's menus as its live version 1, the same snapshot Publish would take", async () => {
    expect(backfill).toBeDefined();
    const text = readFileSync(new URL(backfill ?? "", MIGRATIONS), "utf8");
    for (const statement of text.split("--> statement-breakpoint")) await t.db.db.execute(sql.raw(statement));

    const versions = await t.db.db.select().from(schema.ivrVersions);
    expect(versions.map((v) => [v.accountId, v.version, v.publishedBy])).toEqual([[user.accountId, 1, null]]);
    const [live] = await t.db.db
      .select()
      .from(schema.ivrLiveVersions)
      .where(eq(schema.ivrLiveVersions.accountId, user.accountId));
    expect(live?.versionId).toBe(versions[0]?.id);
    // Same shape as the application's snapshot: nothing unpublished, the draft equals version 1.
    expect(await api(t, session, "GET", "/api/ivr-menus/draft", 200)).toEqual({
      liveVersionId: versions[0]?.id,
      liveVersion: 1,
      hasUnpublishedChanges: false,
    });
    expect(versions[0]?.snapshot.menus.map((m) => [m.name, m.options.map((o) => o.keyPress)])).toEqual([
      ["Main", ["#", "2"]],
      ["Sales", []],
    ]);
    // An account without menus gets no version.
    expect(versions.some((v) => v.accountId === without.accountId)).toBe(false);
  });

  it("running it again adds nothing", async () => {
    const text = readFileSync(new URL(backfill ?? "", MIGRATIONS), "utf8");
    for (const statement of text.split("--> statement-breakpoint")) await t.db.db.execute(sql.raw(statement));
    expect(await t.db.db.select().from(schema.ivrVersions)).toHaveLength(1);
  });
});
