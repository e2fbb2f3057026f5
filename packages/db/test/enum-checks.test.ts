import { E164_PATTERN, isE164 } from "@poundline/domain/phone";
import { RING_TIMEOUT_SECONDS } from "@poundline/domain/routing-defaults";
import { is, sql } from "drizzle-orm";
import { getTableConfig, PgTable } from "drizzle-orm/pg-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "../src/client";
import { queryRows } from "../src/query";
import * as schema from "../src/schema/index";
import { createTestDatabase } from "../src/testing";

/** A CHECK constraint of the migrated database over one column. */
interface ColumnCheck {
  table: string;
  column: string;
  name: string;
  /** The constraint's expression, as the database prints it. */
  expression: string;
}

/** Every table's columns typed with an enumeration (`text(name, { enum })`). */
const enumColumns = Object.values(schema as Record<string, unknown>)
  .filter((value): value is PgTable => is(value, PgTable))
  .flatMap((table) => {
    const { name, columns } = getTableConfig(table);
    return columns
      .filter((column) => (column.enumValues?.length ?? 0) > 0)
      .map((column) => ({ table: name, column: column.name, values: column.enumValues ?? [] }));
  });

/**
 * The database, not the drizzle schema, is asked: each column typed with an enumeration has one
 * CHECK of its own that lets exactly those values in, so the column's type and the constraint in
 * the migrations cannot drift apart.
 */
describe("enumeration columns and their CHECK constraints", () => {
  let handle: DatabaseHandle;
  let checks: ColumnCheck[];

  beforeAll(async () => {
    handle = await createTestDatabase();
    checks = await queryRows<ColumnCheck & Record<string, unknown>>(
      handle.db,
      sql`select rel.relname as "table", att.attname as "column", con.conname as "name",
            regexp_replace(pg_get_constraintdef(con.oid), '^CHECK \\((.*)\\)$', '\\1') as "expression"
          from pg_constraint con
          join pg_class rel on rel.oid = con.conrelid
          join pg_attribute att on att.attrelid = rel.oid and att.attnum = con.conkey[1]
          where con.contype = 'c' and cardinality(con.conkey) = 1
            and rel.relnamespace = current_schema()::regnamespace`,
    );
  });
  afterAll(() => handle.close());

  /** Whether `check` lets `value` into its column. */
  async function allows(check: ColumnCheck, value: string): Promise<boolean> {
    const [row] = await queryRows<{ ok: boolean | null }>(
      handle.db,
      sql`select (${sql.raw(check.expression)}) as ok from (select ${value}::text as ${sql.identifier(check.column)}) as probe`,
    );
    return row?.ok !== false;
  }

  it("finds the typed columns", () => {
    expect(enumColumns.length).toBeGreaterThanOrEqual(40);
    expect(enumColumns).toContainEqual(expect.objectContaining({ table: "contacts", column: "lead_status" }));
  });

  it.each(enumColumns)(
    "$table ($column) allows exactly its enumeration",
    async ({ table, column, values }) => {
      const own = checks.filter((c) => c.table === table && c.column === column);
      expect(own.map((c) => c.name)).toHaveLength(1);
      const check = own[0] as ColumnCheck;
      for (const value of values) expect(await allows(check, value), value).toBe(true);
      for (const outside of ["", "not-a-value", `${values[0]} `, values[0]?.toUpperCase() ?? "X"])
        if (!values.includes(outside)) expect(await allows(check, outside), outside).toBe(false);
    },
  );

  it("every single-column list CHECK of text is over a typed column", () => {
    const typed = new Set(enumColumns.map((c) => `${c.table}.${c.column}`));
    // Lists of numbers (a recording retention's days) have no text enumeration to type them.
    const lists = checks.filter((c) => /= ANY \(ARRAY\['/.test(c.expression));
    // Lists of one are printed as `= 'value'`: admin_users.role, call_recordings.deleted_reason.
    expect(lists.length).toBeGreaterThanOrEqual(enumColumns.length - 2);
    expect(lists.filter((c) => !typed.has(`${c.table}.${c.column}`)).map((c) => c.name)).toEqual([]);
  });

  it("an account keeps its recordings 30, 90 or 365 days, or forever (null)", async () => {
    const check = checks.find((c) => c.name === "accounts_recording_retention_check") as ColumnCheck;
    const [row] = await queryRows<Record<string, boolean | null>>(
      handle.db,
      sql`select ${sql.raw(
        [30, 90, 365, 0, 31, 366]
          .map(
            (days) =>
              `(${check.expression.replaceAll("recording_retention_days", String(days))}) as "d${days}"`,
          )
          .join(", "),
      )}`,
    );
    expect(row).toEqual({ d30: true, d90: true, d365: true, d0: false, d31: false, d366: false });
  });

  const phoneChecks = [
    "phone_numbers_e164_check",
    "shared_numbers_e164_check",
    "sms_opt_outs_our_number_check",
    "sms_opt_outs_subscriber_number_check",
  ];

  it.each(phoneChecks)("%s uses the one E.164 pattern", async (name) => {
    const check = checks.find((c) => c.name === name) as ColumnCheck;
    expect(check.expression).toContain(E164_PATTERN);
    for (const value of [
      "+13125550100",
      "+442079460958",
      "+1234567",
      "+123456789012345",
      "+123456",
      "+1234567890123456",
      "+01234567",
      "13125550100",
      "+1 312 555 0100",
      "(312) 555-0100",
    ])
      expect(await allows(check, value), value).toBe(isE164(value));
  });

  it("holds the ring timeout to the routing defaults' range", async () => {
    const [row] = await queryRows<{ expression: string }>(
      handle.db,
      sql`select pg_get_constraintdef(oid) as expression from pg_constraint
          where conname = 'number_routing_ring_timeout_check'`,
    );
    expect(row?.expression).toMatch(
      new RegExp(`>= ${RING_TIMEOUT_SECONDS.min}\\b.*<= ${RING_TIMEOUT_SECONDS.max}\\b`),
    );
  });
});
