import { type Database, schema } from "@poundline/db";
import { and, desc, eq, inArray } from "drizzle-orm";
import { type ConversationKey, conversationExists } from "../messages/conversations";
import { displayName, findMember } from "./members";
import { notifyMember } from "./notifications";
import { conversationLink } from "./round-robin";

const { inboxConversations, messages, users } = schema;

/** Someone named on an inbox item: who it is assigned to, who answered or resolved it. */
export interface PersonRef {
  id: string;
  name: string;
}

/** Who acts: their id and name, for the bell entry they cause. */
export interface Actor {
  id: string;
  name: string;
}

export type InboxOutcome<T> = { ok: true; value: T } | { ok: false; reason: "not_found" | "not_member" };

const keyOf = (accountId: string, key: ConversationKey) =>
  and(
    eq(inboxConversations.accountId, accountId),
    eq(inboxConversations.ourNumber, key.ourNumber),
    eq(inboxConversations.peerNumber, key.peerNumber),
  );

/** The names of the given users (ids not found are left out). */
export async function peopleByIds(db: Database, ids: readonly (string | null)[]) {
  const wanted = [...new Set(ids.filter((id): id is string => id !== null))];
  const rows =
    wanted.length === 0
      ? []
      : await db
          .select({ id: users.id, firstName: users.firstName, lastName: users.lastName, email: users.email })
          .from(users)
          .where(inArray(users.id, wanted));
  const named = new Map(rows.map((row) => [row.id, { id: row.id, name: displayName(row) }]));
  return (id: string | null): PersonRef | null => (id ? (named.get(id) ?? null) : null);
}

/**
 * The shared inbox's view of a conversation: who it is assigned to, who answered last (the
 * sender of its latest outbound text) and who resolved it. Null when it is not the account's.
 */
export async function conversationState(db: Database, accountId: string, key: ConversationKey) {
  if (!(await conversationExists(db, accountId, key))) return null;
  const [[row], [answer]] = await Promise.all([
    db.select().from(inboxConversations).where(keyOf(accountId, key)).limit(1),
    db
      .select({ userId: messages.userId, sentAt: messages.sentAt })
      .from(messages)
      .where(
        and(
          eq(messages.accountId, accountId),
          eq(messages.ourNumber, key.ourNumber),
          eq(messages.peerNumber, key.peerNumber),
          eq(messages.direction, "outbound"),
        ),
      )
      .orderBy(desc(messages.sentAt), desc(messages.id))
      .limit(1),
  ]);
  const person = await peopleByIds(db, [
    row?.assigneeId ?? null,
    row?.resolvedById ?? null,
    answer?.userId ?? null,
  ]);
  return {
    ...key,
    assignee: person(row?.assigneeId ?? null),
    answeredBy: person(answer?.userId ?? null),
    answeredAt: answer?.sentAt ?? null,
    resolvedBy: person(row?.resolvedById ?? null),
    resolvedAt: row?.resolvedAt ?? null,
  };
}

type ConversationState = NonNullable<Awaited<ReturnType<typeof conversationState>>>;

/**
 * Gives a conversation to a member of the account (or to nobody), and rings the new assignee's
 * bell unless they gave it to themselves.
 */
export async function assignConversation(
  db: Database,
  input: { accountId: string; key: ConversationKey; assigneeId: string | null; by: Actor; now: Date },
): Promise<InboxOutcome<ConversationState>> {
  const { accountId, key, assigneeId, by, now } = input;
  if (!(await conversationExists(db, accountId, key))) return { ok: false, reason: "not_found" };
  if (assigneeId && !(await findMember(db, accountId, assigneeId)))
    return { ok: false, reason: "not_member" };
  await db.transaction(async (tx) => {
    const [before] = await tx
      .select({ assigneeId: inboxConversations.assigneeId })
      .from(inboxConversations)
      .where(keyOf(accountId, key))
      .for("update");
    await tx
      .insert(inboxConversations)
      .values({ accountId, ...key, assigneeId })
      .onConflictDoUpdate({
        target: [inboxConversations.accountId, inboxConversations.ourNumber, inboxConversations.peerNumber],
        set: { assigneeId, updatedAt: now },
      });
    if (assigneeId && assigneeId !== by.id && before?.assigneeId !== assigneeId)
      await notifyMember(tx, {
        accountId,
        userId: assigneeId,
        kind: "assignment",
        title: `${by.name} assigned you the conversation with ${key.peerNumber}`,
        body: `On ${key.ourNumber}.`,
        link: conversationLink(key.ourNumber, key.peerNumber),
      });
  });
  const state = await conversationState(db, accountId, key);
  return state ? { ok: true, value: state } : { ok: false, reason: "not_found" };
}

/** Marks a conversation resolved by `by` (or open again); a new text opens it again too. */
export async function resolveConversation(
  db: Database,
  input: { accountId: string; key: ConversationKey; resolved: boolean; by: Actor; now: Date },
): Promise<ConversationState | null> {
  const { accountId, key, resolved, by, now } = input;
  if (!(await conversationExists(db, accountId, key))) return null;
  const set = resolved ? { resolvedById: by.id, resolvedAt: now } : { resolvedById: null, resolvedAt: null };
  await db
    .insert(inboxConversations)
    .values({ accountId, ...key, ...set })
    .onConflictDoUpdate({
      target: [inboxConversations.accountId, inboxConversations.ourNumber, inboxConversations.peerNumber],
      set: { ...set, updatedAt: now },
    });
  return conversationState(db, accountId, key);
}
