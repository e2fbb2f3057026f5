import { isWithinBusinessHours, localDate } from "./business-hours";
import { type BlockDecision, blockDecision, SCREENING_PROMPT } from "./call-blocking";
import { matchGeoRule } from "./geo-rules";
import { BUILT_IN_GREETINGS, type Greeting, sayGreeting } from "./greeting";
import { type IvrMenu, type IvrPosition, type IvrStep, nextIvrStep } from "./ivr";
import type { CallerLocation, LocationInput } from "./location";
import { memberNumbers } from "./members";
import type { Seat } from "./queue-seats";
import { defaultRates, MAX_CALL_SECONDS, outboundRate, prepaidSeconds, type RateTable } from "./rating";
import { needsConsentNotice, RECORDING_CONSENT_NOTICE } from "./recording-consent";
import { afterDial, type DialStatus, ringAttempts } from "./ring";
import { RING_TIMEOUT_SECONDS } from "./routing-defaults";
import type {
  AccountGate,
  AccountRouting,
  Extension,
  NumberRoute,
  RouteTarget,
  RoutingTable,
  SharedNumberRoute,
} from "./routing-table";
import { allowanceSeconds, trialRunning } from "./trial-allowance";

export const CALL_MESSAGES = {
  notInService: "We're sorry. The number you have dialed is not in service. Goodbye.",
  trialEnded:
    "We're sorry. This business is not able to take calls at the moment because its free trial has ended. Please try again later. Goodbye.",
  walletEmpty:
    "We're sorry. This business is not able to take calls at the moment. Please try again later. Goodbye.",
  spendCap:
    "We're sorry. This business is not able to take calls at the moment because it has reached its monthly spending limit. Please try again later. Goodbye.",
  suspended: "We're sorry. This number is not available at the moment. Goodbye.",
  goodbye: "Thank you for calling. Goodbye.",
  voicemailGreeting: BUILT_IN_GREETINGS.voicemail,
  extensionVoicemail: BUILT_IN_GREETINGS.extensionVoicemail,
  /** What a ring group member hears on answering, before being connected to the waiting caller. */
  whisper: (company: string) => `Call for ${company}.`,
} as const;

/** Where the call is, carried in the action URLs of the TwiML (signed by the carrier). */
export interface CallContext {
  accountId: string;
  /** The account's number the call is routed by (its hours, strategy, voicemail). */
  numberId: string | null;
  /**
   * The IVR version the call's menus come from, pinned when the call enters its first menu: a
   * published version's id, or a try-it call's token. Absent: the account's live menus.
   */
  ivrVersion?: string;
}

/** What to do when a <Dial> ends unanswered. */
export type DialFollowUp =
  /** Ring groups now hunt from a queue (the "queue" step); kept for calls dialled before that. */
  | { kind: "group"; target: "open" | "after"; attempt: number; rotation: number }
  | { kind: "extension"; extensionId: string }
  | { kind: "number" };

/** Which ring group a waiting caller's hunt rings: the number's open or after-hours target. */
export type HuntTarget = "open" | "after";

export type CallStep =
  | {
      kind: "menu";
      context: CallContext;
      menu: IvrMenu;
      position: IvrPosition;
      preface: string | null;
      /** Played before the menu (the number's after-hours greeting). */
      intro?: Greeting;
    }
  | {
      kind: "dial";
      context: CallContext;
      numbers: string[];
      timeoutSeconds: number;
      followUp: DialFollowUp;
      /** Record the bridged call (the number's call recording is on). */
      record?: boolean;
      /** Seconds the wallet pays for at the dearest number rung (`<Dial timeLimit>`); absent: no limit. */
      timeLimitSeconds?: number;
      /** Played before the number is rung (the number's after-hours greeting). */
      intro?: Greeting;
    }
  /** Ring group: the caller waits in a queue hearing the hold music while members are called. */
  | {
      kind: "queue";
      context: CallContext;
      target: HuntTarget;
      holdMusicUrl: string;
      /** Played before the caller joins the line (the number's after-hours greeting). */
      intro?: Greeting;
    }
  | {
      kind: "voicemail";
      context: CallContext;
      greeting: Greeting;
      extensionId: string | null;
      /** Played before the voicemail greeting (the number's after-hours greeting). */
      intro?: Greeting;
    }
  | { kind: "say_goodbye"; message: string; intro?: Greeting }
  /** A blocked caller turned away unanswered (`<Reject>`): the call costs nothing. */
  | { kind: "reject" }
  /** A screened caller: pressing 1 puts them through (the incoming call again, screened). */
  | { kind: "screen"; prompt: string }
  /** The caller was connected and the call is over: end quietly. */
  | { kind: "end" };

export const GATE_STATES = [
  "open",
  "trial_ended",
  "spend_cap",
  "wallet_empty",
  "trial_allowance_used",
  "suspended",
] as const;
export type GateState = (typeof GATE_STATES)[number];

/** The UTC calendar month of an instant, `YYYY-MM`: the period of the monthly spend cap. */
export const utcMonthOf = (now: Date) => now.toISOString().slice(0, 7);

/**
 * Whether the account takes calls and texts: closed when suspended; when its trial has ended and
 * no subscription is current (whatever became of one it had); when its usage reached its monthly
 * spend cap this month; when its prepaid wallet is empty and the trial's included minutes (if it
 * has them) are used. An account without a trial end (older rows, the demo) is never closed by the
 * trial.
 */
export function gateState(gate: AccountGate, now: Date): GateState {
  if (gate.status === "suspended" || gate.status === "closed") return "suspended";
  if (
    !gate.hasActiveSubscription &&
    gate.trialEndsAt !== null &&
    gate.trialEndsAt.getTime() <= now.getTime()
  ) {
    return "trial_ended";
  }
  if (gate.spendCapReachedMonth && gate.spendCapReachedMonth === utcMonthOf(now)) return "spend_cap";
  if (gate.walletBalanceCents !== null && gate.walletBalanceCents <= 0) {
    const allowance = trialRunning(gate.trialEndsAt, now) ? gate.allowance : null;
    if (!allowance) return "wallet_empty";
    return allowance.minutesLeft > 0 ? "open" : "trial_allowance_used";
  }
  return "open";
}

const gateMessages: Record<Exclude<GateState, "open">, string> = {
  trial_ended: CALL_MESSAGES.trialEnded,
  spend_cap: CALL_MESSAGES.spendCap,
  wallet_empty: CALL_MESSAGES.walletEmpty,
  trial_allowance_used: CALL_MESSAGES.walletEmpty,
  suspended: CALL_MESSAGES.suspended,
};

/** The licensee a pound-code call goes to: the first matching geo rule's, else the number's default. */
export function chooseLicensee(shared: SharedNumberRoute, location: CallerLocation) {
  const rule = matchGeoRule(shared.rules, location);
  return { rule, accountId: rule?.targetAccountId ?? shared.defaultAccountId };
}

export interface IncomingCall extends LocationInput {
  to: string;
  /** The carrier's caller-ID verification (`StirVerstat`), when it gave one. */
  stirVerstat?: string | null;
  /** The caller passed the screening prompt: the block rules are not applied again. */
  screened?: boolean;
}

export interface RoutedCall {
  step: CallStep;
  accountId: string | null;
  /** Set for pound-code calls: the rule that chose the licensee, or null for the default. */
  geoRuleId?: string | null;
  /** Said before anything else: the recording consent notice, when the call may be recorded. */
  notice?: string;
  /** The account's gate refused the call (it is logged as refused, whatever the carrier reports). */
  refused?: Exclude<GateState, "open">;
  /** A block rule caught the caller (call-blocking.ts): the call is logged as blocked. */
  blocked?: BlockDecision;
}

/** The consent notice when the number records its calls and the caller's state asks for it. */
function consentNotice(route: NumberRoute | null, location: CallerLocation, step: CallStep) {
  if (!route?.recordCalls || step.kind === "say_goodbye" || step.kind === "end") return {};
  return needsConsentNotice(location) ? { notice: RECORDING_CONSENT_NOTICE } : {};
}

/**
 * The first answer to an incoming call: the dialled number, then (for a shared pound-code number)
 * the geo rules, then the account's gate, then business hours choose the route.
 */
export function routeIncomingCall(
  table: RoutingTable,
  call: IncomingCall,
  location: CallerLocation,
  now: Date,
): RoutedCall {
  const entry = table.byNumber.get(call.to);
  if (!entry) return { step: { kind: "say_goodbye", message: CALL_MESSAGES.notInService }, accountId: null };

  if (entry.kind === "owned") {
    const account = table.accounts.get(entry.route.accountId);
    if (!account)
      return { step: { kind: "say_goodbye", message: CALL_MESSAGES.notInService }, accountId: null };
    const gate = gateState(account.gate, now);
    if (gate !== "open")
      return {
        step: { kind: "say_goodbye", message: gateMessages[gate] },
        accountId: account.id,
        refused: gate,
      };
    const blocked = blockedCall(account, entry.route, call);
    if (blocked) return blocked;
    const step = routeByHours(account, entry.route, now);
    return { step, accountId: account.id, ...consentNotice(entry.route, location, step) };
  }

  const { rule, accountId } = chooseLicensee(entry.shared, location);
  const account = accountId ? table.accounts.get(accountId) : undefined;
  if (!account) {
    return {
      step: { kind: "say_goodbye", message: CALL_MESSAGES.notInService },
      accountId: null,
      geoRuleId: null,
    };
  }
  const gate = gateState(account.gate, now);
  if (gate !== "open") {
    return {
      step: { kind: "say_goodbye", message: gateMessages[gate] },
      accountId: account.id,
      geoRuleId: rule?.id ?? null,
      refused: gate,
    };
  }
  const blocked = blockedCall(account, account.mainRoute, call);
  if (blocked) return { ...blocked, geoRuleId: rule?.id ?? null };
  // The rule's menu; else the licensee's own number routing; else its first menu.
  const menu = rule?.ivrMenuId
    ? account.menus.get(rule.ivrMenuId)
    : account.mainRoute
      ? undefined
      : account.menus.values().next().value;
  const step = menu
    ? menuStep({ accountId: account.id, numberId: account.mainRoute?.numberId ?? null }, menu, account)
    : account.mainRoute
      ? routeByHours(account, account.mainRoute, now)
      : voicemailStep({ accountId: account.id, numberId: null }, null, account);
  return {
    step,
    accountId: account.id,
    geoRuleId: rule?.id ?? null,
    ...consentNotice(account.mainRoute, location, step),
  };
}

/** The step of a caller a block rule catches, or null when none does (or they passed the screening). */
function blockedCall(
  account: AccountRouting,
  route: NumberRoute | null,
  call: IncomingCall,
): RoutedCall | null {
  const blocked = call.screened ? null : blockDecision(account.blocking, call);
  if (!blocked) return null;
  const context = { accountId: account.id, numberId: route?.numberId ?? null };
  const step: CallStep =
    blocked.action === "reject"
      ? { kind: "reject" }
      : blocked.action === "screen"
        ? { kind: "screen", prompt: SCREENING_PROMPT }
        : voicemailStep(context, route, account);
  return { step, accountId: account.id, blocked };
}

function routeByHours(account: AccountRouting, route: NumberRoute, now: Date): CallStep {
  const gate = gateState(account.gate, now);
  if (gate !== "open") return { kind: "say_goodbye", message: gateMessages[gate] };
  if (route.directMemberId) return directLine(account, route, route.directMemberId, now);
  // A holiday takes the whole local day, whatever the weekday's hours say.
  const holiday = route.holidays?.size ? route.holidays.get(localDate(now, route.timeZone)) : undefined;
  if (holiday) return stepForTarget(account, route, holiday, "after", now);
  const open = isWithinBusinessHours(route.businessHours, route.timeZone, now);
  if (open) return stepForTarget(account, route, route.openTarget, "open", now);
  return withIntro(
    stepForTarget(account, route, route.afterHoursTarget, "after", now),
    route.afterHoursGreeting,
  );
}

/** The step with a greeting played before it (the steps that answer the caller; not a quiet end). */
export function withIntro(step: CallStep, intro: Greeting | null | undefined): CallStep {
  if (!intro || step.kind === "end" || step.kind === "reject" || step.kind === "screen") return step;
  return { ...step, intro };
}

/** The first step into a menu: the call is pinned to the version of the menus it entered. */
const menuStep = (context: CallContext, menu: IvrMenu, account: AccountRouting): CallStep => ({
  kind: "menu",
  context: account.ivrVersionId ? { ...context, ivrVersion: account.ivrVersionId } : context,
  menu,
  position: { menuId: menu.id, invalidCount: 0, timeoutCount: 0 },
  preface: null,
});

function voicemailStep(
  context: CallContext,
  route: NumberRoute | null,
  account: AccountRouting,
  extensionId?: string,
): CallStep {
  const extension = extensionId ? account.extensions.get(extensionId) : undefined;
  const directMember = route?.directMemberId ? account.members.get(route.directMemberId) : undefined;
  const greeting = extension
    ? (extension.voicemailGreeting ?? sayGreeting(CALL_MESSAGES.extensionVoicemail(extension.name)))
    : (route?.voicemailGreeting ??
      sayGreeting(
        directMember ? CALL_MESSAGES.extensionVoicemail(directMember.name) : CALL_MESSAGES.voicemailGreeting,
      ));
  return { kind: "voicemail", context, greeting, extensionId: extension?.id ?? null };
}

/** Voicemail when the number takes messages, a goodbye otherwise. */
function numberFallback(context: CallContext, route: NumberRoute | null, account: AccountRouting): CallStep {
  if (route && !route.voicemailEnabled) return { kind: "say_goodbye", message: CALL_MESSAGES.goodbye };
  return voicemailStep(context, route, account);
}

const recording = (route: NumberRoute | null) => (route?.recordCalls ? { record: true } : {});

const NOBODY: readonly string[] = [];

/**
 * What a forwarded minute to a number costs (Infinity where it may not be rated), remembered per
 * rate table: a table lives until the next rebuild and names a fixed set of forwarding numbers,
 * so the carrier's webhook parses each number once, not on every call.
 */
const forwardRates = new WeakMap<RateTable, Map<string, number>>();

function forwardMinuteCents(number: string, rates: RateTable): number {
  let known = forwardRates.get(rates);
  if (!known) {
    known = new Map();
    forwardRates.set(rates, known);
  }
  let cents = known.get(number);
  if (cents === undefined) {
    cents = outboundRate(number, rates)?.perMinuteCents ?? Number.POSITIVE_INFINITY;
    known.set(number, cents);
  }
  return cents;
}

/**
 * A forwarded call is prepaid like one we place: each minute costs the incoming leg and the
 * forwarded one, priced by its destination. The trial's included minutes pay first (each leg
 * draws its own); numbers neither they nor the wallet can pay a first minute for are not rung;
 * the others are held to the whole minutes both pay for, the wallet's at the dearest of them. The
 * balance and the minutes left are the routing table's, which billing refreshes as charges draw
 * them and when money comes in. Without a wallet (null) the gate does not limit either.
 */
export function prepaidForward(
  account: AccountRouting,
  route: NumberRoute | null,
  numbers: string[],
): { numbers: string[]; timeLimitSeconds?: number } {
  const balance = account.gate.walletBalanceCents;
  if (balance === null) return { numbers };
  const rates = account.rates ?? defaultRates;
  const incoming = route?.tollFree ? rates.callTollFree : rates.callInbound;
  // The table holds an allowance only while the trial runs (recompiled as the trial ends).
  const allowance = account.gate.allowance;
  // A SIP address or a softphone client is not a call to the public network: only the incoming leg.
  const external = (number: string) => number.startsWith("+");
  const freeSeconds = (number: string) =>
    allowanceSeconds(allowance?.minutesLeft ?? 0, external(number) ? 2 : 1);
  const minuteOf = (number: string) => incoming + (external(number) ? forwardMinuteCents(number, rates) : 0);
  const payable = numbers.filter((number) => freeSeconds(number) >= 60 || balance >= minuteOf(number));
  const dearest = Math.max(incoming, ...payable.map(minuteOf));
  const free = Math.min(...payable.map(freeSeconds), Number.POSITIVE_INFINITY);
  const paid = prepaidSeconds(Math.max(0, balance), dearest);
  return {
    numbers: payable,
    timeLimitSeconds: Math.min((Number.isFinite(free) ? free : 0) + paid, MAX_CALL_SECONDS),
  };
}

/**
 * A member's direct number: their own hours and availability decide, not the number's; when they
 * cannot be rung or do not answer, the number's voicemail takes a message for them.
 */
function directLine(account: AccountRouting, route: NumberRoute, userId: string, now: Date): CallStep {
  const context: CallContext = { accountId: account.id, numberId: route.numberId };
  const member = account.members.get(userId);
  const numbers = member ? memberNumbers(member, now) : NOBODY;
  if (numbers.length === 0) return numberFallback(context, route, account);
  return {
    kind: "dial",
    context,
    ...prepaidForward(account, route, [...numbers]),
    timeoutSeconds: route.ringTimeoutSeconds,
    followUp: { kind: "number" },
    ...recording(route),
  };
}

/** An extension's own numbers, and its member's devices while they can be rung (each once). */
function extensionNumbers(account: AccountRouting, extension: Extension, now: Date): readonly string[] {
  const member = extension.memberId ? account.members.get(extension.memberId) : undefined;
  const devices = member ? memberNumbers(member, now) : NOBODY;
  if (devices.length === 0) return extension.forwardingNumbers;
  return [...new Set([...extension.forwardingNumbers, ...devices])];
}

function dialExtension(
  context: CallContext,
  route: NumberRoute | null,
  account: AccountRouting,
  extensionId: string,
  now: Date,
): CallStep {
  const extension = account.extensions.get(extensionId);
  if (!extension) return numberFallback(context, route, account);
  const numbers = extensionNumbers(account, extension, now);
  if (numbers.length === 0) {
    return extension.voicemailEnabled
      ? voicemailStep(context, route, account, extension.id)
      : numberFallback(context, route, account);
  }
  return {
    kind: "dial",
    context,
    ...prepaidForward(account, route, [...numbers]),
    timeoutSeconds: route?.ringTimeoutSeconds ?? RING_TIMEOUT_SECONDS.default,
    followUp: { kind: "extension", extensionId: extension.id },
    ...recording(route),
  };
}

/**
 * A ring group's extensions and members in dialling order, each attempt ringing their numbers.
 * Members unavailable, outside their own hours at `now`, or without a device are skipped, as are
 * extensions that forward nowhere (and ids that name neither).
 */
function groupAttempts(
  account: AccountRouting,
  route: NumberRoute,
  members: string[],
  rotation: number,
  now: Date,
) {
  // Each one's numbers read once: a member's availability and hours are checked once per call.
  const numbersOf = new Map<string, readonly string[]>();
  for (const id of members) {
    const { numbers } = entryNumbers(account, id, now);
    if (numbers.length > 0) numbersOf.set(id, numbers);
  }
  return ringAttempts(route.ringStrategy, [...numbersOf.keys()], rotation).map((attempt) =>
    attempt.flatMap((id) => numbersOf.get(id) ?? NOBODY),
  );
}

/** What a ring group's entry (an extension's id or a member's) rings now; nothing when it can't be rung. */
function entryNumbers(account: AccountRouting, id: string, now: Date) {
  const extension = account.extensions.get(id);
  const member = extension ? undefined : account.members.get(id);
  const numbers = extension
    ? extensionNumbers(account, extension, now)
    : member
      ? memberNumbers(member, now)
      : NOBODY;
  return { extension, numbers };
}

/**
 * The group's seats that can be rung now, in the order the strategy offers them at `rotation`: a
 * member (their extension's phones with theirs) is one seat, an extension of nobody another.
 */
function groupSeats(
  account: AccountRouting,
  route: NumberRoute,
  members: string[],
  rotation: number,
  now: Date,
): Seat[] {
  const numbersOf = new Map<string, readonly string[]>();
  for (const id of members) {
    const { extension, numbers } = entryNumbers(account, id, now);
    if (numbers.length === 0) continue;
    const key = extension ? (extension.memberId ?? extension.id) : id;
    // A member's extension and the member are one seat: their numbers merge (rarely: copied then).
    const known = numbersOf.get(key);
    numbersOf.set(key, known ? [...new Set([...known, ...numbers])] : numbers);
  }
  return ringAttempts(route.ringStrategy, [...numbersOf.keys()], rotation)
    .flat()
    .map((key) => ({ key, numbers: numbersOf.get(key) ?? [] }));
}

function stepForTarget(
  account: AccountRouting,
  route: NumberRoute,
  target: RouteTarget,
  which: HuntTarget,
  now: Date,
): CallStep {
  const context: CallContext = { accountId: account.id, numberId: route.numberId };
  switch (target.kind) {
    case "ivr_menu": {
      const menu = account.menus.get(target.menuId);
      return menu ? menuStep(context, menu, account) : numberFallback(context, route, account);
    }
    case "extension":
      return dialExtension(context, route, account, target.extensionId, now);
    case "ring_group": {
      // The round-robin turn is taken when the hunt starts (its caller keeps the turns, shared by
      // every instance): the incoming call only asks whether anyone can be rung, and stops at the
      // first who can (the hunt reads the others when it offers seats).
      if (!target.members.some((id) => entryNumbers(account, id, now).numbers.length > 0))
        return numberFallback(context, route, account);
      return { kind: "queue", context, target: which, holdMusicUrl: route.holdMusicUrl };
    }
    case "voicemail":
      return voicemailStep(context, route, account);
    case "forward":
      return {
        kind: "dial",
        context,
        ...prepaidForward(account, route, [target.number]),
        timeoutSeconds: route.ringTimeoutSeconds,
        followUp: { kind: "number" },
        ...recording(route),
      };
    case "hangup":
      return { kind: "say_goodbye", message: CALL_MESSAGES.goodbye };
  }
}

function lookup(table: RoutingTable, context: CallContext) {
  const account = table.accounts.get(context.accountId);
  if (!account) return null;
  const route = context.numberId ? table.numbersById.get(context.numberId) : undefined;
  return { account, route: route?.accountId === account.id ? route : null };
}

/** The step after the caller answered (or did not answer) a menu. */
export function continueAfterGather(
  table: RoutingTable,
  context: CallContext,
  position: IvrPosition,
  digits: string,
  now: Date,
): CallStep {
  const found = lookup(table, context);
  if (!found) return { kind: "say_goodbye", message: CALL_MESSAGES.goodbye };
  const { account, route } = found;
  return stepForIvr({ account, route, context, now }, nextIvrStep(account.menus, position, digits));
}

interface IvrCall {
  account: AccountRouting;
  route: NumberRoute | null;
  context: CallContext;
  /** Whether an extension's member can be rung is decided at call time. */
  now: Date;
}

function stepForIvr({ account, route, context, now }: IvrCall, ivr: IvrStep): CallStep {
  switch (ivr.kind) {
    case "menu": {
      const menu = account.menus.get(ivr.position.menuId);
      if (!menu) return { kind: "say_goodbye", message: CALL_MESSAGES.goodbye };
      return { kind: "menu", context, menu, position: ivr.position, preface: ivr.preface };
    }
    case "extension":
      return dialExtension(context, route, account, ivr.extension, now);
    case "operator":
      return account.operatorExtensionId
        ? dialExtension(context, route, account, account.operatorExtensionId, now)
        : numberFallback(context, route, account);
    case "voicemail":
      return voicemailStep(context, route, account, ivr.extension ?? undefined);
    case "hangup":
      return { kind: "say_goodbye", message: ivr.message };
  }
}

/**
 * The step after a <Dial> ended: done when answered, else hunt on or fall back to voicemail.
 * `now`: whom a group may ring (members' availability and hours are evaluated at call time).
 */
export function continueAfterDial(
  table: RoutingTable,
  context: CallContext,
  followUp: DialFollowUp,
  status: DialStatus,
  now: Date,
): CallStep {
  if (status === "completed" || status === "answered") return { kind: "end" };
  const found = lookup(table, context);
  if (!found) return { kind: "say_goodbye", message: CALL_MESSAGES.goodbye };
  const { account, route } = found;
  switch (followUp.kind) {
    case "group": {
      if (!route) return numberFallback(context, route, account);
      const target = followUp.target === "open" ? route.openTarget : route.afterHoursTarget;
      if (target.kind !== "ring_group") return numberFallback(context, route, account);
      const attempts = groupAttempts(account, route, target.members, followUp.rotation, now);
      const next = afterDial(attempts, followUp.attempt, status);
      if (next.kind !== "next") return numberFallback(context, route, account);
      return {
        kind: "dial",
        context,
        ...prepaidForward(account, route, next.numbers),
        timeoutSeconds: route.ringTimeoutSeconds,
        followUp: { ...followUp, attempt: next.index },
        ...recording(route),
      };
    }
    case "extension": {
      const extension = account.extensions.get(followUp.extensionId);
      return extension?.voicemailEnabled
        ? voicemailStep(context, route, account, extension.id)
        : numberFallback(context, route, account);
    }
    case "number":
      return numberFallback(context, route, account);
  }
}

/** Everything needed to ring a waiting caller's ring group. */
export interface HuntPlan {
  timeoutSeconds: number;
  /** The dialled number: the member calls come from it. */
  from: string;
  companyName: string;
  holdMusicUrl: string;
  /**
   * The seats that can be rung, in the order the strategy offers them to this caller: the whole
   * plan of who is rung (none: nobody can be rung now).
   */
  seats: Seat[];
  /** How many seats one offer rings: all of them when simultaneous, else one. */
  perOffer: number;
}

/**
 * The hunt of a ring group, or null when the number's target is no longer a ring group.
 * `rotation` is the hunt's round-robin turn (other strategies ignore it); `now` decides which
 * members may be rung (available, within their hours).
 */
export function huntPlan(
  table: RoutingTable,
  context: CallContext,
  which: HuntTarget,
  rotation: number,
  now: Date,
): HuntPlan | null {
  const found = lookup(table, context);
  if (!found?.route) return null;
  const { account, route } = found;
  const target = which === "open" ? route.openTarget : route.afterHoursTarget;
  if (target.kind !== "ring_group") return null;
  return {
    seats: groupSeats(account, route, target.members, rotation, now),
    perOffer: route.ringStrategy === "simultaneous" ? Number.POSITIVE_INFINITY : 1,
    timeoutSeconds: route.ringTimeoutSeconds,
    from: route.e164,
    companyName: account.companyName,
    holdMusicUrl: route.holdMusicUrl,
  };
}

/** QueueResult of <Enqueue>, as the carrier reports it to the action URL. */
export type QueueResult =
  | "bridged"
  | "bridging-in-process"
  | "leave"
  | "hangup"
  | "redirected"
  | "queue-full"
  | "system-error"
  | "error";

/** The step after the caller left the queue: done when bridged, else voicemail or goodbye. */
export function continueAfterQueue(table: RoutingTable, context: CallContext, result: string): CallStep {
  switch (result) {
    case "leave":
    case "queue-full":
    case "system-error":
    case "error": {
      const found = lookup(table, context);
      if (!found) return { kind: "say_goodbye", message: CALL_MESSAGES.goodbye };
      return numberFallback(context, found.route, found.account);
    }
    default:
      // bridged, bridging-in-process, hangup, redirected: the caller is gone or connected.
      return { kind: "end" };
  }
}

/** Where a call in progress can be handed on to (a transfer). */
export type TransferTarget =
  | { kind: "member"; userId: string }
  | { kind: "extension"; extensionId: string }
  /** The ring group of the call's number (its open-hours target, else its after-hours one). */
  | { kind: "ring_group" }
  | { kind: "ivr_menu"; menuId: string }
  /** An outside number: the destination policy is the caller's to check first. */
  | { kind: "number"; number: string };

/**
 * The step a transferred call takes: routed to the target as from its number (the account's
 * first when the call came on none), ringing, hunting and falling back to voicemail as such a
 * call would. Null when the target is not the account's.
 */
export function transferStep(
  table: RoutingTable,
  context: CallContext,
  target: TransferTarget,
  now: Date,
): CallStep | null {
  const found = lookup(table, context);
  if (!found) return null;
  const { account } = found;
  const route = found.route ?? account.mainRoute;
  if (!route) return null;
  switch (target.kind) {
    case "member":
      return account.members.has(target.userId) ? directLine(account, route, target.userId, now) : null;
    case "extension":
      return account.extensions.has(target.extensionId)
        ? dialExtension(
            { accountId: account.id, numberId: route.numberId },
            route,
            account,
            target.extensionId,
            now,
          )
        : null;
    case "ivr_menu":
      return account.menus.has(target.menuId) ? stepForTarget(account, route, target, "open", now) : null;
    case "number":
      return stepForTarget(account, route, { kind: "forward", number: target.number }, "open", now);
    case "ring_group": {
      const which: HuntTarget | null =
        route.openTarget.kind === "ring_group"
          ? "open"
          : route.afterHoursTarget.kind === "ring_group"
            ? "after"
            : null;
      if (!which) return null;
      return stepForTarget(
        account,
        route,
        which === "open" ? route.openTarget : route.afterHoursTarget,
        which,
        now,
      );
    }
  }
}
