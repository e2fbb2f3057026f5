import { randomBytes } from "node:crypto";
import { sql } from "drizzle-orm";
import postgres from "postgres";
import { type Database, type DatabaseHandle, openDatabase } from "./client";
import { queryRows } from "./query";
import { databaseUrl, pgliteTemplateDump, postgresTemplateName } from "./test-templates";

/**
 * A fresh, migrated database for one test file: a new PostgreSQL database when
 * TEST_DATABASE_URL is set (dropped on close), an in-memory PGlite otherwise. Both are copies
 * of a template migrated once (see test-templates.ts), so no file sees another's data.
 */
export async function createTestDatabase(): Promise<DatabaseHandle> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) return openDatabase({ dataDir: "memory://", dataDirDump: await pgliteTemplateDump() });
  const template = await postgresTemplateName(serverUrl);
  const name = `test_${Date.now().toString(36)}_${randomBytes(4).toString("hex")}`;
  const admin = postgres(serverUrl, { max: 1, onnotice: () => {} });
  await admin.unsafe(`create database "${name}" template "${template}"`);
  const handle = await openDatabase({ url: databaseUrl(serverUrl, name), maxConnections: 5 });
  return {
    ...handle,
    close: async () => {
      await handle.close();
      await admin.unsafe(`drop database if exists "${name}" with (force)`);
      await admin.end();
    },
  };
}

/** An account's wallet balance and the sum of its ledger entries, as of one instant. */
export interface WalletAndLedger {
  balanceCents: number;
  ledgerCents: number;
  entries: number;
}

/**
 * Reads the wallet and its ledger in ONE statement, so one snapshot: two separate reads taken
 * while charges land see a charge in the second that the first missed, and disagree by it.
 */
export async function walletAndLedger(db: Database, accountId: string): Promise<WalletAndLedger> {
  const [row] = await queryRows<{
    balance: string | number;
    ledger: string | number;
    entries: string | number;
  }>(
    db,
    sql`select
      coalesce((select balance_cents from wallets where account_id = ${accountId}), 0) as balance,
      coalesce((select sum(amount_cents) from ledger_entries where account_id = ${accountId}), 0) as ledger,
      (select count(*) from ledger_entries where account_id = ${accountId}) as entries`,
  );
  return {
    balanceCents: Number(row?.balance ?? 0),
    ledgerCents: Number(row?.ledger ?? 0),
    entries: Number(row?.entries ?? 0),
  };
}
