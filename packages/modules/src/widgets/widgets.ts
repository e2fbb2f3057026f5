import type {
  CreateWidgetBody,
  LicensedNumber,
  PublicWidget,
  UpdateWidgetBody,
  WidgetView,
} from "@poundline/contracts/widgets/schemas";
import { type Database, newId, schema } from "@poundline/db";
import { and, asc, eq } from "drizzle-orm";

type Row = typeof schema.widgetConfigurations.$inferSelect;

/**
 * The numbers a widget of the account may use: its own numbers and the shared numbers of its
 * active territory licences (the seed: licensee equal, status active).
 */
export async function listLicensedNumbers(db: Database, accountId: string): Promise<LicensedNumber[]> {
  const { phoneNumbers: n, territoryLicenses: l, sharedNumbers: s } = schema;
  const [numbers, licenses] = await Promise.all([
    db
      .select({ id: n.id, e164: n.e164, friendlyName: n.friendlyName })
      .from(n)
      .where(eq(n.accountId, accountId))
      .orderBy(asc(n.e164)),
    db
      .select({ id: l.id, poundCode: l.poundCode, e164: s.e164 })
      .from(l)
      .innerJoin(s, eq(s.id, l.sharedNumberId))
      .where(and(eq(l.accountId, accountId), eq(l.status, "active")))
      .orderBy(asc(l.poundCode), asc(l.id)),
  ]);
  return [
    ...numbers.map((row) => ({
      id: row.id,
      kind: "phone_number" as const,
      e164: row.e164,
      label: row.friendlyName || row.e164,
    })),
    ...licenses.map((row) => ({
      id: row.id,
      kind: "territory_license" as const,
      e164: row.e164,
      label: row.poundCode,
    })),
  ];
}

const numberIdOf = (row: Row) => row.phoneNumberId ?? row.territoryLicenseId;

const view = (row: Row, numbers: Map<string, LicensedNumber>): WidgetView => {
  const numberId = numberIdOf(row);
  return {
    id: row.id,
    name: row.name,
    type: row.type,
    callText: row.callText,
    smsText: row.smsText,
    primaryColor: row.primaryColor,
    textColor: row.textColor,
    position: row.position,
    allowedOrigins: row.allowedOrigins,
    dailyCap: row.dailyCap,
    // A licence no longer active (or a number gone) no longer counts as the widget's number.
    licensedNumber: (numberId && numbers.get(numberId)) || null,
    publicKey: row.publicKey,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  };
};

const byId = (numbers: LicensedNumber[]) => new Map(numbers.map((n) => [n.id, n]));

export async function listWidgets(db: Database, accountId: string): Promise<WidgetView[]> {
  const w = schema.widgetConfigurations;
  const [rows, numbers] = await Promise.all([
    db.select().from(w).where(eq(w.accountId, accountId)).orderBy(asc(w.createdAt), asc(w.id)),
    listLicensedNumbers(db, accountId),
  ]);
  const map = byId(numbers);
  return rows.map((row) => view(row, map));
}

export async function findWidget(db: Database, accountId: string, id: string): Promise<WidgetView | null> {
  const w = schema.widgetConfigurations;
  const [row] = await db
    .select()
    .from(w)
    .where(and(eq(w.id, id), eq(w.accountId, accountId)));
  return row ? view(row, byId(await listLicensedNumbers(db, accountId))) : null;
}

export type WidgetSaveResult =
  | { ok: true; widget: WidgetView }
  | { ok: false; reason: "not_found" | "unlicensed_number" };

/** The number columns for a licensed number id, or null when it is not one of the account's. */
function numberColumns(numbers: LicensedNumber[], id: string) {
  const found = numbers.find((n) => n.id === id);
  if (!found) return null;
  return found.kind === "phone_number"
    ? { phoneNumberId: found.id, territoryLicenseId: null }
    : { phoneNumberId: null, territoryLicenseId: found.id };
}

export async function createWidget(
  db: Database,
  accountId: string,
  body: CreateWidgetBody,
  now: Date,
): Promise<WidgetSaveResult> {
  const { licensedNumberId, ...fields } = body;
  return db.transaction(async (tx): Promise<WidgetSaveResult> => {
    const numbers = await listLicensedNumbers(tx, accountId);
    const columns = numberColumns(numbers, licensedNumberId);
    if (!columns) return { ok: false, reason: "unlicensed_number" };
    const [row] = await tx
      .insert(schema.widgetConfigurations)
      .values({
        id: newId("widget"),
        accountId,
        ...fields,
        ...columns,
        publicKey: newId("widgetKey"),
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    if (!row) throw new Error("widget not inserted");
    return { ok: true, widget: view(row, byId(numbers)) };
  });
}

export async function updateWidget(
  db: Database,
  accountId: string,
  id: string,
  body: UpdateWidgetBody,
  now: Date,
): Promise<WidgetSaveResult> {
  const { licensedNumberId, ...fields } = body;
  const w = schema.widgetConfigurations;
  return db.transaction(async (tx): Promise<WidgetSaveResult> => {
    const where = and(eq(w.id, id), eq(w.accountId, accountId));
    const [current] = await tx.select({ id: w.id }).from(w).where(where).for("update");
    if (!current) return { ok: false, reason: "not_found" };
    const numbers = await listLicensedNumbers(tx, accountId);
    const columns = licensedNumberId === undefined ? {} : numberColumns(numbers, licensedNumberId);
    if (!columns) return { ok: false, reason: "unlicensed_number" };
    const [row] = await tx
      .update(w)
      .set({ ...fields, ...columns, updatedAt: now })
      .where(where)
      .returning();
    if (!row) return { ok: false, reason: "not_found" };
    return { ok: true, widget: view(row, byId(numbers)) };
  });
}

export async function deleteWidget(db: Database, accountId: string, id: string): Promise<boolean> {
  const w = schema.widgetConfigurations;
  const deleted = await db
    .delete(w)
    .where(and(eq(w.id, id), eq(w.accountId, accountId)))
    .returning({ id: w.id });
  return deleted.length > 0;
}

/**
 * The public face of a widget by its key, with the origins allowed to see it; null when the key
 * is unknown. Availability follows the same rule as the console's licensed numbers.
 */
export async function findPublicWidget(
  db: Database,
  publicKey: string,
): Promise<{ widget: PublicWidget; allowedOrigins: string[] } | null> {
  const w = schema.widgetConfigurations;
  const [row] = await db.select().from(w).where(eq(w.publicKey, publicKey));
  if (!row) return null;
  const numberId = numberIdOf(row);
  const available =
    numberId !== null && (await listLicensedNumbers(db, row.accountId)).some((n) => n.id === numberId);
  return {
    widget: {
      publicKey: row.publicKey,
      type: row.type,
      callText: row.callText,
      smsText: row.smsText,
      primaryColor: row.primaryColor,
      textColor: row.textColor,
      position: row.position,
      available,
    },
    allowedOrigins: row.allowedOrigins,
  };
}
