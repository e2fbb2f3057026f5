import { type BusinessHours, isWithinBusinessHours } from "./business-hours";

/** A member's availability, as they set it in the console (seed labels: Available, Do not disturb, Away). */
export const AVAILABILITIES = ["available", "do_not_disturb", "away"] as const;
export type Availability = (typeof AVAILABILITIES)[number];

/** A member of an account as the routing tables hold it: who a ring group may ring, and when. */
export interface MemberRoute {
  /** The member's user id: ring groups name it beside extension ids. */
  userId: string;
  accountId: string;
  name: string;
  availability: Availability;
  /** IANA zone their working hours are in. */
  timeZone: string;
  /** Their own working hours; null: any time. */
  workingHours: BusinessHours | null;
  /** The devices rung for them, all at once (the forwarding phone today). */
  forwardingNumbers: string[];
  /** The account's number that is theirs: its calls ring them (absent: none). */
  directNumberId?: string | null;
  /** The extension that is theirs: dialling it rings them (absent: none). */
  extensionId?: string | null;
}

/**
 * Whether a member is at work at `now`: their own hours in their own zone (start inclusive, end
 * exclusive, overnight shifts and DST as business hours). No hours set: always.
 */
export function isWorking(member: Pick<MemberRoute, "workingHours" | "timeZone">, now: Date): boolean {
  return member.workingHours === null || isWithinBusinessHours(member.workingHours, member.timeZone, now);
}

/** Whether a ring group may ring the member now: available, at work, and with a device to ring. */
export function isRingable(member: MemberRoute, now: Date): boolean {
  return member.availability === "available" && member.forwardingNumbers.length > 0 && isWorking(member, now);
}

const NOTHING: readonly string[] = [];

/** What rings for a member now: their devices while they can be rung, else nothing. */
export function memberNumbers(member: MemberRoute, now: Date): readonly string[] {
  return isRingable(member, now) ? member.forwardingNumbers : NOTHING;
}

/**
 * A member's softphone identity in one account (a person may belong to several, and rings in each
 * as someone else): the carrier's client name, letters, digits and underscores.
 */
export function softphoneIdentity(accountId: string, userId: string): string {
  return `${accountId}_${userId}`;
}

/** The `<Dial>` destination that rings a member's softphone. */
export function softphoneDestination(accountId: string, userId: string): string {
  return `client:${softphoneIdentity(accountId, userId)}`;
}

/** The account and member a softphone identity (or `client:` address) names; null when it names none. */
export function memberOfSoftphone(identity: string): { accountId: string; userId: string } | null {
  const bare = identity.startsWith("client:") ? identity.slice("client:".length) : identity;
  const at = bare.lastIndexOf("_usr_");
  if (at <= 0) return null;
  return { accountId: bare.slice(0, at), userId: bare.slice(at + 1) };
}
