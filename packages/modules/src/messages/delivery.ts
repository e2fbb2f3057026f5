import { schema } from "@poundline/db";
import { enqueue, type OutboxWriter } from "@poundline/platform/outbox";
import { and, eq, inArray, sql } from "drizzle-orm";
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
      .returning({ accountId: messages.accountId, previousStatus: previous.status });
    if (!row) return null;
    if (isCharged(report.status) && !isCharged(row.previousStatus)) {
      await enqueue(
        tx,
        { queue: "billing", name: "charge-sms", jobId: `charge-sms:${report.messageSid}` },
        { messageSid: report.messageSid },
      );
    }
    return row;
  });
}
