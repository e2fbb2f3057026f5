import type {
  Contact,
  CreateContactBody,
  ListContactsQuery,
  UpdateContactBody,
} from "@poundline/contracts/crm/schemas";
import type { Database } from "@poundline/db";
import { newId, queryRows, schema } from "@poundline/db";
import { and, arrayContains, count, desc, eq, getTableColumns, ilike, or, type SQL, sql } from "drizzle-orm";
import { afterCursor, pageOf, type SortKey, sortKeyOf } from "../pagination";
import { emitWebhookEvent } from "../webhooks/emit";

const { contacts, contactTags } = schema;

type ContactRow = typeof contacts.$inferSelect;

function toContact(row: ContactRow): Contact {
  return {
    id: row.id,
    userId: row.userId,
    name: row.name,
    phone: row.phone,
    email: row.email,
    company: row.company,
    address: row.address,
    notes: row.notes,
    leadStatus: row.leadStatus,
    contactType: row.contactType,
    source: row.source,
    lastContacted: row.lastContacted,
    followUpDate: row.followUpDate,
    timeZone: row.timeZone,
    tags: row.tags,
    customFields: row.customFields,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  };
}

/** The digits of a search term, when it has enough of them to look for in stored numbers. */
function phoneDigits(term: string): string | null {
  const digits = term.replace(/\D/g, "");
  return digits.length >= 3 ? digits : null;
}

/** `%term%` for ILIKE, with the pattern characters of the term taken literally. */
function containsPattern(term: string): string {
  return `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

const byIdInAccount = (accountId: string, contactId: string) =>
  and(eq(contacts.accountId, accountId), eq(contacts.id, contactId));

/** The contacts list's filters, the account first. */
function contactsWhere(accountId: string, query: ListContactsQuery): SQL | undefined {
  const conditions: (SQL | undefined)[] = [eq(contacts.accountId, accountId)];
  if (query.q) {
    const pattern = containsPattern(query.q);
    const digits = phoneDigits(query.q);
    conditions.push(
      or(
        ilike(contacts.name, pattern),
        ilike(contacts.phone, pattern),
        ilike(contacts.email, pattern),
        ilike(contacts.company, pattern),
        digits ? ilike(contacts.phone, containsPattern(digits)) : undefined,
      ),
    );
  }
  if (query.leadStatus) conditions.push(eq(contacts.leadStatus, query.leadStatus));
  if (query.contactType) conditions.push(eq(contacts.contactType, query.contactType));
  if (query.tag) conditions.push(arrayContains(contacts.tags, [query.tag]));
  return and(...conditions);
}

const contactOrder: SortKey = { at: contacts.createdAt, id: contacts.id };

/**
 * The statements of a contacts list request (exported for bench:console's plans): the page after
 * the cursor, read one row long to know whether another follows, and the count of the matches.
 */
export function contactsStatements(db: Database, accountId: string, query: ListContactsQuery) {
  const where = contactsWhere(accountId, query);
  const fromCursor = afterCursor(contactOrder, query.cursor);
  if (query.q) return { search: searchStatement(db, where, fromCursor, query), where };
  return {
    page: db
      .select({ ...getTableColumns(contacts), sortKey: sortKeyOf(contactOrder) })
      .from(contacts)
      .where(and(where, fromCursor))
      .orderBy(desc(contacts.createdAt), desc(contacts.id))
      .limit(query.limit + 1)
      .offset(query.offset),
    count: db.select({ total: count() }).from(contacts).where(where),
  };
}

export async function listContacts(
  db: Database,
  accountId: string,
  query: ListContactsQuery,
): Promise<{ contacts: Contact[]; total: number; nextCursor: string | null }> {
  const statements = contactsStatements(db, accountId, query);
  if (statements.search) {
    const rows = await statements.search;
    // A page past the end holds no row to carry the count.
    const total =
      rows[0]?.total ??
      (query.offset === 0 && !query.cursor
        ? 0
        : ((await db.select({ total: count() }).from(contacts).where(statements.where))[0]?.total ?? 0));
    const page = pageOf(rows, query.limit);
    return { contacts: page.rows.map((r) => toContact(r.contact)), total, nextCursor: page.nextCursor };
  }
  const [rows, [counted]] = await Promise.all([statements.page, statements.count]);
  const page = pageOf(rows, query.limit);
  return { contacts: page.rows.map(toContact), total: counted?.total ?? 0, nextCursor: page.nextCursor };
}

/**
 * A search's matches are gathered once (the trigram index, contacts_search_idx), counted and
 * sorted from there; only the page's rows are then read whole. Walking the list in date order
 * instead would read the account's contacts until a page of matches turns up. The count is of
 * every match, the page of those after the cursor.
 */
function searchStatement(
  db: Database,
  where: SQL | undefined,
  fromCursor: SQL | undefined,
  query: ListContactsQuery,
) {
  const matched = db.$with("matched").as(
    db
      .select({
        id: contacts.id,
        at: contacts.createdAt,
        after: sql<boolean>`${fromCursor ?? sql`true`}`.as("after"),
      })
      .from(contacts)
      .where(where),
  );
  const page = db
    .select({
      id: matched.id,
      at: matched.at,
      total: sql<number>`(select count(*) from ${matched})`.mapWith(Number).as("total"),
    })
    .from(matched)
    .where(sql`${matched.after}`)
    .orderBy(desc(matched.at), desc(matched.id))
    .limit(query.limit + 1)
    .offset(query.offset)
    .as("page");
  return db
    .with(matched)
    .select({ contact: contacts, total: page.total, sortKey: sortKeyOf({ at: page.at, id: page.id }) })
    .from(page)
    .innerJoin(contacts, eq(contacts.id, page.id))
    .orderBy(desc(page.at), desc(page.id));
}

export async function findContact(
  db: Database,
  accountId: string,
  contactId: string,
): Promise<Contact | null> {
  const [row] = await db.select().from(contacts).where(byIdInAccount(accountId, contactId)).limit(1);
  return row ? toContact(row) : null;
}

export type ContactWrite<T> = { ok: true; contact: T } | { ok: false; reason: "duplicate_phone" };

/** The row a new contact makes (the Add Contact form, a CSV import's rows). */
export function newContactRow(accountId: string, userId: string | null, input: CreateContactBody, now: Date) {
  return {
    id: newId("contact"),
    accountId,
    userId,
    name: input.name,
    phone: input.phone,
    email: input.email ?? null,
    company: input.company ?? null,
    address: input.address ?? null,
    notes: input.notes ?? null,
    leadStatus: input.leadStatus,
    contactType: input.contactType,
    source: input.source,
    lastContacted: input.lastContacted ?? now,
    followUpDate: input.followUpDate ?? null,
    tags: input.tags ?? [],
    customFields: input.customFields ?? {},
    timeZone: input.timeZone ?? null,
    createdAt: now,
    updatedAt: now,
  };
}

export async function createContact(
  db: Database,
  accountId: string,
  input: CreateContactBody,
  context: { userId: string | null; now: Date },
): Promise<ContactWrite<Contact>> {
  const { now } = context;
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(contacts)
      .values(newContactRow(accountId, context.userId, input, now))
      .onConflictDoNothing({ target: [contacts.accountId, contacts.phone] })
      .returning();
    if (!row) return { ok: false, reason: "duplicate_phone" };
    const contact = toContact(row);
    await emitContactEvent(tx, accountId, "contact.created", contact, now);
    return { ok: true, contact };
  });
}

/** A contact's webhook event, in the transaction that wrote it: the console's view of it and its /v1 path. */
function emitContactEvent(
  tx: Database,
  accountId: string,
  type: "contact.created" | "contact.updated",
  contact: Contact,
  at: Date,
) {
  const data = { ...contact, links: { self: `/v1/contacts/${contact.id}` } };
  return emitWebhookEvent(tx, { accountId, type, at, data: JSON.parse(JSON.stringify(data)) });
}

/** Applies the fields present in `patch`; null when the contact is not in the account. */
export async function updateContact(
  db: Database,
  accountId: string,
  contactId: string,
  patch: UpdateContactBody,
  now: Date,
): Promise<ContactWrite<Contact> | null> {
  const { lastContacted, ...fields } = patch;
  try {
    return await db.transaction(async (tx) => {
      const [row] = await tx
        .update(contacts)
        .set({
          // Undefined fields are left out of the SET list by drizzle.
          ...fields,
          lastContacted: lastContacted === undefined ? undefined : (lastContacted ?? now),
          updatedAt: now,
        })
        .where(byIdInAccount(accountId, contactId))
        .returning();
      if (!row) return null;
      const contact = toContact(row);
      await emitContactEvent(tx, accountId, "contact.updated", contact, now);
      return { ok: true, contact } as const;
    });
  } catch (err) {
    if (isUniqueViolation(err, "contacts_account_phone_key")) return { ok: false, reason: "duplicate_phone" };
    throw err;
  }
}

export async function deleteContact(db: Database, accountId: string, contactId: string): Promise<boolean> {
  const deleted = await db
    .delete(contacts)
    .where(byIdInAccount(accountId, contactId))
    .returning({ id: contacts.id });
  return deleted.length > 0;
}

/** Convert to Client: contact_type becomes client and updated_at moves. */
export async function convertContactToClient(
  db: Database,
  accountId: string,
  contactId: string,
  now: Date,
): Promise<Contact | null> {
  const [row] = await db
    .update(contacts)
    .set({ contactType: "client", updatedAt: now })
    .where(byIdInAccount(accountId, contactId))
    .returning();
  return row ? toContact(row) : null;
}

/**
 * The distinct tags used in the account, alphabetically: the suggestions of the tag input. A
 * skip scan of contact_tags' primary key (account, tag, contact): one probe per distinct tag,
 * however many contacts carry each.
 */
export async function listContactTags(db: Database, accountId: string, max = 1000): Promise<string[]> {
  const rows = await queryRows<{ tag: string }>(db, contactTagsStatement(accountId, max));
  return rows.map((r) => r.tag);
}

/** The statement of listContactTags (exported for bench:console's plans). */
export function contactTagsStatement(accountId: string, max = 1000): SQL {
  return sql`with recursive tags as (
      (select tag from ${contactTags} where account_id = ${accountId} order by tag limit 1)
      union all
      select (select t.tag from ${contactTags} t
              where t.account_id = ${accountId} and t.tag > tags.tag order by t.tag limit 1)
      from tags where tags.tag is not null
    )
    select tag from tags where tag is not null limit ${max}`;
}

/** True for a unique-constraint violation (SQLSTATE 23505) from either driver, through drizzle's wrapper. */
function isUniqueViolation(err: unknown, constraint: string): boolean {
  for (let e: unknown = err; e instanceof Error; e = e.cause) {
    const {
      code,
      constraint_name,
      constraint: pgliteConstraint,
    } = e as Error & {
      code?: string;
      constraint_name?: string;
      constraint?: string;
    };
    if (code === "23505") return (constraint_name ?? pgliteConstraint ?? constraint) === constraint;
  }
  return false;
}

/**
 * The contact for a number that just called or texted: an unknown number becomes a contact
 * (its name is the number until someone edits it), a known one is marked as contacted at `at`.
 * One statement, safe under concurrent deliveries (the (account, phone) key).
 */
export async function touchContactByPhone(
  db: Database,
  input: { accountId: string; phone: string; name?: string; source: "call" | "text"; at: Date },
): Promise<string | null> {
  const [contact] = await db
    .insert(schema.contacts)
    .values({
      id: newId("contact"),
      accountId: input.accountId,
      name: input.name || input.phone,
      phone: input.phone,
      source: input.source,
      lastContacted: input.at,
      createdAt: input.at,
      updatedAt: input.at,
    })
    .onConflictDoUpdate({
      target: [schema.contacts.accountId, schema.contacts.phone],
      set: { lastContacted: sql`greatest(${schema.contacts.lastContacted}, excluded.last_contacted)` },
    })
    .returning({ id: schema.contacts.id });
  return contact?.id ?? null;
}
