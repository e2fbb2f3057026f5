import { mkdirSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
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
  /** PGlite only: a data directory tarball (`dumpDataDir`) to start from instead of an empty database. */
  dataDirDump?: Blob | undefined;
}

/** One factory for both engines: PostgreSQL when a URL is given, PGlite otherwise. */
export async function openDatabase(options: DatabaseOptions = {}): Promise<DatabaseHandle> {
  if (options.url) return openPostgres(options.url, options.maxConnections ?? 10);
  return openPglite(options.dataDir ?? "./data/pglite", options.dataDirDump);
}

/** A PGlite with the extensions the migrations use, empty or started from a data directory dump. */
export function createPglite(dataDir: string, dataDirDump?: Blob): Promise<PGlite> {
  // pg_trgm: the trigram indexes behind the console's substring searches (created by a migration).
  return PGlite.create(dataDir, {
    extensions: { pg_trgm },
    ...(dataDirDump && { loadDataDir: dataDirDump }),
  });
}

async function openPglite(dataDir: string, dataDirDump?: Blob): Promise<DatabaseHandle> {
  if (!dataDir.startsWith("memory://")) mkdirSync(dataDir, { recursive: true });
  const client = await createPglite(dataDir, dataDirDump);
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

/**
 * Statements with up to this many parameters are prepared on each connection (below).
 * A statement whose text varies with a list's length (an IN of one parameter per item) has as
 * many texts as lengths, so the cap bounds what each connection keeps; the hot statements send
 * their lists as one JSON parameter (`inJsonList`, `jsonRecords`) and have one text.
 */
const MAX_PREPARED_PARAMETERS = 32;

/**
 * drizzle runs every query unprepared: postgres.js then sends Parse and Describe, waits for the
 * parameter types, and sends Bind and Execute — two round trips, and a parse and plan in the
 * server, for every query. Prepared (named, kept per connection by postgres.js), a query repeated
 * is one Bind/Execute round trip on a statement PostgreSQL has parsed (and plans anew, see below).
 */
function preparing<T extends postgres.Sql | postgres.TransactionSql>(sql: T): T {
  const wrapCallback = (fn: (tx: postgres.TransactionSql) => unknown) => (tx: postgres.TransactionSql) =>
    fn(preparing(tx));
  return new Proxy(sql, {
    get(target, key, receiver) {
      if (key === "unsafe") {
        return (
          query: string,
          args: postgres.ParameterOrJSON<never>[] = [],
          options: postgres.UnsafeQueryOptions = {},
        ) => {
          const prepare = options.prepare || (args.length > 0 && args.length <= MAX_PREPARED_PARAMETERS);
          return target.unsafe(query, args, { ...options, prepare });
        };
      }
      if (key === "begin" || key === "savepoint") {
        const original = Reflect.get(target, key, receiver) as (...args: unknown[]) => unknown;
        return (...args: unknown[]) => {
          const fn = args.pop() as (tx: postgres.TransactionSql) => unknown;
          return original.apply(target, [...args, wrapCallback(fn)]);
        };
      }
      return Reflect.get(target, key, receiver);
    },
  });
}

async function openPostgres(url: string, max: number): Promise<DatabaseHandle> {
  // PostgreSQL's own choice of plan (plan_cache_mode auto): a prepared statement may run from
  // a cached generic plan once it costs no more than those made for each execution. The batched
  // statements take their rows as JSON parameters, which a plan made for the values sees no
  // better into, and look stored rows up one by one (LATERAL … LIMIT 1), which no table size
  // turns into a scan; a cached plan is made again when ANALYZE updates a table's statistics,
  // so none keeps the choices of an empty table. Planning every execution was a fifth of
  // PostgreSQL's CPU per charge (npm run bench:workers).
  const client = preparing(postgres(url, { max, onnotice: () => {} }));
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
