import type { Database } from "@poundline/db";
import { schema } from "@poundline/db";
import { and, arrayContains, desc, eq, ilike, inArray, lt, or, type SQL } from "drizzle-orm";
import { newContactRow } from "./contacts";
import { CSV_COLUMNS, csvLine, type ParsedCsv } from "./csv";
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

/**
 * Imports every valid row of a file that has no invalid one, in one transaction: all or nothing.
 * A row whose phone number the account already has is skipped (the contact is left as it is);
 * the (account, phone) key decides, so a contact added meanwhile is skipped too, not doubled.
 */
export async function importContacts(
  db: Database,
  accountId: string,
  parsed: ParsedCsv,
  context: { userId: string | null; now: Date },
): Promise<{ created: number; skipped: number }> {
  const { now, userId } = context;
  const values = parsed.rows.flatMap(({ contact }) =>
    contact ? [newContactRow(accountId, userId, contact, now)] : [],
  );
  let created = 0;
  await db.transaction(async (tx) => {
    for (let i = 0; i < values.length; i += 500) {
      const rows = await tx
        .insert(contacts)
        .values(values.slice(i, i + 500))
        .onConflictDoNothing({ target: [contacts.accountId, contacts.phone] })
        .returning({ id: contacts.id });
      created += rows.length;
    }
  });
  return { created, skipped: values.length - created };
}

/** Dates of the export: YYYY-MM-DD for a follow-up, the full instant otherwise. */
const iso = (date: Date | null) => date?.toISOString() ?? "";

/**
 * The account's contacts matching the filters as CSV, newest first, read 1,000 at a time by
 * keyset (created_at, id) so memory stays flat whatever the size.
 */
export async function* exportContactsCsv(
  db: Database,
  accountId: string,
  query: ExportContactsQuery,
): AsyncGenerator<string> {
  yield `\uFEFF${csvLine(CSV_COLUMNS)}`;
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
    yield rows
      .map((c) =>
        csvLine([
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
        ]),
      )
      .join("");
    const last = rows[rows.length - 1];
    if (!last || rows.length < 1000) return;
    after = { createdAt: last.createdAt, id: last.id };
  }
}
