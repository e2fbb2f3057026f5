import { sql } from "drizzle-orm";
import { text, timestamp } from "drizzle-orm/pg-core";

/** A timestamptz column read as a Date. */
export const instant = (name: string) => timestamp(name, { withTimezone: true, mode: "date" });

/** created_at / updated_at, shared by every table that has them. */
export const timestamps = {
  createdAt: instant("created_at").notNull().defaultNow(),
  updatedAt: instant("updated_at").notNull().defaultNow(),
};

export const createdAt = { createdAt: instant("created_at").notNull().defaultNow() };

/** Primary key of prefixed text ids (see ids.ts). */
export const idColumn = () => text("id").primaryKey();

/** `col IN ('a','b',…)` for a CHECK constraint over an enumeration of the seeds. */
export function oneOf(column: { name: string }, values: readonly string[]) {
  const list = values.map((v) => `'${v.replaceAll("'", "''")}'`).join(", ");
  return sql.raw(`"${column.name}" in (${list})`);
}
