import type { membershipRoles, numberTypes } from "@poundline/db/enums";

/**
 * The plans of seed 000's pricing page and what each allows: the one place the API reads a
 * plan's limits from (numbers, users, texts a month, hours of call recording). Where the seed
 * names no figure for a plan (the trial's texts), the smallest paid plan's is used; what a plan
 * lists as "not included" (call recording on the trial and Starter) is 0. `null`: no limit
 * ("custom lines", "unlimited users (fair use)", "custom SMS volume", "unlimited recording").
 */

type NumberType = (typeof numberTypes)[number];
type MembershipRole = (typeof membershipRoles)[number];

export const TRIAL_PLAN = "Free Trial";
export const PLAN_NAMES = [TRIAL_PLAN, "Starter", "Professional", "Enterprise"] as const;
export type PlanName = (typeof PLAN_NAMES)[number];

export interface PlanLimits {
  plan: PlanName;
  /** Most numbers the account may hold. */
  maxNumbers: number | null;
  /** Whether toll-free numbers are included (the trial has one local number only). */
  tollFree: boolean;
  /** Most members of the account, every role counted. */
  maxUsers: number | null;
  /** Most owners and admins among them (the trial: 1 admin and 2 users). */
  maxAdmins: number | null;
  /** Outbound texts a calendar month (UTC). */
  textsPerMonth: number | null;
  /** Hours of recorded calls a calendar month (UTC). */
  recordingHoursPerMonth: number | null;
}

export const PLANS: Record<PlanName, PlanLimits> = {
  [TRIAL_PLAN]: {
    plan: TRIAL_PLAN,
    maxNumbers: 1,
    tollFree: false,
    maxUsers: 3,
    maxAdmins: 1,
    textsPerMonth: 1000,
    recordingHoursPerMonth: 0,
  },
  Starter: {
    plan: "Starter",
    maxNumbers: 2,
    tollFree: true,
    maxUsers: 5,
    maxAdmins: null,
    textsPerMonth: 1000,
    recordingHoursPerMonth: 0,
  },
  Professional: {
    plan: "Professional",
    maxNumbers: 5,
    tollFree: true,
    maxUsers: 15,
    maxAdmins: null,
    textsPerMonth: 2500,
    recordingHoursPerMonth: 100,
  },
  Enterprise: {
    plan: "Enterprise",
    maxNumbers: null,
    tollFree: true,
    maxUsers: null,
    maxAdmins: null,
    textsPerMonth: null,
    recordingHoursPerMonth: null,
  },
};

/** A plan's limits by name; an unknown name (or none) is the trial's. */
export function planLimits(planName: string | null): PlanLimits {
  return PLANS[planName as PlanName] ?? PLANS[TRIAL_PLAN];
}

/** Plans from the smallest up. */
const ORDER: readonly PlanName[] = PLAN_NAMES;

/** Whether moving from one plan to the other is an upgrade (takes effect at once). */
export function isUpgrade(from: string | null, to: string): boolean {
  return ORDER.indexOf(planLimits(to).plan) > ORDER.indexOf(planLimits(from).plan);
}

/** The smallest plan above `current` whose limits admit `fits`; null when none does. */
function planThatLifts(current: PlanLimits, fits: (limits: PlanLimits) => boolean): PlanName | null {
  for (const name of ORDER.slice(ORDER.indexOf(current.plan) + 1)) if (fits(PLANS[name])) return name;
  return null;
}

const within = (limit: number | null, wanted: number) => limit === null || wanted <= limit;

function upgradeHint(current: PlanLimits, fits: (limits: PlanLimits) => boolean): string {
  const lifts = planThatLifts(current, fits);
  return lifts ? `Upgrade to ${lifts} to lift it.` : "Contact sales to lift it.";
}

/** Why one more number of this type is refused, or null when the plan has room for it. */
export function numberLimitRefusal(limits: PlanLimits, held: number, type: NumberType): string | null {
  if (type === "toll-free" && !limits.tollFree)
    return `Your ${limits.plan} plan includes 1 local number only: toll-free numbers need a paid plan. ${upgradeHint(limits, (p) => p.tollFree)}`;
  if (!within(limits.maxNumbers, held + 1)) {
    const includes =
      limits.plan === TRIAL_PLAN ? "includes 1 local number" : `includes up to ${limits.maxNumbers} numbers`;
    const lifts = planThatLifts(limits, (p) => within(p.maxNumbers, held + 1));
    return `Your ${limits.plan} plan ${includes} and this account has ${held}. Release a number or ${lifts ? `upgrade to ${lifts}` : "contact sales"} to add another.`;
  }
  return null;
}

const isAdminRole = (role: MembershipRole) => role === "owner" || role === "admin";

/** Why one more member with this role is refused, or null. `members` counts every role, `admins` owners and admins. */
export function memberLimitRefusal(
  limits: PlanLimits,
  held: { members: number; admins: number },
  role: MembershipRole,
): string | null {
  if (!within(limits.maxUsers, held.members + 1))
    return `Your ${limits.plan} plan includes ${limits.plan === TRIAL_PLAN ? "1 admin and 2 users" : `up to ${limits.maxUsers} users`} and this account has ${held.members}. ${upgradeHint(limits, (p) => within(p.maxUsers, held.members + 1))}`;
  if (isAdminRole(role) && !within(limits.maxAdmins, held.admins + 1))
    return `Your ${limits.plan} plan includes ${limits.maxAdmins} admin and this account has ${held.admins}. ${upgradeHint(limits, (p) => within(p.maxAdmins, held.admins + 1))}`;
  return null;
}

/** Why one more text this month is refused, or null. */
export function textLimitRefusal(limits: PlanLimits, sentThisMonth: number): string | null {
  if (within(limits.textsPerMonth, sentThisMonth + 1)) return null;
  return `Your ${limits.plan} plan includes ${limits.textsPerMonth} texts a month and this account has sent ${sentThisMonth} this month. ${upgradeHint(limits, (p) => within(p.textsPerMonth, sentThisMonth + 1))}`;
}

/** Why call recording cannot be turned on, or null. `recordedSeconds`: this month's so far. */
export function recordingLimitRefusal(limits: PlanLimits, recordedSeconds: number): string | null {
  const hours = limits.recordingHoursPerMonth;
  if (hours === null) return null;
  if (hours === 0)
    return `Call recording is not included in your ${limits.plan} plan. ${upgradeHint(limits, (p) => p.recordingHoursPerMonth !== 0)}`;
  if (recordedSeconds < hours * 3600) return null;
  return `Your ${limits.plan} plan includes ${hours} hours of call recording a month, all used this month. ${upgradeHint(limits, (p) => p.recordingHoursPerMonth === null || p.recordingHoursPerMonth > hours)}`;
}

/** Whether the account's calls are recorded: under its plan's recording hours this month. */
export function recordsCalls(limits: PlanLimits, recordedSeconds: number): boolean {
  const hours = limits.recordingHoursPerMonth;
  return hours === null || recordedSeconds < hours * 3600;
}

/** The share of the month's recording hours from which owners and admins are warned. */
export const RECORDING_WARNING_SHARE = 0.8;

export type RecordingWarning = "near_limit" | "at_limit";

/** Whether the month's recording is near its plan's limit (80%) or at it; null below, or without a limit. */
export function recordingWarning(limits: PlanLimits, recordedSeconds: number): RecordingWarning | null {
  const hours = limits.recordingHoursPerMonth;
  if (!hours) return null;
  if (recordedSeconds >= hours * 3600) return "at_limit";
  return recordedSeconds >= hours * 3600 * RECORDING_WARNING_SHARE ? "near_limit" : null;
}

/** What owners and admins are told of the month's recording (bell, e-mail, billing page); null below 80%. */
export function recordingUsageMessage(limits: PlanLimits, recordedSeconds: number): string | null {
  const warning = recordingWarning(limits, recordedSeconds);
  const hours = limits.recordingHoursPerMonth ?? 0;
  if (warning === "at_limit")
    return `Your ${limits.plan} plan's call recording is all used this month (${hours} of ${hours} hours): calls are not recorded until the month ends.`;
  if (warning !== "near_limit") return null;
  const percent = Math.floor((recordedSeconds / (hours * 3600)) * 100);
  return `Your ${limits.plan} plan's call recording is ${percent}% used this month (${Math.floor(recordedSeconds / 3600)} of ${hours} hours).`;
}
