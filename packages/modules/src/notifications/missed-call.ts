import { schema } from "@poundline/db";
import type { OutgoingEmail } from "@poundline/platform/mailer";
import type { JobOutcome } from "@poundline/platform/queue/jobs";
import { and, eq } from "drizzle-orm";
import { notifyMember } from "../inbox/notifications";
import { lineOwner } from "../people/lines";
import { describeCaller } from "./caller";
import { formatDuration } from "./format";
import type { NotificationPorts } from "./ports";
import { accountMembers } from "./recipients";
import { deliverAll, sendOnce } from "./sent";

const { callLogs, voicemails } = schema;

/** Statuses of an inbound call nobody answered. `voicemail_missed` is not one: the voicemail mail covers it. */
/** A refused call (the account's gate turned it away) went unanswered too: the owner hears of it. */
const UNANSWERED = new Set(["missed", "no-answer", "busy", "refused"]);

export const MISSED_CALL_TEMPLATE = "missed_call";

export interface MissedCallEmailInput {
  caller: string;
  to: string;
  at: Date;
  ringSeconds: number;
  publicBaseUrl: string;
}

export function missedCallEmail(input: MissedCallEmailInput): Omit<OutgoingEmail, "to"> {
  const link = `${input.publicBaseUrl}/dashboard/call-history`;
  return {
    subject: `Missed call from ${input.caller}`,
    text: [
      `You missed a call from ${input.caller}.`,
      "",
      `To: ${input.to}`,
      `When: ${input.at.toISOString()}`,
      ...(input.ringSeconds > 0 ? [`Duration: ${formatDuration(input.ringSeconds)}`] : []),
      "",
      `Call history: ${link}`,
    ].join("\n"),
    template: MISSED_CALL_TEMPLATE,
  };
}

/**
 * E-mails the account's members who want it (emailMissedCall, on by default; only the member whose
 * direct number or extension was called, when it was one's) and rings their bell (bellMissedCall)
 * about an inbound call
 * that ended without anyone answering: a missed, no-answer or busy call, or a completed one with no
 * answered leg. A call that left a voicemail is skipped (the voicemail mail covers it), and so is
 * a call still in progress. Each recipient is e-mailed once, whatever the number of runs.
 */
export async function notifyMissedCall(
  ports: NotificationPorts,
  payload: { callSid: string },
): Promise<JobOutcome> {
  const { db, log } = ports;
  const { callSid } = payload;
  const [call] = await db.select().from(callLogs).where(eq(callLogs.callSid, callSid)).limit(1);
  if (!call) {
    log.warn({ callSid }, "missed-call: no such call");
    return "skipped";
  }
  if (call.direction !== "inbound" || call.parentCallSid !== null) return "skipped";
  if (!(await wentUnanswered(ports, call))) return "skipped";
  const [voicemail] = await db
    .select({ id: voicemails.id })
    .from(voicemails)
    .where(and(eq(voicemails.callSid, callSid), eq(voicemails.accountId, call.accountId)))
    .limit(1);
  if (voicemail) return "skipped";

  // A call to a member's direct number or extension was theirs: only they hear of it.
  const owner = await lineOwner(db, {
    accountId: call.accountId,
    toNumber: call.toNumber,
    extensionId: call.extensionId,
  });
  const audience = (await accountMembers(db, call.accountId)).filter(
    (m) => owner === null || m.userId === owner,
  );
  const members = audience.filter((m) => m.preferences.emailMissedCall);
  const email = missedCallEmail({
    caller: await describeCaller(db, call.accountId, call.fromNumber),
    to: call.toNumber,
    at: call.callStartTime,
    ringSeconds: call.durationSeconds,
    publicBaseUrl: ports.publicBaseUrl,
  });
  await deliverAll([
    ...members.map(
      (member) => () =>
        sendOnce(ports, `missed-call:${callSid}:email:${member.email}`, async () => {
          await ports.mailer.send({ ...email, to: member.email });
          return true;
        }),
    ),
    // The bell of the same people, under its own preference (notifyMember reads it).
    ...audience.map(
      (member) => () =>
        sendOnce(ports, `missed-call:${callSid}:bell:${member.userId}`, async () => {
          await notifyMember(ports.db, {
            accountId: call.accountId,
            userId: member.userId,
            kind: "missed_call",
            title: email.subject,
            body: `To ${call.toNumber}.`,
            link: "/dashboard/call-history",
          });
          return true;
        }),
    ),
  ]);
  log.info({ callSid, accountId: call.accountId, recipients: audience.length }, "missed call notified");
  return "done";
}

/** Whether an inbound call ended without anyone answering it (its legs, when it rang any). */
export async function wentUnanswered(
  ports: Pick<NotificationPorts, "db">,
  call: typeof callLogs.$inferSelect,
): Promise<boolean> {
  if (UNANSWERED.has(call.callStatus)) return true;
  if (call.callStatus !== "completed") return false;
  // The legs the call rang (when the carrier reported them): missed when none was answered.
  const legs = await ports.db
    .select({ answeredAt: callLogs.answeredAt })
    .from(callLogs)
    .where(and(eq(callLogs.parentCallSid, call.callSid), eq(callLogs.accountId, call.accountId)));
  if (legs.length > 0) return legs.every((leg) => leg.answeredAt === null);
  return call.answeredAt === null;
}
