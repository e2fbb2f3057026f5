import { type Database, newId, schema } from "@poundline/db";
import { and, asc, eq, type SQL } from "drizzle-orm";
import { type ConversationKey, conversationExists } from "../messages/conversations";
import { type Actor, type PersonRef, peopleByIds } from "./conversations";
import { listMembers } from "./members";
import { resolveMentions } from "./mentions";
import { notifyMember } from "./notifications";
import { conversationLink } from "./round-robin";

const { inboxNotes, callLogs } = schema;

/** What a note is on: a conversation, or a call of the call history. */
export type NoteSubject = { kind: "conversation"; key: ConversationKey } | { kind: "call"; callId: string };

export interface InboxNote {
  id: string;
  body: string;
  author: PersonRef | null;
  mentions: PersonRef[];
  createdAt: Date;
}

function subjectWhere(accountId: string, subject: NoteSubject): SQL | undefined {
  return subject.kind === "call"
    ? and(eq(inboxNotes.accountId, accountId), eq(inboxNotes.callLogId, subject.callId))
    : and(
        eq(inboxNotes.accountId, accountId),
        eq(inboxNotes.ourNumber, subject.key.ourNumber),
        eq(inboxNotes.peerNumber, subject.key.peerNumber),
      );
}

/** Whether the subject is the account's: a conversation it has or could have, one of its calls. */
async function subjectExists(db: Database, accountId: string, subject: NoteSubject): Promise<boolean> {
  if (subject.kind === "conversation") return conversationExists(db, accountId, subject.key);
  const [call] = await db
    .select({ id: callLogs.id })
    .from(callLogs)
    .where(and(eq(callLogs.accountId, accountId), eq(callLogs.id, subject.callId)))
    .limit(1);
  return Boolean(call);
}

/** The notes on a conversation or call, oldest first; null when it is not the account's. */
export async function listNotes(
  db: Database,
  accountId: string,
  subject: NoteSubject,
): Promise<InboxNote[] | null> {
  if (!(await subjectExists(db, accountId, subject))) return null;
  const rows = await db
    .select()
    .from(inboxNotes)
    .where(subjectWhere(accountId, subject))
    .orderBy(asc(inboxNotes.createdAt), asc(inboxNotes.id))
    .limit(500);
  const person = await peopleByIds(db, [
    ...rows.map((row) => row.authorId),
    ...rows.flatMap((row) => row.mentions),
  ]);
  return rows.map((row) => ({
    id: row.id,
    body: row.body,
    author: person(row.authorId),
    mentions: row.mentions.flatMap((id) => person(id) ?? []),
    createdAt: row.createdAt,
  }));
}

function mentionTitle(by: Actor, subject: NoteSubject, peer: string | null): string {
  return subject.kind === "conversation"
    ? `${by.name} mentioned you on the conversation with ${subject.key.peerNumber}`
    : `${by.name} mentioned you on a call${peer ? ` with ${peer}` : ""}`;
}

/**
 * Writes a note on a conversation or call and rings the bell of each member it names (@Name),
 * the author aside, in one transaction. Null when the subject is not the account's.
 */
export async function addNote(
  db: Database,
  input: { accountId: string; subject: NoteSubject; body: string; by: Actor; now: Date },
): Promise<InboxNote | null> {
  const { accountId, subject, by, now } = input;
  if (!(await subjectExists(db, accountId, subject))) return null;
  const members = await listMembers(db, accountId);
  const mentions = resolveMentions(input.body, members);
  const [call] =
    subject.kind === "call"
      ? await db
          .select({
            fromNumber: callLogs.fromNumber,
            toNumber: callLogs.toNumber,
            direction: callLogs.direction,
          })
          .from(callLogs)
          .where(eq(callLogs.id, subject.callId))
      : [];
  const peer = call ? (call.direction === "inbound" ? call.fromNumber : call.toNumber) : null;
  const id = newId("note");
  await db.transaction(async (tx) => {
    await tx.insert(inboxNotes).values({
      id,
      accountId,
      ourNumber: subject.kind === "conversation" ? subject.key.ourNumber : null,
      peerNumber: subject.kind === "conversation" ? subject.key.peerNumber : null,
      callLogId: subject.kind === "call" ? subject.callId : null,
      authorId: by.id,
      body: input.body,
      mentions,
      createdAt: now,
    });
    for (const userId of mentions.filter((mentioned) => mentioned !== by.id))
      await notifyMember(tx, {
        accountId,
        userId,
        kind: "mention",
        title: mentionTitle(by, subject, peer),
        body: input.body,
        link:
          subject.kind === "conversation"
            ? conversationLink(subject.key.ourNumber, subject.key.peerNumber)
            : "/dashboard/call-history",
      });
  });
  const named = new Map(members.map((member) => [member.id, member]));
  const person = await peopleByIds(db, [by.id, ...mentions.filter((m) => named.has(m))]);
  return {
    id,
    body: input.body,
    author: person(by.id),
    mentions: mentions.flatMap((m) => person(m) ?? []),
    createdAt: now,
  };
}
