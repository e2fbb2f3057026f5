import { type Database, newId, schema } from "@poundline/db";
import type { messageAutomations } from "@poundline/db/enums";
import { outboxRow } from "@poundline/platform/outbox";
import type { JobOutcome } from "@poundline/platform/queue/jobs";
import { and, eq, lte } from "drizzle-orm";
import { type SendPorts, type SendResult, sendMessage } from "../messages/send";

const { jobOutbox, scheduledTexts } = schema;

export type Automation = (typeof messageAutomations)[number];
export type ScheduledTextRow = typeof scheduledTexts.$inferSelect;

/** A text to send at `sendAt` (now or later), from one of the account's numbers. */
export interface PlannedText {
  accountId: string;
  phoneNumberId: string;
  userId: string | null;
  automation: Automation;
  /** Claimed first: a second plan with the same key is dropped (null: no such limit). */
  dedupeKey: string | null;
  from: string;
  to: string;
  body: string;
  sendAt: Date;
  timeZone: string;
  /** Recorded as skipped with this reason instead of sent (quiet hours said never). */
  skipped?: string;
}

/** The job that sends a scheduled text, by its row. */
export const sendJobOf = (scheduledTextId: string) =>
  outboxRow(
    { queue: "notifications", name: "send-scheduled-text", jobId: `scheduled-text:${scheduledTextId}` },
    { scheduledTextId },
  );

/**
 * Records a planned text, once per dedupe key, and when it is due already hands it to the
 * workers in the same transaction (later ones are found by the due-scan). Null when the key was
 * claimed before (a repeated trigger): nothing more is planned.
 */
export async function planText(db: Database, text: PlannedText, now: Date): Promise<ScheduledTextRow | null> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(scheduledTexts)
      .values({
        id: newId("scheduledText"),
        accountId: text.accountId,
        phoneNumberId: text.phoneNumberId,
        userId: text.userId,
        automation: text.automation,
        dedupeKey: text.dedupeKey,
        fromNumber: text.from,
        toNumber: text.to,
        body: text.body,
        sendAt: text.sendAt,
        timeZone: text.timeZone,
        status: text.skipped ? "skipped" : "pending",
        outcome: text.skipped ?? null,
        createdAt: now,
        updatedAt: now,
      })
      .onConflictDoNothing({ target: scheduledTexts.dedupeKey })
      .returning();
    if (!row) return null;
    if (row.status === "pending" && row.sendAt <= now) await tx.insert(jobOutbox).values(sendJobOf(row.id));
    return row;
  });
}

/** What sending needs: the messages module's send ports (the one send path). */
export type SendScheduledPorts = SendPorts;

/**
 * Sends one due scheduled text through the messages module's send path (destination policy,
 * opt-outs, wallet), once: the row moves pending -> sending in one conditional update, so a job
 * run twice, or a due-scan racing the job, sends it once. The result lands on the row.
 */
export async function sendScheduledText(
  ports: SendScheduledPorts,
  scheduledTextId: string,
): Promise<JobOutcome> {
  const { db, clock } = ports;
  const [claimed] = await db
    .update(scheduledTexts)
    .set({ status: "sending", updatedAt: clock() })
    .where(
      and(
        eq(scheduledTexts.id, scheduledTextId),
        eq(scheduledTexts.status, "pending"),
        lte(scheduledTexts.sendAt, clock()),
      ),
    )
    .returning();
  if (!claimed) return "skipped";
  let result: SendResult;
  try {
    result = await sendMessage(
      ports,
      { accountId: claimed.accountId, userId: claimed.userId, automation: claimed.automation },
      { from: claimed.fromNumber, to: claimed.toNumber, body: claimed.body },
    );
  } catch (err) {
    // Never sent twice: a failure after the claim is recorded, not retried.
    ports.log.warn({ err, scheduledTextId }, "a scheduled text could not be sent");
    await settle(db, claimed.id, { status: "failed", outcome: "The text could not be sent." }, clock());
    return "done";
  }
  await settle(db, claimed.id, outcomeOf(result), clock());
  return "done";
}

function outcomeOf(result: SendResult): {
  status: "sent" | "failed" | "skipped";
  outcome: string | null;
  messageId?: string;
} {
  if (result.ok) return { status: "sent", outcome: null, messageId: result.message.id };
  switch (result.reason) {
    case "opted_out":
      return { status: "skipped", outcome: "The recipient opted out of texts from this number." };
    case "number_not_found":
      return { status: "skipped", outcome: "The number is no longer the account's." };
    case "sms_disabled":
      return { status: "skipped", outcome: "The number cannot send texts." };
    case "low_balance":
      return { status: "failed", outcome: "The wallet balance was too low." };
    default:
      return { status: "failed", outcome: result.detail };
  }
}

async function settle(
  db: Database,
  id: string,
  result: { status: "sent" | "failed" | "skipped"; outcome: string | null; messageId?: string },
  now: Date,
) {
  await db
    .update(scheduledTexts)
    .set({
      status: result.status,
      outcome: result.outcome,
      messageId: result.messageId ?? null,
      updatedAt: now,
    })
    .where(eq(scheduledTexts.id, id));
}
