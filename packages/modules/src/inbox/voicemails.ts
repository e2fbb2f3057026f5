import { type Database, schema } from "@poundline/db";
import { and, eq } from "drizzle-orm";
import type { Actor, InboxOutcome } from "./conversations";
import { findMember } from "./members";
import { notifyMember } from "./notifications";
import { VOICEMAILS_LINK } from "./round-robin";

const { voicemails } = schema;

export interface VoicemailInboxState {
  id: string;
  assigneeId: string | null;
  resolvedById: string | null;
  resolvedAt: Date | null;
}

const inboxColumns = {
  id: voicemails.id,
  assigneeId: voicemails.assigneeId,
  resolvedById: voicemails.resolvedById,
  resolvedAt: voicemails.resolvedAt,
};

/**
 * Gives one of the account's voicemails to a member (or to nobody), ringing the new assignee's
 * bell unless they took it themselves.
 */
export async function assignVoicemail(
  db: Database,
  input: { accountId: string; id: string; assigneeId: string | null; by: Actor },
): Promise<InboxOutcome<VoicemailInboxState>> {
  const { accountId, id, assigneeId, by } = input;
  if (assigneeId && !(await findMember(db, accountId, assigneeId))) {
    const [exists] = await db
      .select({ id: voicemails.id })
      .from(voicemails)
      .where(and(eq(voicemails.accountId, accountId), eq(voicemails.id, id)));
    return { ok: false, reason: exists ? "not_member" : "not_found" };
  }
  return db.transaction(async (tx) => {
    const [before] = await tx
      .select({ assigneeId: voicemails.assigneeId, fromNumber: voicemails.fromNumber })
      .from(voicemails)
      .where(and(eq(voicemails.accountId, accountId), eq(voicemails.id, id)))
      .for("update");
    if (!before) return { ok: false, reason: "not_found" } as const;
    const [row] = await tx
      .update(voicemails)
      .set({ assigneeId })
      .where(and(eq(voicemails.accountId, accountId), eq(voicemails.id, id)))
      .returning(inboxColumns);
    if (!row) return { ok: false, reason: "not_found" } as const;
    if (assigneeId && assigneeId !== by.id && before.assigneeId !== assigneeId)
      await notifyMember(tx, {
        accountId,
        userId: assigneeId,
        kind: "assignment",
        title: `${by.name} assigned you the voicemail from ${before.fromNumber}`,
        body: "",
        link: VOICEMAILS_LINK,
      });
    return { ok: true, value: row } as const;
  });
}

/** Marks one of the account's voicemails resolved by `by`, or open again; null when not the account's. */
export async function resolveVoicemail(
  db: Database,
  input: { accountId: string; id: string; resolved: boolean; by: Actor; now: Date },
): Promise<VoicemailInboxState | null> {
  const set = input.resolved
    ? { resolvedById: input.by.id, resolvedAt: input.now }
    : { resolvedById: null, resolvedAt: null };
  const [row] = await db
    .update(voicemails)
    .set(set)
    .where(and(eq(voicemails.accountId, input.accountId), eq(voicemails.id, input.id)))
    .returning(inboxColumns);
  return row ?? null;
}
