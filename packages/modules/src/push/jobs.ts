import { schema } from "@poundline/db";
import type { JobOutcome, JobPayload, Processor } from "@poundline/platform/queue/jobs";
import { and, eq } from "drizzle-orm";
import { conversationLink } from "../inbox/round-robin";
import { describeCaller } from "../notifications/caller";
import { accountMembers } from "../notifications/recipients";
import { lineOwner } from "../people/lines";
import { type PushDeps, type PushPorts, pushToMember } from "./deliver";
import type { PushKind } from "./sender";

const { memberNotifications, messages, inboxConversations } = schema;

/** The bell's kinds that are pushed (the plan's recording hours are not). */
const PUSHED_BELL_KINDS: Partial<Record<string, PushKind>> = {
  assignment: "assignment",
  mention: "mention",
  missed_call: "missed_call",
  voicemail: "voicemail",
};

/** A bell entry (assignment, mention, missed call, voicemail) pushed to its member's devices. */
export async function pushMemberNotification(
  ports: PushPorts,
  payload: JobPayload<"notifications", "push-notification">,
): Promise<JobOutcome> {
  const [entry] = await ports.db
    .select()
    .from(memberNotifications)
    .where(eq(memberNotifications.id, payload.notificationId))
    .limit(1);
  const kind = entry && PUSHED_BELL_KINDS[entry.kind];
  if (!entry || !kind) return "skipped";
  const reached = await pushToMember(ports, entry.userId, `push-notification:${entry.id}`, {
    title: entry.title,
    body: entry.body,
    url: entry.link,
    tag: entry.id,
    kind,
  });
  return reached > 0 ? "done" : "skipped";
}

/** A member's browser is ringing: their phone shows who calls, and opens the console to answer. */
export async function pushIncomingCall(
  ports: PushPorts,
  payload: JobPayload<"notifications", "push-incoming-call">,
): Promise<JobOutcome> {
  // A ring group's call to the member is placed for a caller the hunt does not name.
  const caller = payload.from ? await describeCaller(ports.db, payload.accountId, payload.from) : null;
  const reached = await pushToMember(ports, payload.userId, `push-incoming-call:${payload.callSid}`, {
    title: caller ? `Incoming call from ${caller}` : `Incoming call on ${payload.to}`,
    body: `To ${payload.to}. Open Poundline to answer.`,
    url: "/dashboard",
    tag: payload.callSid,
    kind: "incoming_call",
  });
  return reached > 0 ? "done" : "skipped";
}

/**
 * A text came in: pushed to the member whose direct number received it, else to the member its
 * conversation is assigned to, else to every member of the account (each under pushText).
 */
export async function pushIncomingText(
  ports: PushPorts,
  payload: JobPayload<"notifications", "push-text">,
): Promise<JobOutcome> {
  const { db } = ports;
  const [text] = await db
    .select({
      id: messages.id,
      accountId: messages.accountId,
      direction: messages.direction,
      fromNumber: messages.fromNumber,
      toNumber: messages.toNumber,
      body: messages.body,
    })
    .from(messages)
    .where(eq(messages.id, payload.messageId))
    .limit(1);
  if (text?.direction !== "inbound") return "skipped";
  const owner = await lineOwner(db, {
    accountId: text.accountId,
    toNumber: text.toNumber,
    extensionId: null,
  });
  const [conversation] = owner
    ? []
    : await db
        .select({ assigneeId: inboxConversations.assigneeId })
        .from(inboxConversations)
        .where(
          and(
            eq(inboxConversations.accountId, text.accountId),
            eq(inboxConversations.ourNumber, text.toNumber),
            eq(inboxConversations.peerNumber, text.fromNumber),
          ),
        )
        .limit(1);
  const one = owner ?? conversation?.assigneeId ?? null;
  const recipients = one ? [one] : (await accountMembers(db, text.accountId)).map((m) => m.userId);
  const sender = await describeCaller(db, text.accountId, text.fromNumber);
  const body = text.body.length > 140 ? `${text.body.slice(0, 139)}…` : text.body;
  const message = {
    title: `Text from ${sender}`,
    body: body || "A picture or a file.",
    url: conversationLink(text.toNumber, text.fromNumber),
    tag: `text-${text.toNumber}-${text.fromNumber}`,
    kind: "text" as const,
  };
  let reached = 0;
  for (const userId of recipients)
    reached += await pushToMember(ports, userId, `push-text:${text.id}`, message);
  return reached > 0 ? "done" : "skipped";
}

/** The processors of the three push jobs. */
export function pushProcessors(deps: PushDeps): {
  "push-notification": Processor<JobPayload<"notifications", "push-notification">>;
  "push-incoming-call": Processor<JobPayload<"notifications", "push-incoming-call">>;
  "push-text": Processor<JobPayload<"notifications", "push-text">>;
} {
  return {
    "push-notification": (ports, payload) => pushMemberNotification({ ...ports, ...deps }, payload),
    "push-incoming-call": (ports, payload) => pushIncomingCall({ ...ports, ...deps }, payload),
    "push-text": (ports, payload) => pushIncomingText({ ...ports, ...deps }, payload),
  };
}
