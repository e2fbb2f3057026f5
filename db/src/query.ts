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
