import { type CallProgressStatus, isEndedCall } from "./call-progress";
import { type Availability, type MemberRoute, memberOfSoftphone } from "./members";

/** What the console shows of a member: the availability they chose, told apart by what they are doing. */
export const PRESENCE_STATES = ["available", "on_call", "do_not_disturb", "away", "offline"] as const;
export type PresenceState = (typeof PRESENCE_STATES)[number];

/** How the console names each state (the dot's colour is never the only sign). */
export const presenceLabels: Record<PresenceState, string> = {
  available: "Available",
  on_call: "On a call",
  do_not_disturb: "Do not disturb",
  away: "Away",
  offline: "Offline",
};

export interface PresenceFacts {
  availability: Availability;
  /** An open console socket on any instance. */
  online: boolean;
  /** A party to a call in progress (softphone or phone). */
  onCall: boolean;
}

/**
 * A member's state. A call wins: they are talking whether or not a console is open (a forwarding
 * phone rings without one). Without a socket anywhere they are offline, whatever they chose.
 */
export function presenceOf(facts: PresenceFacts): PresenceState {
  if (facts.onCall) return "on_call";
  if (!facts.online) return "offline";
  return facts.availability;
}

/** What a call's progress tells of a member's calls: they joined it, or left it. */
export interface MemberCallChange {
  accountId: string;
  userId: string;
  /** The call the console lists (a leg's parent). */
  callSid: string;
  joined: boolean;
}

/**
 * A status callback's news for presence, from its addresses alone (no lookup on the call path):
 * a softphone's own call (From `client:`) counts from its first report, its member is on the
 * line; a leg to a softphone (To `client:`) once answered. Either one ended, they left it.
 */
export function memberCallChange(
  report: {
    from: string;
    to: string;
    callSid: string;
    parentCallSid: string | null;
    status: CallProgressStatus;
  },
  /** Whose phone a number is (a leg to a forwarding phone); absent: phones are not looked at. */
  phoneOwner?: (number: string) => Pick<MemberRoute, "accountId" | "userId"> | null,
): MemberCallChange | null {
  const ended = isEndedCall(report.status);
  const callSid = report.parentCallSid ?? report.callSid;
  const placer = report.from.startsWith("client:") ? memberOfSoftphone(report.from) : null;
  if (placer) return { ...placer, callSid, joined: !ended };
  // A leg counts once answered; who answered it is looked for only then.
  if (!ended && report.status !== "in-progress") return null;
  const answerer = report.to.startsWith("client:")
    ? memberOfSoftphone(report.to)
    : report.parentCallSid && phoneOwner
      ? phoneOwner(report.to)
      : null;
  if (!answerer) return null;
  return { accountId: answerer.accountId, userId: answerer.userId, callSid, joined: !ended };
}

/** The member of these whose phone a number is (the first, if two share one). */
export function memberWithPhone(members: Iterable<MemberRoute>, number: string): MemberRoute | null {
  for (const member of members) if (member.forwardingNumbers.includes(number)) return member;
  return null;
}
