import { type SQL, sql } from "drizzle-orm";
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

/**
 * `= any(…)` over a list sent as one JSON parameter: the statement's text is the same whatever
 * the list's length, so it is prepared once per connection and planned from the cache (a list of
 * parameters makes a new statement for every length). Both drivers send it as text.
 */
export function inJsonList(values: readonly string[]): SQL {
  return sql`any(array(select jsonb_array_elements_text(${JSON.stringify(values)}::jsonb)))`;
}

/** Rows sent as one JSON parameter, read back with `jsonb_to_recordset(…) as x(<columns>)`. */
export function jsonRecords(rows: readonly Record<string, unknown>[]): SQL {
  return sql`jsonb_to_recordset(${JSON.stringify(rows)}::jsonb)`;
}
