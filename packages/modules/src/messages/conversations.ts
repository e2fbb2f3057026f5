import type {
  Conversation,
  ListConversationsQuery,
  Thread,
  ThreadMessage,
  ThreadQuery,
} from "@poundline/contracts/messages/conversation-schemas";
import type { Message } from "@poundline/contracts/messages/schemas";
import type { Database } from "@poundline/db";
import { queryRows, schema } from "@poundline/db";
import { and, desc, eq, isNull, type SQL, sql } from "drizzle-orm";
import { afterCursor, pageOf, type SortKey, sortKeyOf } from "../pagination";
import { type MessageRow, toMessage } from "./messages";

const { messages, contacts, smsOptOuts, phoneNumbers, inboxConversations } = schema;

/**
 * Conversations are not stored: they are the account's texts grouped by `our_number` and
 * `peer_number` (generated columns), read through messages_conversation_idx (grouping, last
 * message, thread pages) and messages_unread_idx (unread counts).
 */

export interface ConversationKey {
  ourNumber: string;
  peerNumber: string;
}

/** `%term%` for LIKE, its own wildcards taken literally. */
export function containsPattern(term: string): string {
  return `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** The digits of a search term, when it reads as (part of) a phone number: "(555) 123" → "555123". */
export function phoneDigits(term: string): string | null {
  if (!/^[\s\d()+.-]+$/.test(term)) return null;
  const digits = term.replace(/\D/g, "");
  return digits.length >= 3 ? digits : null;
}

interface ConversationRow extends Record<string, unknown> {
  our_number: string;
  peer_number: string;
  last_id: string;
  last_body: string;
  last_direction: string;
  last_status: string;
  last_num_media: number | string;
  last_sent_at: Date | string;
  unread_count: number | string;
  opted_out: boolean;
  contact_id: string | null;
  contact_name: string | null;
  assignee_id: string | null;
  resolved_by_id: string | null;
  resolved_at: Date | string | null;
  answered_by_id: string | null;
  sort_key: string;
}

/** A conversation's place in the list: its last text's, (sent_at, id) of the texts aliased `alias`. */
const lastTextOrder = (alias: SQL): SortKey => ({ at: sql`${alias}.sent_at`, id: sql`${alias}.id` });

/** `and` the texts aliased `alias` come after the cursor; nothing for the first page. */
function afterConversationCursor(alias: SQL, query: ListConversationsQuery): SQL {
  const after = afterCursor(lastTextOrder(alias), query.cursor);
  return after ? sql`and ${after}` : sql``;
}

/**
 * The last text of each conversation, newest first: without a search, a walk down the account's
 * texts newest first (messages_account_sent_idx) keeping those that no later text of the same
 * conversation follows (one probe of messages_conversation_idx each), so a page costs about what
 * it shows whatever the number of texts. With a search (the other party's number, the contact's
 * name, or words of any text of it), the conversations matching, then the last text of each (one
 * probe each, for the page's conversations only).
 */
function lastTexts(accountId: string, query: ListConversationsQuery): SQL {
  const page = sql`order by sent_at desc, id desc limit ${query.limit + 1} offset ${query.offset}`;
  const columns = sql`id, our_number, peer_number, body, direction, status, num_media, sent_at`;
  if (!query.q) {
    return sql`select ${columns} from ${messages} m
      where m.account_id = ${accountId}
        and not exists (
          select 1 from ${messages} n
          where n.account_id = m.account_id and n.our_number = m.our_number
            and n.peer_number = m.peer_number and (n.sent_at, n.id) > (m.sent_at, m.id))
        ${assigneeFilter(accountId, query.assignee, sql`m`)}
        ${afterConversationCursor(sql`m`, query)}
      ${page}`;
  }
  const pattern = containsPattern(query.q);
  const digits = phoneDigits(query.q);
  const byNumber = digits ? sql`or peer_number like ${containsPattern(digits)}` : sql``;
  // The matching conversations first: the other party's number and the texts' words through the
  // trigram index (messages_search_idx), the numbers of the contacts so named through
  // messages_account_peer_idx; then the last text of each of those only.
  return sql`select l.* from (
      select distinct our_number, peer_number from ${messages}
      where account_id = ${accountId}
        and (peer_number ilike ${pattern} ${byNumber}
          or body ilike ${pattern}
          or peer_number = any(array(
            select phone from ${contacts} where account_id = ${accountId} and name ilike ${pattern})))
    ) matching
    cross join lateral (
      select ${columns} from ${messages} m
      where m.account_id = ${accountId} and m.our_number = matching.our_number
        and m.peer_number = matching.peer_number
      order by m.sent_at desc, m.id desc
      limit 1
    ) l
    where true ${assigneeFilter(accountId, query.assignee, sql`matching`)}
      ${afterConversationCursor(sql`l`, query)}
    ${page}`;
}

/**
 * The inbox's filters on the texts `alias` names (the export): those of the conversations the
 * list shows for the same search and assignee.
 */
export function conversationFilter(
  accountId: string,
  query: { q?: string | undefined; assignee?: string | undefined },
  alias: SQL,
): SQL {
  const assigned = assigneeFilter(accountId, query.assignee, alias);
  if (!query.q) return assigned;
  const pattern = containsPattern(query.q);
  const digits = phoneDigits(query.q);
  const byNumber = digits ? sql`or s.peer_number like ${containsPattern(digits)}` : sql``;
  return sql`and (${alias}.our_number, ${alias}.peer_number) in (
      select s.our_number, s.peer_number from ${messages} s
      where s.account_id = ${accountId}
        and (s.peer_number ilike ${pattern} ${byNumber}
          or s.body ilike ${pattern}
          or s.peer_number = any(array(
            select phone from ${contacts} where account_id = ${accountId} and name ilike ${pattern}))))
    ${assigned}`;
}

/** The shared inbox's filter on the conversations `alias` names: nobody's, or one member's. */
function assigneeFilter(accountId: string, assignee: string | undefined, alias: SQL): SQL {
  if (!assignee) return sql``;
  const assigned = sql`select 1 from ${inboxConversations} ic
    where ic.account_id = ${accountId} and ic.our_number = ${alias}.our_number
      and ic.peer_number = ${alias}.peer_number`;
  return assignee === "unassigned"
    ? sql`and not exists (${assigned} and ic.assignee_id is not null)`
    : sql`and exists (${assigned} and ic.assignee_id = ${assignee})`;
}

/** The statement of listConversations (exported for bench:console's plans). */
export function conversationsStatement(accountId: string, query: ListConversationsQuery): SQL {
  return sql`
    with page as (${lastTexts(accountId, query)})
    select p.our_number, p.peer_number,
           p.id as last_id, p.body as last_body, p.direction as last_direction, p.status as last_status,
           p.num_media as last_num_media, p.sent_at as last_sent_at,
           (select count(*)::int from ${messages} u
             where u.account_id = ${accountId} and u.our_number = p.our_number
               and u.peer_number = p.peer_number and u.direction = 'inbound' and u.read_at is null
           ) as unread_count,
           exists (select 1 from ${smsOptOuts} o
             where o.account_id = ${accountId} and o.our_number = p.our_number
               and o.subscriber_number = p.peer_number) as opted_out,
           c.id as contact_id, c.name as contact_name,
           ic.assignee_id, ic.resolved_by_id, ic.resolved_at,
           (select a.user_id from ${messages} a
             where a.account_id = ${accountId} and a.our_number = p.our_number
               and a.peer_number = p.peer_number and a.direction = 'outbound'
             order by a.sent_at desc, a.id desc limit 1) as answered_by_id,
           ${sortKeyOf(lastTextOrder(sql`p`))} as sort_key
    from page p
    left join ${contacts} c on c.account_id = ${accountId} and c.phone = p.peer_number
    left join ${inboxConversations} ic on ic.account_id = ${accountId}
      and ic.our_number = p.our_number and ic.peer_number = p.peer_number
    order by p.sent_at desc, p.id desc`;
}

/** A page of the account's conversations, the most recent first, each with its last text and unread count. */
export async function listConversations(
  db: Database,
  accountId: string,
  query: ListConversationsQuery,
): Promise<{ conversations: Conversation[]; hasMore: boolean; nextCursor: string | null }> {
  const rows = await queryRows<ConversationRow>(db, conversationsStatement(accountId, query));
  const page = pageOf(
    rows.map((row) => ({ row, sortKey: row.sort_key })),
    query.limit,
  );
  return {
    conversations: page.rows.map(({ row }) => toConversation(row)),
    hasMore: page.nextCursor !== null,
    nextCursor: page.nextCursor,
  };
}

function toConversation(row: ConversationRow): Conversation {
  return {
    ourNumber: row.our_number,
    peerNumber: row.peer_number,
    contactId: row.contact_id,
    contactName: row.contact_name,
    lastMessage: {
      id: row.last_id,
      body: row.last_body,
      // The CHECK constraints hold these to the schema's enumerations.
      direction: row.last_direction as Conversation["lastMessage"]["direction"],
      status: row.last_status as Conversation["lastMessage"]["status"],
      numMedia: Number(row.last_num_media),
      sentAt: new Date(row.last_sent_at),
    },
    unreadCount: Number(row.unread_count),
    optedOut: row.opted_out === true,
    assigneeId: row.assignee_id,
    resolvedById: row.resolved_by_id,
    resolvedAt: row.resolved_at === null ? null : new Date(row.resolved_at),
    answeredById: row.answered_by_id,
  };
}

/** Where the console fetches a message's media: the API, which checks the account. */
export function mediaPath(messageId: string, index: number): string {
  return `/api/messages/${messageId}/media/${index}`;
}

export function toThreadMessage(row: MessageRow): ThreadMessage {
  const message: Message = toMessage(row);
  return {
    ...message,
    media: row.mediaUrls.map((_, i) => ({
      url: mediaPath(row.id, i),
      contentType: row.mediaContentTypes[i] ?? "",
    })),
  };
}

const inConversation = (accountId: string, key: ConversationKey) =>
  and(
    eq(messages.accountId, accountId),
    eq(messages.ourNumber, key.ourNumber),
    eq(messages.peerNumber, key.peerNumber),
  );

/** Whether the conversation has texts, or could have: our number is one of the account's. */
export async function conversationExists(
  db: Database,
  accountId: string,
  key: ConversationKey,
): Promise<boolean> {
  const [[text], [number]] = await Promise.all([
    db.select({ id: messages.id }).from(messages).where(inConversation(accountId, key)).limit(1),
    db
      .select({ id: phoneNumbers.id })
      .from(phoneNumbers)
      .where(and(eq(phoneNumbers.accountId, accountId), eq(phoneNumbers.e164, key.ourNumber)))
      .limit(1),
  ]);
  return Boolean(text || number);
}

/**
 * A page of one conversation, oldest first: the latest texts, or those before `before`. Null
 * when the conversation is not the account's (no texts, and our number is not one of its own).
 */
export async function readThread(
  db: Database,
  accountId: string,
  query: ThreadQuery,
): Promise<Thread | null> {
  const key = { ourNumber: query.ourNumber, peerNumber: query.peerNumber };
  const before = query.before
    ? sql`(${messages.sentAt}, ${messages.id}) < (select sent_at, id from ${messages} where id = ${query.before} and account_id = ${accountId})`
    : undefined;
  const [rows, [contact], [optOut]] = await Promise.all([
    db
      .select()
      .from(messages)
      .where(and(inConversation(accountId, key), before))
      .orderBy(desc(messages.sentAt), desc(messages.id))
      .limit(query.limit + 1),
    db
      .select({ id: contacts.id, name: contacts.name })
      .from(contacts)
      .where(and(eq(contacts.accountId, accountId), eq(contacts.phone, key.peerNumber)))
      .limit(1),
    db
      .select({ id: smsOptOuts.id })
      .from(smsOptOuts)
      .where(
        and(
          eq(smsOptOuts.accountId, accountId),
          eq(smsOptOuts.ourNumber, key.ourNumber),
          eq(smsOptOuts.subscriberNumber, key.peerNumber),
        ),
      )
      .limit(1),
  ]);
  if (rows.length === 0 && !query.before && !(await conversationExists(db, accountId, key))) return null;
  const hasMore = rows.length > query.limit;
  const page = rows.slice(0, query.limit).reverse();
  return {
    ...key,
    contactId: contact?.id ?? null,
    contactName: contact?.name ?? null,
    optedOut: Boolean(optOut),
    messages: page.map(toThreadMessage),
    hasMore,
  };
}

/**
 * Marks the conversation's unread inbound texts read. The number marked, or null when the
 * conversation is not the account's.
 */
export async function markConversationRead(
  db: Database,
  accountId: string,
  key: ConversationKey,
  now: Date,
): Promise<number | null> {
  const marked = await db
    .update(messages)
    .set({ readAt: now })
    .where(and(inConversation(accountId, key), eq(messages.direction, "inbound"), isNull(messages.readAt)))
    .returning({ id: messages.id });
  if (marked.length > 0) return marked.length;
  return (await conversationExists(db, accountId, key)) ? 0 : null;
}

/** The account's unread inbound texts, and how many conversations hold them. */
export async function countUnreadMessages(
  db: Database,
  accountId: string,
): Promise<{ messages: number; conversations: number }> {
  const [row] = await queryRows<{ messages: number | string; conversations: number | string }>(
    db,
    sql`select count(*)::int as messages, count(distinct (our_number, peer_number))::int as conversations
        from ${messages}
        where account_id = ${accountId} and direction = 'inbound' and read_at is null`,
  );
  return { messages: Number(row?.messages ?? 0), conversations: Number(row?.conversations ?? 0) };
}

/** The account's numbers that can send texts, in the order they were added. */
export async function listSenders(db: Database, accountId: string) {
  return db
    .select({ id: phoneNumbers.id, e164: phoneNumbers.e164, friendlyName: phoneNumbers.friendlyName })
    .from(phoneNumbers)
    .where(and(eq(phoneNumbers.accountId, accountId), eq(phoneNumbers.smsEnabled, true)))
    .orderBy(phoneNumbers.createdAt, phoneNumbers.e164);
}

/** One of the account's messages, or null (another account's answers the same as none). */
export async function findMessage(db: Database, accountId: string, id: string): Promise<MessageRow | null> {
  const [row] = await db
    .select()
    .from(messages)
    .where(and(eq(messages.accountId, accountId), eq(messages.id, id)))
    .limit(1);
  return row ?? null;
}
