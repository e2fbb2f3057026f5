import type { Database } from "@poundline/db";
import { schema } from "@poundline/db";
import { and, arrayContains, desc, eq, ilike, inArray, lt, or, type SQL } from "drizzle-orm";
import type { CsvCell } from "../http/csv-export";
import { newContactRow } from "./contacts";
import type { ImportRow } from "./csv";
import type { ExportContactsQuery } from "./csv-schemas";

const { contacts } = schema;

/** `%term%` for ILIKE, with the pattern characters of the term taken literally. */
function containsPattern(term: string): string {
  return `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** The contacts list's filters (search over name, phone, email and company; status, type, tag). */
export function contactsWhere(accountId: string, query: ExportContactsQuery): SQL | undefined {
  const conditions: (SQL | undefined)[] = [eq(contacts.accountId, accountId)];
  if (query.q) {
    const pattern = containsPattern(query.q);
    const digits = query.q.replace(/\D/g, "");
    conditions.push(
      or(
        ilike(contacts.name, pattern),
        ilike(contacts.phone, pattern),
        ilike(contacts.email, pattern),
        ilike(contacts.company, pattern),
        digits.length >= 3 ? ilike(contacts.phone, containsPattern(digits)) : undefined,
      ),
    );
  }
  if (query.leadStatus) conditions.push(eq(contacts.leadStatus, query.leadStatus));
  if (query.contactType) conditions.push(eq(contacts.contactType, query.contactType));
  if (query.tag) conditions.push(arrayContains(contacts.tags, [query.tag]));
  return and(...conditions);
}

/** Phone numbers among `phones` that a contact of the account already has. */
export async function existingPhones(
  db: Database,
  accountId: string,
  phones: string[],
): Promise<Set<string>> {
  const found = new Set<string>();
  for (let i = 0; i < phones.length; i += 1000) {
    const rows = await db
      .select({ phone: contacts.phone })
      .from(contacts)
      .where(and(eq(contacts.accountId, accountId), inArray(contacts.phone, phones.slice(i, i + 1000))));
    for (const row of rows) found.add(row.phone);
  }
  return found;
}

export type ImportOutcome = "created" | "existing" | "skipped";

/**
 * Imports the rows that make a contact, in one transaction, and says what became of each row. A
 * row whose phone number the account already has is left out (the contact stays as it is); the
 * (account, phone) key decides, so a contact added meanwhile is left out too, not doubled.
 */
export async function importContacts(
  db: Database,
  accountId: string,
  rows: readonly ImportRow[],
  context: { userId: string | null; now: Date },
): Promise<{ row: ImportRow; outcome: ImportOutcome }[]> {
  const { now, userId } = context;
  const values = rows.flatMap(({ contact }) =>
    contact ? [newContactRow(accountId, userId, contact, now)] : [],
  );
  const created = new Set<string>();
  await db.transaction(async (tx) => {
    for (let i = 0; i < values.length; i += 500) {
      const inserted = await tx
        .insert(contacts)
        .values(values.slice(i, i + 500))
        .onConflictDoNothing({ target: [contacts.accountId, contacts.phone] })
        .returning({ phone: contacts.phone });
      for (const { phone } of inserted) created.add(phone);
    }
  });
  return rows.map((row) => ({
    row,
    outcome: !row.contact ? "skipped" : created.has(row.contact.phone) ? "created" : "existing",
  }));
}

/** Dates of the export: YYYY-MM-DD for a follow-up, the full instant otherwise. */
const iso = (date: Date | null) => date?.toISOString() ?? "";

/**
 * The account's contacts matching the filters as CSV rows, newest first, read 1,000 at a time by
 * keyset (created_at, id) so memory stays flat whatever the size.
 */
export async function* exportContactRows(
  db: Database,
  accountId: string,
  query: ExportContactsQuery,
): AsyncGenerator<CsvCell[][]> {
  const where = contactsWhere(accountId, query);
  let after: { createdAt: Date; id: string } | null = null;
  for (;;) {
    const cursor: SQL | undefined = after
      ? or(
          lt(contacts.createdAt, after.createdAt),
          and(eq(contacts.createdAt, after.createdAt), lt(contacts.id, after.id)),
        )
      : undefined;
    const rows: (typeof contacts.$inferSelect)[] = await db
      .select()
      .from(contacts)
      .where(and(where, cursor))
      .orderBy(desc(contacts.createdAt), desc(contacts.id))
      .limit(1000);
    if (rows.length === 0) return;
    yield rows.map((c) => [
      c.name,
      c.phone,
      c.email,
      c.company,
      c.address,
      c.notes,
      c.leadStatus,
      c.contactType,
      c.source,
      c.tags.join(", "),
      iso(c.lastContacted),
      iso(c.followUpDate),
    ]);
    const last = rows[rows.length - 1];
    if (!last || rows.length < 1000) return;
    after = { createdAt: last.createdAt, id: last.id };
  }
}
