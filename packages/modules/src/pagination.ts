import { type Cursor, encodeCursor } from "@poundline/contracts/cursor";
import { type AnyColumn, asc, desc, type SQL, sql } from "drizzle-orm";
import type { PgSelect } from "drizzle-orm/pg-core";

/**
 * Keyset pagination over a list's order, (time, id) newest first unless said otherwise: the rows
 * after a cursor, and the cursor of a page's last row. The sort key is read by the database
 * itself, to the microsecond (a JavaScript Date keeps milliseconds: a cursor made from one would
 * repeat or skip rows). `id` is unique in the list, so the order is total.
 */
export interface SortKey {
  readonly at: AnyColumn | SQL;
  readonly id: AnyColumn | SQL;
  /** Oldest first (numbers, as bought); newest first otherwise. */
  readonly ascending?: boolean;
  /** `at` is a sequence number (the order rows were written), not a time. */
  readonly sequence?: boolean;
}

/** The rows strictly after `cursor` in the key's order; undefined for the first page. */
export function afterCursor(key: SortKey, cursor: Cursor | undefined): SQL | undefined {
  if (!cursor) return undefined;
  const comparison = key.ascending ? sql`>` : sql`<`;
  const at = key.sequence ? sql`${cursor.at}::bigint` : sql`${cursor.at}::timestamptz`;
  return sql`(${key.at}, ${key.id}) ${comparison} (${at}, ${cursor.id})`;
}

/** The order by of the key. */
export const orderOf = (key: SortKey): SQL[] =>
  key.ascending ? [asc(key.at), asc(key.id)] : [desc(key.at), desc(key.id)];

/** The row's sort key as JSON text, for `nextCursorOf`: select it as `sortKey`. */
export function sortKeyOf(key: SortKey): SQL<string> {
  const at = key.sequence
    ? sql`${key.at}::text`
    : sql`to_char(${key.at} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;
  return sql<string>`json_build_array(${at}, ${key.id})::text`;
}

/**
 * The rows a list whose `limit` is optional reads (the console's short lists answer whole): one
 * more than the page, for `pageOf`, or all.
 */
export function limitedTo<Q extends PgSelect>(query: Q, limit: number | undefined): Q {
  return limit === undefined ? query : query.limit(limit + 1);
}

/**
 * A page of `limit` rows from `rows`, read with `limit + 1` so that the extra row says whether
 * another page follows: the page, and the cursor of its last row (null when it is the last).
 */
export function pageOf<T extends { sortKey: string }>(
  rows: readonly T[],
  limit: number | undefined,
): { rows: T[]; nextCursor: string | null } {
  if (limit === undefined) return { rows: [...rows], nextCursor: null };
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  return { rows: page, nextCursor: rows.length > limit && last ? encodeCursor(last.sortKey) : null };
}
