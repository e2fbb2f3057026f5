import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type DatabaseHandle, migrationsFolder } from "../src/client";
import { newId } from "../src/ids";
import { queryRows } from "../src/query";
import { accounts } from "../src/schema/index";
import { migrationsFingerprint } from "../src/test-templates";
import { createTestDatabase } from "../src/testing";

describe("test databases, copies of one migrated template", () => {
  let first: DatabaseHandle;
  let second: DatabaseHandle;

  beforeAll(async () => {
    first = await createTestDatabase();
    second = await createTestDatabase();
  });
  afterAll(async () => {
    await first.close();
    await second.close();
  });

  it("holds every migration of the journal, applied", async () => {
    const journal = JSON.parse(readFileSync(join(migrationsFolder, "meta", "_journal.json"), "utf8")) as {
      entries: unknown[];
    };
    const [row] = await queryRows<{ applied: string | number }>(
      first.db,
      sql`select count(*) as applied from drizzle.__drizzle_migrations`,
    );
    expect(Number(row?.applied)).toBe(journal.entries.length);
  });

  it("keeps what one copy writes out of the other", async () => {
    const id = newId("account");
    await first.db.insert(accounts).values({ id, companyName: "Only In The First" });
    expect(await first.db.select().from(accounts).where(eq(accounts.id, id))).toHaveLength(1);
    expect(await second.db.select().from(accounts).where(eq(accounts.id, id))).toHaveLength(0);
    const third = await createTestDatabase();
    try {
      expect(await third.db.select().from(accounts)).toHaveLength(0);
    } finally {
      await third.close();
    }
  });
});

describe("the migrations' fingerprint, which names the template", () => {
  let folder: string;

  beforeAll(() => {
    folder = mkdtempSync(join(tmpdir(), "migrations-"));
    cpSync(migrationsFolder, folder, { recursive: true });
  });
  afterAll(() => rmSync(folder, { recursive: true, force: true }));

  it("is the same for the same migrations, and changes with any of them", () => {
    const before = migrationsFingerprint(folder);
    expect(migrationsFingerprint(folder)).toBe(before);
    expect(migrationsFingerprint(folder)).toBe(migrationsFingerprint(migrationsFolder));
    const last = join(folder, "0000_init.sql");
    writeFileSync(last, `${readFileSync(last, "utf8")}\n-- changed\n`);
    expect(migrationsFingerprint(folder)).not.toBe(before);
  });

  it("tells engines apart by what is added to it", () => {
    expect(migrationsFingerprint(folder, "0.5.16")).not.toBe(migrationsFingerprint(folder, "0.6.0"));
  });
});
