import { type Database, schema } from "@poundline/db";
import { enqueue, type OutboxWriter } from "@poundline/platform/outbox";
import { and, eq, inArray, sql } from "drizzle-orm";
import { emitWebhookEvent } from "../webhooks/emit";
import { isCharged, type OutboundStatus, statusesOvertakenBy } from "./status";

const { messages } = schema;

export interface StatusReport {
  messageSid: string;
  status: OutboundStatus;
  /** The carrier's error code of a failure; null keeps the stored one. */
  errorCode: number | null;
  now: Date;
}

export interface StatusAdvanced {
  accountId: string;
  previousStatus: string;
}

/**
 * Moves a stored outbound message to the reported status, forward only: one statement that
 * matches nothing for a duplicate or a late report. The first time the message reaches sent (or
 * beyond), the charge is handed to the billing worker in the same transaction. Null when nothing moved.
 */
export async function advanceOutboundStatus(
  outbox: OutboxWriter,
  report: StatusReport,
): Promise<StatusAdvanced | null> {
  const overtaken = statusesOvertakenBy(report.status);
  if (overtaken.length === 0) return null;
  return outbox.transaction(async (tx) => {
    // The stored row, locked, so the status it had before this update is known exactly.
    const previous = tx
      .select({ id: messages.id, status: messages.status })
      .from(messages)
      .where(and(eq(messages.messageSid, report.messageSid), eq(messages.direction, "outbound")))
      .for("update")
      .as("previous");
    const [row] = await tx
      .update(messages)
      .set({
        status: report.status,
        errorCode: report.errorCode ?? sql`${messages.errorCode}`,
        updatedAt: report.now,
      })
      .from(previous)
      .where(and(eq(messages.id, previous.id), inArray(previous.status, overtaken)))
      .returning({
        accountId: messages.accountId,
        previousStatus: previous.status,
        id: messages.id,
        fromNumber: messages.fromNumber,
        toNumber: messages.toNumber,
      });
    if (!row) return null;
    for (const type of statusEvents(report.status, row.previousStatus))
      await emitMessageEvent(
        tx,
        type,
        { ...row, messageSid: report.messageSid, status: report.status, errorCode: report.errorCode },
        report.now,
      );
    if (isCharged(report.status) && !isCharged(row.previousStatus)) {
      await enqueue(
        tx,
        { queue: "billing", name: "charge-sms", jobId: `charge-sms:${report.messageSid}` },
        { messageSid: report.messageSid },
      );
    }
    return { accountId: row.accountId, previousStatus: row.previousStatus };
  });
}

/**
 * The webhook events a status move makes: sent the first time it reaches the carrier's network
 * (a report of delivered may be the first), delivered, and failed (failed or undelivered).
 */
function statusEvents(
  status: OutboundStatus,
  previous: string,
): ("message.sent" | "message.delivered" | "message.failed")[] {
  if (status === "failed" || status === "undelivered") return ["message.failed"];
  const firstSent = isCharged(status) && !isCharged(previous) ? (["message.sent"] as const) : [];
  return status === "delivered" ? [...firstSent, "message.delivered"] : [...firstSent];
}

/** The fields of an outbound message its webhook events carry. */
interface OutboundEventRow {
  id: string;
  accountId: string;
  /** Null when the carrier refused the send (it gave no sid). */
  messageSid: string | null;
  fromNumber: string;
  toNumber: string;
  status: string;
  errorCode: number | null;
}

/** An outbound message's webhook event, in the transaction of the update that made it true. */
export function emitMessageEvent(
  tx: Database,
  type: "message.sent" | "message.delivered" | "message.failed",
  row: OutboundEventRow,
  at: Date,
) {
  return emitWebhookEvent(tx, {
    accountId: row.accountId,
    type,
    at,
    orderKey: row.id,
    data: {
      id: row.id,
      messageSid: row.messageSid,
      direction: "outbound",
      from: row.fromNumber,
      to: row.toNumber,
      status: row.status,
      errorCode: row.errorCode,
      links: { self: `/v1/messages/${row.id}` },
    },
  });
}
