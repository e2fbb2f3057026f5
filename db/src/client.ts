import { mkdirSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { PGlite } from "@electric-sql/pglite";
import { sql } from "drizzle-orm";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import { drizzle as drizzlePostgres } from "drizzle-orm/postgres-js";
import { migrate as migratePostgres } from "drizzle-orm/postgres-js/migrator";
import postgres from "postgres";
import * as schema from "./schema/index";

export type Schema = typeof schema;
/** The database, or a transaction on it: both drivers share this type. */
export type Database = PgDatabase<PgQueryResultHKT, Schema>;

export interface DatabaseHandle {
  db: Database;
  driver: "pglite" | "postgres";
  /** Applies the drizzle-kit migrations that have not run yet. */
  migrate(): Promise<void>;
  /** Round trip used by health checks. */
  ping(): Promise<void>;
  close(): Promise<void>;
}

export const migrationsFolder = fileURLToPath(new URL("../migrations", import.meta.url));

export interface DatabaseOptions {
  /** postgres:// URL; when absent the embedded PGlite is used. */
  url?: string | undefined;
  /** PGlite data directory; "memory://" for a throwaway database. */
  dataDir?: string | undefined;
  /** Pool size for PostgreSQL. */
  maxConnections?: number;
}

/** One factory for both engines: PostgreSQL when a URL is given, PGlite otherwise. */
export async function openDatabase(options: DatabaseOptions = {}): Promise<DatabaseHandle> {
  if (options.url) return openPostgres(options.url, options.maxConnections ?? 10);
  return openPglite(options.dataDir ?? "./data/pglite");
}

async function openPglite(dataDir: string): Promise<DatabaseHandle> {
  if (!dataDir.startsWith("memory://")) mkdirSync(dataDir, { recursive: true });
  const client = await PGlite.create(dataDir);
  const db = drizzlePglite({ client, schema }) as unknown as Database;
  return {
    db,
    driver: "pglite",
    migrate: () => migratePglite(drizzlePglite({ client, schema }), { migrationsFolder }),
    ping: async () => {
      await client.query("select 1");
    },
    close: () => client.close(),
  };
}

// Any fixed number shared by every instance: the migration lock of this application.
const MIGRATION_LOCK_KEY = 7_411_001;

async function openPostgres(url: string, max: number): Promise<DatabaseHandle> {
  const client = postgres(url, { max, onnotice: () => {} });
  const db = drizzlePostgres({ client, schema }) as unknown as Database;
  return {
    db,
    driver: "postgres",
    migrate: async () => {
      // One connection holds an advisory lock, so instances starting together migrate once.
      const single = postgres(url, { max: 1, onnotice: () => {} });
      try {
        await single`select pg_advisory_lock(${MIGRATION_LOCK_KEY})`;
        await migratePostgres(drizzlePostgres({ client: single }), { migrationsFolder });
        await single`select pg_advisory_unlock(${MIGRATION_LOCK_KEY})`;
      } finally {
        await single.end();
      }
    },
    ping: async () => {
      await db.execute(sql`select 1`);
    },
    close: () => client.end({ timeout: 5 }),
  };
}
