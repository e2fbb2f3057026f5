import type { ExportContactsQuery } from "@poundline/contracts/crm/csv-schemas";
import type { Database } from "@poundline/db";
import { schema } from "@poundline/db";
import type { CsvCell } from "@poundline/platform/csv";
import { and, arrayContains, desc, eq, ilike, inArray, lt, or, type SQL } from "drizzle-orm";
import { newContactRow } from "./contacts";
import type { ImportRow } from "./csv";
import { type ExistingContact, type ImportMode, type ImportPlan, planImport } from "./import-plan";

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

/**
 * The account's contacts among `phones` (E.164), keyed by phone; `lock` holds them (FOR UPDATE)
 * until the transaction ends, so a merge writes over what it read.
 */
export async function existingContacts(
  db: Database,
  accountId: string,
  phones: readonly string[],
  options: { lock?: boolean } = {},
): Promise<Map<string, ExistingContact>> {
  const found = new Map<string, ExistingContact>();
  const unique = [...new Set(phones)];
  for (let i = 0; i < unique.length; i += 1000) {
    const query = db
      .select({
        id: contacts.id,
        name: contacts.name,
        phone: contacts.phone,
        email: contacts.email,
        company: contacts.company,
        address: contacts.address,
        notes: contacts.notes,
        followUpDate: contacts.followUpDate,
        tags: contacts.tags,
        customFields: contacts.customFields,
      })
      .from(contacts)
      .where(and(eq(contacts.accountId, accountId), inArray(contacts.phone, unique.slice(i, i + 1000))));
    const rows = options.lock ? await query.for("update") : await query;
    for (const row of rows) found.set(row.phone, row);
  }
  return found;
}

const phonesOf = (rows: readonly ImportRow[]) =>
  rows.flatMap((row) => (row.contact ? [row.contact.phone] : []));

/** What importing `rows` would do now, writing nothing. */
export async function previewImport(
  db: Database,
  accountId: string,
  rows: readonly ImportRow[],
  mode: ImportMode,
): Promise<ImportPlan> {
  return planImport(rows, await existingContacts(db, accountId, phonesOf(rows)), mode);
}

/** A contact with one of the file's phone numbers appeared between the read and the insert. */
class ImportRaced extends Error {}

/**
 * Imports the rows in one transaction, as planned over the account's contacts read and locked in
 * it: the new contacts inserted, the merged ones updated (their source and last-contacted left as
 * they are). Should a call create a contact with one of the file's numbers meanwhile, the whole
 * import is planned again over it, so that contact is merged into, not doubled or left out.
 */
export async function importContacts(
  db: Database,
  accountId: string,
  rows: readonly ImportRow[],
  context: { mode: ImportMode; userId: string | null; now: Date },
): Promise<ImportPlan> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await db.transaction((tx) => writeImport(tx, accountId, rows, context));
    } catch (err) {
      if (!(err instanceof ImportRaced) || attempt >= 3) throw err;
    }
  }
}

async function writeImport(
  tx: Database,
  accountId: string,
  rows: readonly ImportRow[],
  context: { mode: ImportMode; userId: string | null; now: Date },
): Promise<ImportPlan> {
  const { mode, now, userId } = context;
  const existing = await existingContacts(tx, accountId, phonesOf(rows), { lock: true });
  const plan = planImport(rows, existing, mode);
  const values = plan.creates.map(({ contact }) => newContactRow(accountId, userId, contact, now));
  for (let i = 0; i < values.length; i += 500) {
    const batch = values.slice(i, i + 500);
    const inserted = await tx
      .insert(contacts)
      .values(batch)
      .onConflictDoNothing({ target: [contacts.accountId, contacts.phone] })
      .returning({ id: contacts.id });
    if (inserted.length < batch.length) throw new ImportRaced();
  }
  for (const { contactId, patch } of plan.merges)
    await tx
      .update(contacts)
      .set({ ...patch, updatedAt: now })
      .where(and(eq(contacts.accountId, accountId), eq(contacts.id, contactId)));
  return plan;
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
