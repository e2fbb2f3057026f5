import { schema } from "@poundline/db";
import { count, getTableName, is } from "drizzle-orm";
import { PgTable } from "drizzle-orm/pg-core";
import type { TestApp } from "../src/testing";

/** Odd but legal input every text field must refuse with a 400, never a 500. */
export const NUL = "\u0000";
/** A year PostgreSQL has no room for. */
export const YEAR_ZERO = "0000-01-01";

const tables: PgTable[] = Object.values(schema as Record<string, unknown>).filter((value): value is PgTable =>
  is(value, PgTable),
);

/** The number of rows of every table: equal before and after means nothing was written. */
export async function rowCounts(t: TestApp): Promise<Record<string, number>> {
  const counted = await Promise.all(
    tables.map(async (table) => {
      const [row] = await t.db.db.select({ n: count() }).from(table);
      return [getTableName(table), row?.n ?? 0] as const;
    }),
  );
  return Object.fromEntries(counted);
}

export interface ErrorJson {
  error: { code: string; message: string; requestId: string; fields?: Record<string, string[]> };
}
