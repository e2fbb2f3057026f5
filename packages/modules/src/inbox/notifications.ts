import { type Database, newId, schema } from "@poundline/db";
import type { memberNotificationKinds } from "@poundline/db/enums";
import type { OutgoingEmail } from "@poundline/platform/mailer";
import { outboxRow } from "@poundline/platform/outbox";
import type { JobOutcome, JobPayload, Processor } from "@poundline/platform/queue/jobs";
import { and, count, desc, eq, inArray, isNull } from "drizzle-orm";
import type { NotificationPorts } from "../notifications/ports";
import { defaultPreferences, type Preferences, preferencesOf } from "../notifications/recipients";
import { sendOnce } from "../notifications/sent";
import { enqueueMemberPush, hasPushDevice } from "../push/enqueue";

const { memberNotifications, notificationPreferences, users, jobOutbox } = schema;

export type MemberNotificationKind = (typeof memberNotificationKinds)[number];

export interface NewMemberNotification {
  accountId: string;
  userId: string;
  kind: MemberNotificationKind;
  title: string;
  body: string;
  /** A console path: "/dashboard/messages?…". */
  link: string;
}

export const MEMBER_NOTIFICATION_TEMPLATE = "member_notification";

/** A member's preference that lets a kind through, "always" for billing notices, or null: never. */
type Channel = keyof Preferences | "always" | null;

/**
 * Which of a member's preferences lets each kind into the bell, by e-mail (for the inbox's own),
 * and by Web Push to the member's devices.
 */
const channels: Record<MemberNotificationKind, { bell: Channel; email: Channel; push: Channel }> = {
  assignment: { bell: "bellAssignment", email: "emailAssignment", push: "pushAssignment" },
  mention: { bell: "bellMention", email: "emailMention", push: "pushMention" },
  // Missed calls and voicemails are e-mailed by their own jobs, with their details.
  missed_call: { bell: "bellMissedCall", email: null, push: "pushMissedCall" },
  voicemail: { bell: "bellVoicemail", email: null, push: "pushVoicemail" },
  // The plan's recording hours: owners and admins are told whatever their preferences, as of billing.
  recording_usage: { bell: "always", email: "always", push: null },
};

const allows = (channel: Channel, preferences: Preferences) =>
  channel === "always" || (channel !== null && preferences[channel]);

/**
 * Puts an entry in a member's bell and, for assignments and mentions, the job that e-mails it, and
 * the job that pushes it to the member's devices, as the member's preferences say, in the caller's
 * transaction (the push job only for a member with a device). With the bell off and the e-mail or
 * push on, the entry is kept out of the bell (the jobs read it); with all three off, or only push
 * on and no device, nothing is written (null).
 * The outbox relay finds the job row on its next pass; callers holding the outbox writer wake it
 * after the commit.
 */
export async function notifyMember(tx: Database, input: NewMemberNotification): Promise<string | null> {
  const preferences = await preferencesOf(tx, input.userId);
  const channel = channels[input.kind];
  const inBell = allows(channel.bell, preferences);
  const emailed = allows(channel.email, preferences);
  const pushed = allows(channel.push, preferences);
  // Push alone keeps the entry only for a member with a device to push it to.
  if (!inBell && !emailed && !(pushed && (await hasPushDevice(tx, input.userId)))) return null;
  const id = newId("notification");
  await tx.insert(memberNotifications).values({ id, ...input, inBell });
  if (emailed)
    await tx
      .insert(jobOutbox)
      .values(
        outboxRow(
          { queue: "notifications", name: "member-notification", jobId: `member-notification:${id}` },
          { notificationId: id },
        ),
      );
  if (pushed)
    await enqueueMemberPush(tx, input.userId, "push-notification", `push-notification:${id}`, {
      notificationId: id,
    });
  return id;
}

/** The newest entries of a member's bell in one account, and how many are unread. */
export async function listNotifications(db: Database, accountId: string, userId: string, limit: number) {
  const mine = and(
    eq(memberNotifications.accountId, accountId),
    eq(memberNotifications.userId, userId),
    eq(memberNotifications.inBell, true),
  );
  const [rows, [unread]] = await Promise.all([
    db
      .select({
        id: memberNotifications.id,
        kind: memberNotifications.kind,
        title: memberNotifications.title,
        body: memberNotifications.body,
        link: memberNotifications.link,
        readAt: memberNotifications.readAt,
        createdAt: memberNotifications.createdAt,
      })
      .from(memberNotifications)
      .where(mine)
      .orderBy(desc(memberNotifications.createdAt), desc(memberNotifications.id))
      .limit(limit),
    db
      .select({ total: count() })
      .from(memberNotifications)
      .where(and(mine, isNull(memberNotifications.readAt))),
  ]);
  return {
    notifications: rows.map((row) => ({ ...row, kind: row.kind as MemberNotificationKind })),
    unreadCount: unread?.total ?? 0,
  };
}

/** Marks the member's own entries read (the given ones, or all); the number marked. */
export async function markNotificationsRead(
  db: Database,
  accountId: string,
  userId: string,
  ids: readonly string[] | null,
  now: Date,
): Promise<number> {
  const marked = await db
    .update(memberNotifications)
    .set({ readAt: now })
    .where(
      and(
        eq(memberNotifications.accountId, accountId),
        eq(memberNotifications.userId, userId),
        isNull(memberNotifications.readAt),
        ids ? inArray(memberNotifications.id, [...ids]) : undefined,
      ),
    )
    .returning({ id: memberNotifications.id });
  return marked.length;
}

export function memberNotificationEmail(
  entry: { title: string; body: string; link: string },
  publicBaseUrl: string,
): Omit<OutgoingEmail, "to"> {
  return {
    subject: entry.title,
    text: [
      entry.title,
      "",
      ...(entry.body ? [entry.body, ""] : []),
      `Open: ${publicBaseUrl}${entry.link}`,
    ].join("\n"),
    template: MEMBER_NOTIFICATION_TEMPLATE,
  };
}

/** E-mails one bell entry to its member, once, when their preference for its kind is on. */
export async function sendMemberNotification(
  ports: NotificationPorts,
  payload: JobPayload<"notifications", "member-notification">,
): Promise<JobOutcome> {
  const [row] = await ports.db
    .select({
      kind: memberNotifications.kind,
      title: memberNotifications.title,
      body: memberNotifications.body,
      link: memberNotifications.link,
      email: users.email,
      emailAssignment: notificationPreferences.emailAssignment,
      emailMention: notificationPreferences.emailMention,
    })
    .from(memberNotifications)
    .innerJoin(users, eq(users.id, memberNotifications.userId))
    .leftJoin(notificationPreferences, eq(notificationPreferences.userId, users.id))
    .where(eq(memberNotifications.id, payload.notificationId))
    .limit(1);
  if (!row) return "skipped";
  const wanted =
    row.kind === "assignment"
      ? (row.emailAssignment ?? defaultPreferences.emailAssignment)
      : row.kind === "mention"
        ? (row.emailMention ?? defaultPreferences.emailMention)
        : channels[row.kind].email === "always";
  if (!wanted) return "skipped";
  const email = memberNotificationEmail(row, ports.publicBaseUrl);
  await sendOnce(ports, `member-notification:${payload.notificationId}:email:${row.email}`, async () => {
    await ports.mailer.send({ ...email, to: row.email });
    return true;
  });
  return "done";
}

/** The processor of the `notifications/member-notification` job. */
export function memberNotificationProcessor(
  deps: Pick<NotificationPorts, "mailer" | "publicBaseUrl">,
): Processor<JobPayload<"notifications", "member-notification">> {
  return (ports, payload) => sendMemberNotification({ ...ports, ...deps }, payload);
}
