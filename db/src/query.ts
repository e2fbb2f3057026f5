import type { SQL } from "drizzle-orm";
import type { Database } from "./client";

/**
 * Runs a statement written with drizzle's `sql` (for what the builders cannot say, such as a
 * WITH of several data-modifying steps) and returns its rows. The two drivers answer
 * `execute` differently: postgres.js with an array of rows, PGlite with `{ rows }`.
 */
export async function queryRows<T extends Record<string, unknown>>(db: Database, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as T[] | { rows: T[] };
  return Array.isArray(result) ? result : result.rows;
}

/**
 * The SQLSTATE of a database error (`23503` for a foreign key violation…), whichever driver
 * raised it and however drizzle wrapped it (the driver's error is the `cause`); undefined for
 * any other error.
 */
export function sqlStateOf(error: unknown): string | undefined {
  for (let e: unknown = error, depth = 0; e instanceof Error && depth < 5; depth++) {
    if ("code" in e && typeof e.code === "string" && /^[0-9A-Z]{5}$/.test(e.code)) return e.code;
    e = e.cause;
  }
  return undefined;
}

/**
 * A foreign key violation (SQLSTATE 23503): the row referred to is gone, e.g. an account deleted
 * while a carrier event for it was on its way.
 */
export function isForeignKeyViolation(error: unknown): boolean {
  return sqlStateOf(error) === "23503";
}
