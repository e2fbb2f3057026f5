import { can } from "@poundline/contracts/auth/permissions";
import { type Database, schema } from "@poundline/db";
import { and, asc, eq, ne } from "drizzle-orm";
import { lineOwner } from "../people/lines";
import { listMembers } from "./members";
import { notifyMember } from "./notifications";

const { inboxRoundRobin, inboxConversations, messages, phoneNumbers } = schema;

/** The account's numbers and whether each hands new conversations and voicemails out in turn. */
export async function listRoundRobin(db: Database, accountId: string) {
  return db
    .select({
      phoneNumberId: phoneNumbers.id,
      e164: phoneNumbers.e164,
      friendlyName: phoneNumbers.friendlyName,
      enabled: inboxRoundRobin.enabled,
    })
    .from(phoneNumbers)
    .leftJoin(inboxRoundRobin, eq(inboxRoundRobin.phoneNumberId, phoneNumbers.id))
    .where(eq(phoneNumbers.accountId, accountId))
    .orderBy(asc(phoneNumbers.createdAt), asc(phoneNumbers.e164))
    .then((rows) => rows.map((row) => ({ ...row, enabled: row.enabled ?? false })));
}

/** Turns round robin on or off for one of the account's numbers; false when the number is not the account's. */
export async function setRoundRobin(
  db: Database,
  accountId: string,
  phoneNumberId: string,
  enabled: boolean,
  now: Date,
): Promise<boolean> {
  const [number] = await db
    .select({ id: phoneNumbers.id })
    .from(phoneNumbers)
    .where(and(eq(phoneNumbers.id, phoneNumberId), eq(phoneNumbers.accountId, accountId)))
    .limit(1);
  if (!number) return false;
  await db
    .insert(inboxRoundRobin)
    .values({ phoneNumberId, accountId, enabled })
    .onConflictDoUpdate({ target: inboxRoundRobin.phoneNumberId, set: { enabled, updatedAt: now } });
  return true;
}

/**
 * The member whose turn it is on a number with round robin on (null: off, or nobody to give it
 * to): the one who joined after the last one given something, wrapping round. The number's row
 * is locked until the caller's transaction ends, so two arrivals at once take two turns.
 */
export async function takeTurn(tx: Database, accountId: string, phoneNumberId: string, now: Date) {
  const [rule] = await tx
    .select({ lastAssigneeId: inboxRoundRobin.lastAssigneeId })
    .from(inboxRoundRobin)
    .where(
      and(
        eq(inboxRoundRobin.phoneNumberId, phoneNumberId),
        eq(inboxRoundRobin.accountId, accountId),
        eq(inboxRoundRobin.enabled, true),
      ),
    )
    .for("update");
  if (!rule) return null;
  // A bookkeeper (read-only) could not answer what they were given: round robin passes them by.
  const members = (await listMembers(tx, accountId)).filter((member) => can(member.role, "messages.send"));
  if (members.length === 0) return null;
  const last = members.findIndex((member) => member.id === rule.lastAssigneeId);
  const next = members[(last + 1) % members.length] ?? null;
  if (!next) return null;
  await tx
    .update(inboxRoundRobin)
    .set({ lastAssigneeId: next.id, updatedAt: now })
    .where(eq(inboxRoundRobin.phoneNumberId, phoneNumberId));
  return next;
}

export interface ArrivedText {
  accountId: string;
  phoneNumberId: string | null;
  messageId: string;
  ourNumber: string;
  peerNumber: string;
  at: Date;
}

/**
 * A text came in (in its transaction): the conversation is open again if it was resolved, and a
 * new conversation on a round-robin number goes to the next member, whose bell says so.
 */
export async function inboxOnText(tx: Database, text: ArrivedText): Promise<void> {
  const key = and(
    eq(inboxConversations.accountId, text.accountId),
    eq(inboxConversations.ourNumber, text.ourNumber),
    eq(inboxConversations.peerNumber, text.peerNumber),
  );
  await tx
    .update(inboxConversations)
    .set({ resolvedAt: null, resolvedById: null, updatedAt: text.at })
    .where(key);
  if (!text.phoneNumberId) return;
  const [earlier] = await tx
    .select({ id: messages.id })
    .from(messages)
    .where(
      and(
        eq(messages.accountId, text.accountId),
        eq(messages.ourNumber, text.ourNumber),
        eq(messages.peerNumber, text.peerNumber),
        ne(messages.id, text.messageId),
      ),
    )
    .limit(1);
  if (earlier) return;
  const member = await takeTurn(tx, text.accountId, text.phoneNumberId, text.at);
  if (!member) return;
  await tx
    .insert(inboxConversations)
    .values({
      accountId: text.accountId,
      ourNumber: text.ourNumber,
      peerNumber: text.peerNumber,
      assigneeId: member.id,
    })
    .onConflictDoUpdate({
      target: [inboxConversations.accountId, inboxConversations.ourNumber, inboxConversations.peerNumber],
      set: { assigneeId: member.id, updatedAt: text.at },
    });
  await notifyMember(tx, {
    accountId: text.accountId,
    userId: member.id,
    kind: "assignment",
    title: `New conversation with ${text.peerNumber} assigned to you`,
    body: `Round robin on ${text.ourNumber} gave you this conversation.`,
    link: conversationLink(text.ourNumber, text.peerNumber),
  });
}

/** The console's Messages page opened on one conversation. */
export function conversationLink(ourNumber: string, peerNumber: string): string {
  return `/dashboard/messages?our=${encodeURIComponent(ourNumber)}&peer=${encodeURIComponent(peerNumber)}`;
}

export const VOICEMAILS_LINK = "/dashboard/voicemails";

/**
 * A voicemail was stored (in its transaction): left on a member's direct number or extension it
 * is theirs (its processing tells them); on a round-robin number it goes to the next member.
 */
export async function inboxOnVoicemail(
  tx: Database,
  voicemail: {
    accountId: string;
    id: string;
    toNumber: string;
    fromNumber: string;
    extensionId?: string | null;
    at: Date;
  },
): Promise<void> {
  const owner = await lineOwner(tx, voicemail);
  if (owner) {
    await tx
      .update(schema.voicemails)
      .set({ assigneeId: owner })
      .where(eq(schema.voicemails.id, voicemail.id));
    return;
  }
  const [number] = await tx
    .select({ id: phoneNumbers.id })
    .from(phoneNumbers)
    .where(and(eq(phoneNumbers.accountId, voicemail.accountId), eq(phoneNumbers.e164, voicemail.toNumber)))
    .limit(1);
  if (!number) return;
  const member = await takeTurn(tx, voicemail.accountId, number.id, voicemail.at);
  if (!member) return;
  await tx
    .update(schema.voicemails)
    .set({ assigneeId: member.id })
    .where(eq(schema.voicemails.id, voicemail.id));
  await notifyMember(tx, {
    accountId: voicemail.accountId,
    userId: member.id,
    kind: "assignment",
    title: `Voicemail from ${voicemail.fromNumber} assigned to you`,
    body: `Round robin on ${voicemail.toNumber} gave you this voicemail.`,
    link: VOICEMAILS_LINK,
  });
}
