import type { Database } from "@poundline/db";
import { newId, schema } from "@poundline/db";
import { and, eq, inArray, sql } from "drizzle-orm";
import { isCharged, type OutboundStatus, statusesOvertakenBy } from "./status";

const { messages, jobOutbox } = schema;

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
  db: Database,
  report: StatusReport,
): Promise<StatusAdvanced | null> {
  const overtaken = statusesOvertakenBy(report.status);
  if (overtaken.length === 0) return null;
  return db.transaction(async (tx) => {
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
      await tx.insert(jobOutbox).values({
        id: newId("job"),
        queue: "billing",
        jobName: "charge-sms",
        jobId: `charge-sms:${report.messageSid}`,
        payload: { messageSid: report.messageSid },
      });
    }
    return row;
  });
}
