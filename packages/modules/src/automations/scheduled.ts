import type {
  AccountScheduledText,
  AllScheduledTextsQuery,
  ScheduledText,
  ScheduledTextsQuery,
  ScheduledTextView,
  ScheduleTextBody,
} from "@poundline/contracts/automations/schemas";
import { type Database, schema } from "@poundline/db";
import { zonedTimeToInstant } from "@poundline/domain/automations";
import { DEFAULT_TIME_ZONE } from "@poundline/domain/routing-defaults";
import { and, asc, count, desc, eq, getTableColumns, inArray } from "drizzle-orm";
import { afterCursor, orderOf, pageOf, type SortKey, sortKeyOf } from "../pagination";
import { planText, type ScheduledTextRow } from "./texts";
import { recipientZone } from "./zones";

const { contacts, numberRouting, phoneNumbers, scheduledTexts } = schema;

const toScheduledText = (row: ScheduledTextRow): ScheduledText => ({
  id: row.id,
  automation: row.automation,
  fromNumber: row.fromNumber,
  toNumber: row.toNumber,
  body: row.body,
  sendAt: row.sendAt,
  timeZone: row.timeZone,
  status: row.status,
  outcome: row.outcome,
  messageId: row.messageId,
  createdAt: row.createdAt,
});

/** One of the account's numbers by its E.164, with the zone its routing reads hours in. */
async function ourNumber(db: Database, accountId: string, e164: string) {
  const [found] = await db
    .select({ id: phoneNumbers.id, timeZone: numberRouting.timeZone })
    .from(phoneNumbers)
    .leftJoin(numberRouting, eq(numberRouting.phoneNumberId, phoneNumbers.id))
    .where(and(eq(phoneNumbers.accountId, accountId), eq(phoneNumbers.e164, e164)))
    .limit(1);
  return found ? { id: found.id, timeZone: found.timeZone ?? DEFAULT_TIME_ZONE } : null;
}

/** Scheduled texts, the latest send time first. */
const scheduledOrder: SortKey = { at: scheduledTexts.sendAt, id: scheduledTexts.id };

/** A conversation's scheduled and automated texts, newest first; null when the number is not the account's. */
export async function listScheduledTexts(
  db: Database,
  accountId: string,
  conversation: ScheduledTextsQuery,
): Promise<{ timeZone: string; texts: ScheduledText[]; nextCursor: string | null } | null> {
  const number = await ourNumber(db, accountId, conversation.from);
  if (!number) return null;
  const rows = await db
    .select({ ...getTableColumns(scheduledTexts), sortKey: sortKeyOf(scheduledOrder) })
    .from(scheduledTexts)
    .where(
      and(
        eq(scheduledTexts.accountId, accountId),
        eq(scheduledTexts.fromNumber, conversation.from),
        eq(scheduledTexts.toNumber, conversation.to),
        afterCursor(scheduledOrder, conversation.cursor),
      ),
    )
    .orderBy(...orderOf(scheduledOrder))
    .limit(conversation.limit + 1);
  const page = pageOf(rows, conversation.limit);
  const timeZone = await recipientZone(db, accountId, conversation.to, number.timeZone);
  return { timeZone, texts: page.rows.map(toScheduledText), nextCursor: page.nextCursor };
}

export type ScheduleResult =
  | { ok: true; text: ScheduledText }
  | { ok: false; reason: "number_not_found" | "past" };

/** A member's text to send at a wall-clock time in the conversation's zone (the due-scan sends it). */
export async function scheduleText(
  db: Database,
  sender: { accountId: string; userId: string },
  input: ScheduleTextBody,
  now: Date,
): Promise<ScheduleResult> {
  const number = await ourNumber(db, sender.accountId, input.from);
  if (!number) return { ok: false, reason: "number_not_found" };
  const timeZone = await recipientZone(db, sender.accountId, input.to, number.timeZone);
  const sendAt = zonedTimeToInstant(input.sendAt, timeZone);
  if (!sendAt || sendAt.getTime() <= now.getTime()) return { ok: false, reason: "past" };
  const row = await planText(
    db,
    {
      accountId: sender.accountId,
      phoneNumberId: number.id,
      userId: sender.userId,
      automation: "scheduled",
      dedupeKey: null,
      from: input.from,
      to: input.to,
      body: input.body,
      sendAt,
      timeZone,
    },
    now,
  );
  if (!row) throw new Error("a scheduled text without a dedupe key was dropped");
  return { ok: true, text: toScheduledText(row) };
}

export type CancelResult =
  | { ok: true; text: ScheduledText }
  | { ok: false; reason: "not_found" | "not_pending" };

/** Cancels a text still pending: a text the workers claimed already is past cancelling. */
export async function cancelScheduledText(
  db: Database,
  accountId: string,
  id: string,
  now: Date,
): Promise<CancelResult> {
  const [cancelled] = await db
    .update(scheduledTexts)
    .set({ status: "cancelled", updatedAt: now })
    .where(
      and(
        eq(scheduledTexts.id, id),
        eq(scheduledTexts.accountId, accountId),
        eq(scheduledTexts.status, "pending"),
      ),
    )
    .returning();
  if (cancelled) return { ok: true, text: toScheduledText(cancelled) };
  const [exists] = await db
    .select({ id: scheduledTexts.id })
    .from(scheduledTexts)
    .where(and(eq(scheduledTexts.id, id), eq(scheduledTexts.accountId, accountId)))
    .limit(1);
  return { ok: false, reason: exists ? "not_pending" : "not_found" };
}

/** The statuses each view of the Scheduled texts screen holds. */
const VIEW_STATUSES: Record<ScheduledTextView, ScheduledTextRow["status"][]> = {
  upcoming: ["pending", "sending"],
  sent: ["sent"],
  cancelled: ["cancelled"],
  failed: ["failed", "skipped"],
};

/**
 * A page of the account's texts of one view, with the recipient's contact name: upcoming soonest
 * first, the others newest first (scheduled_texts_account_status_send_idx).
 */
export async function listAccountScheduledTexts(
  db: Database,
  accountId: string,
  query: AllScheduledTextsQuery,
): Promise<{ texts: AccountScheduledText[]; total: number; limit: number; offset: number }> {
  const where = and(
    eq(scheduledTexts.accountId, accountId),
    inArray(scheduledTexts.status, VIEW_STATUSES[query.view]),
  );
  const order =
    query.view === "upcoming"
      ? [asc(scheduledTexts.sendAt), asc(scheduledTexts.id)]
      : [desc(scheduledTexts.sendAt), desc(scheduledTexts.id)];
  const [rows, [counted]] = await Promise.all([
    db
      .select({ text: scheduledTexts, contactName: contacts.name })
      .from(scheduledTexts)
      .leftJoin(contacts, and(eq(contacts.accountId, accountId), eq(contacts.phone, scheduledTexts.toNumber)))
      .where(where)
      .orderBy(...order)
      .limit(query.limit)
      .offset(query.offset),
    db.select({ total: count() }).from(scheduledTexts).where(where),
  ]);
  return {
    texts: rows.map((row) => ({ ...toScheduledText(row.text), contactName: row.contactName })),
    total: counted?.total ?? 0,
    limit: query.limit,
    offset: query.offset,
  };
}
