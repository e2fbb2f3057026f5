import {
  assignSeats,
  CALLBACK_KEY,
  type CallContext,
  type CallStep,
  callbackNumber,
  callProgressStatus,
  continueAfterQueue,
  type HuntCommand,
  type HuntEvent,
  type HuntPlan,
  type HuntState,
  type HuntStep,
  type HuntTarget,
  huntPlan,
  inLine,
  isEndedCall,
  type MemberCallRef,
  type MemberCallStatus,
  memberUrls,
  prepaidForward,
  QUEUE_ANNOUNCE_SECONDS,
  QUEUE_MAX_WAIT_SECONDS,
  type RoutingTable,
  ringHuntStep,
  type SeatCaller,
  seatNumbers,
  stillRinging,
  type TwimlOptions,
  waitRound,
} from "@poundline/domain";
import type { CallControl } from "@poundline/platform/carrier/call-control";
import type { CarrierClient } from "@poundline/platform/carrier/client";
import { type BusyCallReads, createBusyCallReads } from "./busy-call-reads";

/** The calls of a hunt: those placed to members, and those seen to end. */
export type HuntCalls = Pick<HuntState, "memberCallSids" | "endedCallSids">;

export { stillRinging };

/**
 * Where hunts live (ring_hunts, ring_turns): shared by every instance. A step is saved only over
 * the state it read, so callbacks arriving together on different instances cannot both move a hunt.
 */
export interface HuntStore {
  /**
   * Starts the waiting caller's hunt once, however often it is asked, and takes the next
   * round-robin turn of the number's group for it: "started" with the turn (where the hunt starts),
   * "running" when it had started already, "account_gone" when the account was deleted meanwhile.
   */
  start(input: {
    context: CallContext;
    numberId: string;
    target: HuntTarget;
    callerCallSid: string;
    /** The caller's number, for the console's waiting list. */
    callerNumber: string | null;
  }): Promise<{ kind: "started"; turn: number } | { kind: "running" } | { kind: "account_gone" }>;
  /** The waiting caller's hunt, null when there is none. */
  load(callerCallSid: string): Promise<HuntState | null>;
  /** Saves `next` if the hunt is still as `read` found it: false when another callback moved it first. */
  save(callerCallSid: string, read: HuntState, next: HuntState, at: Date): Promise<boolean>;
  /**
   * Saves an offer (`next` rings `next.seats`) as `save` does, unless another caller of the
   * number's line is being rung on one of those seats: "taken" then. Offers of one line take
   * turns across instances, so a seat is never rung for two callers at once.
   */
  claim(
    callerCallSid: string,
    numberId: string,
    read: HuntState,
    next: HuntState,
    at: Date,
  ): Promise<"saved" | "moved" | "taken">;
  /** The caller's place in their number's line, and the line's recent average wait. */
  line(callerCallSid: string): Promise<{
    position: number;
    announcedAt: number;
    averageAnswerSeconds: number | null;
  } | null>;
  /** The caller's time in the queue at this round, and when their place was last announced. */
  noteWait(callerCallSid: string, waited: { queueTime: number; announcedAt?: number }): Promise<void>;
  /** The number's line: its callers waiting or being rung for, oldest first. */
  inLine(numberId: string): Promise<LineEntry[]>;
  /** The account's numbers whose line has a caller waiting with nobody rung for them. */
  waitingLines(accountId: string): Promise<string[]>;
}

/** A caller of a number's line, as the line's offers need them. */
export interface LineEntry
  extends Pick<HuntState, "phase" | "rotation" | "seats" | "triedSeats" | "callbackNumber" | "target"> {
  callerCallSid: string;
  accountId: string;
}

export interface HuntLog {
  warn(obj: object, msg: string): void;
}

export interface RingHuntPorts {
  hunts: HuntStore;
  carrier: Pick<CarrierClient, "createCall" | "updateCall">;
  routing: () => RoutingTable;
  clock: () => Date;
  twiml: TwimlOptions;
  /** The account's line changed: consoles refetch their waiting list (without waiting). */
  lineChanged?: (accountId: string) => void;
  /**
   * The seats (members' user ids, extensions' ids) on a call now, with the calls (the callers'
   * CallSids) they are on: presence; none when absent.
   */
  onCall?: (accountId: string) => Promise<ReadonlyMap<string, readonly string[]>>;
  /** A seat's call with a caller of the line began or ended (presence follows it). */
  seatCall?: (accountId: string, seat: string, callSid: string, joined: boolean) => Promise<void>;
  /** The caller's call as the carrier has it: a waiting caller whose call ended is dropped. */
  calls?: Pick<CallControl, "fetchCall">;
  /**
   * A member's phone or softphone (`to`) is being called for a caller of the line on `line` (the
   * number dialled): their devices may hear of it (Web Push). Not awaited.
   */
  memberRung?: (rung: { accountId: string; callSid: string; to: string; line: string }) => void;
  /** Which busy seats' calls a wait round reads (default: each once a minute, 5 a round). */
  busyCallReads?: BusyCallReads;
}

/** The ports as the hunt runs on them: the busy calls' reads remembered by this instance. */
type HuntPorts = RingHuntPorts & { busyCallReads: BusyCallReads };

/** What the queue's wait URL answers: the hold music (after their place, when due), or the caller leaves. */
export type HoldAnswer = { kind: "hold"; holdMusicUrl: string; announce: string | null } | { kind: "leave" };

/** What a member who answered hears: taken to the caller, or thanked off the line. */
export type MemberAnswer =
  /** record: the number records its calls (the bridge's <Dial> records). */
  | { kind: "bridge"; companyName: string; queue: string; record: boolean }
  /** A caller who asked to be called back: the member's call rings their number. */
  | {
      kind: "callback";
      companyName: string;
      number: string;
      callerId: string;
      timeLimit?: number;
      /** The caller's call (the queue) and its context: the callback's leg is logged as theirs. */
      queue: string;
      context: CallContext;
    }
  | { kind: "end" };

const LEAVE: HoldAnswer = { kind: "leave" };
const END: MemberAnswer = { kind: "end" };

/** How often a step is done again after another callback saved a step of the same hunt first. */
const MAX_STEP_ATTEMPTS = 5;

/**
 * One step of the hunt, done again from what the store holds when another callback saved first.
 * `claimIn`: the step is an offer of that number's seats, claimed there (null when a seat was taken).
 */
async function step(
  { hunts, clock }: RingHuntPorts,
  queue: string,
  eventOf: (hunt: HuntState) => HuntEvent,
  claimIn?: string,
): Promise<HuntStep | null> {
  for (let attempt = 1; ; attempt++) {
    const read = await hunts.load(queue);
    if (!read) return null;
    const next = ringHuntStep(read, eventOf(read));
    if (next.state === read) return next;
    const saved = claimIn
      ? await hunts.claim(queue, claimIn, read, next.state, clock())
      : (await hunts.save(queue, read, next.state, clock())) && "saved";
    if (saved === "saved") return next;
    if (saved === "taken") return null;
    if (attempt >= MAX_STEP_ATTEMPTS) throw new Error(`ring hunt ${queue}: steps kept colliding`);
  }
}

/** A hunt's commands run against: its caller's context, its queue, and its plan (to ring). */
interface HuntRun {
  context: CallContext;
  queue: string;
  plan: HuntPlan | null;
}

/** The step's commands, but for taking the caller (the member's answer says it). */
async function run(ports: HuntPorts, commands: HuntCommand[], hunt: HuntRun, log: HuntLog): Promise<void> {
  for (const command of commands) {
    if (command.kind === "cancel") await cancelMemberCalls(ports, hunt.queue, command.sids, log);
    if (command.kind === "ring" && hunt.plan)
      await ringAttempt(ports, { ...hunt, plan: hunt.plan }, command.attempt, command.numbers, log);
  }
}

/**
 * Cancels member calls that may still ring, all requests at once. A call that has ended
 * meanwhile is no error; a refused request leaves that phone to ring out its timeout.
 */
async function cancelMemberCalls(
  { carrier }: RingHuntPorts,
  queue: string,
  sids: string[],
  log: HuntLog,
): Promise<void> {
  await Promise.all(
    sids.map(async (sid) => {
      try {
        await carrier.updateCall(sid, { status: "canceled" });
      } catch (err) {
        log.warn({ err, queue, sid }, "ring group member call not canceled");
      }
    }),
  );
}

/** Whether the wallet pays a member call's first minute (with the caller's), and for how long. */
function memberPrepaid(
  table: RoutingTable,
  context: CallContext,
  to: string,
): { timeLimitSeconds?: number } | null {
  const account = table.accounts.get(context.accountId);
  if (!account) return null;
  const route = context.numberId ? (table.numbersById.get(context.numberId) ?? null) : null;
  const allowed = prepaidForward(account, route, [to]);
  return allowed.numbers.length > 0 ? allowed : null;
}

/** Calls each number of an attempt; a call the carrier refuses counts as a member call that failed. */
async function ringAttempt(
  ports: HuntPorts,
  hunt: HuntRun & { plan: HuntPlan },
  attempt: number,
  numbers: string[],
  log: HuntLog,
): Promise<void> {
  const { context, queue, plan } = hunt;
  // One after another: the members are called in the group's order.
  for (const to of numbers) {
    const seat = plan.seats.find((s) => s.numbers.includes(to))?.key;
    const urls = memberUrls(ports.twiml, context, { queue, attempt, ...(seat ? { seat } : {}) });
    // A member's phone is a call we place: held to the minutes the wallet pays at its rate.
    const prepaid = memberPrepaid(ports.routing(), context, to);
    if (!prepaid) {
      log.warn({ queue, to }, "ring group member not called: the wallet cannot pay its first minute");
      await memberEnded(ports, context, { queue, attempt }, `unpaid:${attempt}:${to}`, "failed", log);
      continue;
    }
    let sid: string;
    try {
      ({ sid } = await ports.carrier.createCall({
        from: plan.from,
        to,
        url: urls.url,
        statusCallback: urls.statusCallback,
        timeout: plan.timeoutSeconds,
        ...(prepaid.timeLimitSeconds !== undefined ? { timeLimit: prepaid.timeLimitSeconds } : {}),
      }));
    } catch (err) {
      log.warn({ err, queue, to }, "ring group member call refused by the carrier");
      await memberEnded(ports, context, { queue, attempt }, `refused:${attempt}:${to}`, "failed", log);
      continue;
    }
    ports.memberRung?.({ accountId: context.accountId, callSid: sid, to, line: plan.from });
    // Kept for canceling (a hunt that ended meanwhile cancels it at once).
    const placed = await step(ports, queue, () => ({ kind: "member_placed", sid }));
    if (placed) await run(ports, placed.commands, hunt, log);
  }
}

/**
 * One member call of `attempt` ended unanswered; the call that ends the attempt frees the caller's
 * seats, and the line's free seats are offered again (to this caller too, when seats not yet rung
 * for them are left).
 */
async function memberEnded(
  ports: HuntPorts,
  context: CallContext,
  { queue, attempt }: MemberCallRef,
  memberCallSid: string,
  status: MemberCallStatus,
  log: HuntLog,
): Promise<void> {
  const ended = await step(ports, queue, (hunt) => {
    const plan = huntPlan(ports.routing(), context, hunt.target, hunt.rotation, ports.clock());
    const untried = plan?.seats.filter((seat) => !hunt.triedSeats.includes(seat.key)).length ?? 0;
    return { kind: "member_ended", attempt, sid: memberCallSid, status, untried };
  });
  const freed = ended?.state.phase === "waiting" || ended?.state.phase === "exhausted";
  if (freed && context.numberId) await advance(ports, context.numberId, log);
}

/** The seat's call with the caller (named by the queue, the caller's CallSid) began or ended. */
async function seatCall(
  ports: RingHuntPorts,
  accountId: string,
  member: MemberCallRef,
  joined: boolean,
  log: HuntLog,
): Promise<void> {
  if (!ports.seatCall || !member.seat) return;
  try {
    await ports.seatCall(accountId, member.seat, member.queue, joined);
  } catch (err) {
    log.warn({ err, queue: member.queue }, "presence not updated for a ring group member's call");
  }
}

/** How many times one advance offers the line again after dropping callers whose call had ended. */
const MAX_PASSES = 5;

/** How many callers of a line one advance reads at most: more than any group has seats. */
export const LINE_READ_LIMIT = 100;

/**
 * Offers the number's free seats to its waiting callers, the longest waiting first (queue-seats.ts):
 * as many callers are rung for at once as there are free seats. A waiting caller whose call the
 * carrier has ended (its "left" callback lost) is dropped before anyone is rung for them, and one
 * with no seat left to ring leaves the line (a callback is dropped). `alive`: a caller known to be
 * on the line (the one whose wait round asks), not checked.
 */
async function advance(ports: HuntPorts, numberId: string, log: HuntLog, alive?: string): Promise<void> {
  for (let pass = 0; pass < MAX_PASSES; pass++) {
    const line = await ports.hunts.inLine(numberId);
    const accountId = line[0]?.accountId;
    if (!accountId || !line.some((entry) => entry.phase === "waiting")) return;
    const context: CallContext = { accountId, numberId };
    const table = ports.routing();
    const now = ports.clock();
    const plans = new Map<string, HuntPlan | null>();
    const callers: SeatCaller[] = line.map((entry) => {
      const plan = huntPlan(table, context, entry.target, entry.rotation, now);
      plans.set(entry.callerCallSid, plan);
      return {
        id: entry.callerCallSid,
        ringing: entry.phase === "hunting" ? entry.seats : null,
        candidates: (plan?.seats ?? [])
          .map((seat) => seat.key)
          .filter((key) => !entry.triedSeats.includes(key)),
        perOffer: plan?.perOffer ?? 1,
      };
    });
    const onCall = await seatsOnCall(ports, accountId, log);
    const offers = assignSeats(callers, new Set(onCall.keys()));
    // The first waiting caller on the line finds nobody free at a wait round: the calls of the
    // seats they wait for are read, and those that ended unreported free their seats.
    const head = line.find((entry) => entry.phase === "waiting" && !entry.callbackNumber);
    if (offers.size === 0 && head?.callerCallSid === alive && onCall.size > 0) {
      const wanted = new Set(callers.filter((c) => c.ringing === null).flatMap((c) => c.candidates));
      if (await freeEndedCalls(ports, accountId, onCall, wanted, log)) continue;
    }
    let dropped = false;
    for (const [i, entry] of line.entries()) {
      const queue = entry.callerCallSid;
      const seats = offers.get(queue);
      const plan = plans.get(queue) ?? null;
      if (entry.phase !== "waiting") continue;
      if (!seats || !plan) {
        // Nobody is left to ring for them: out of the line (a caller on the line hears voicemail).
        if (callers[i]?.candidates.length === 0) await leaveLine(ports, queue, entry, log);
        continue;
      }
      if (!entry.callbackNumber && queue !== alive && (await callerGone(ports, queue, log))) {
        log.warn({ queue }, "waiting caller dropped: their call had ended");
        await step(ports, queue, () => ({ kind: "caller_left", result: "hangup" }));
        ports.lineChanged?.(accountId);
        dropped = true;
        continue;
      }
      const numbers = seatNumbers(plan.seats, seats);
      // Claimed, not just saved: another instance may have dealt one of these seats meanwhile.
      const begun = await step(ports, queue, () => ({ kind: "started", seats, numbers }), numberId);
      if (begun) await run(ports, begun.commands, { context, queue, plan }, log);
    }
    // The seats offered to dropped callers go to those behind them.
    if (!dropped) return;
  }
}

/** A waiting caller with no seat left to ring: out of the line; a callback is dropped. */
async function leaveLine(ports: RingHuntPorts, queue: string, entry: LineEntry, log: HuntLog) {
  if (entry.callbackNumber) log.warn({ queue }, "callback dropped: nobody in the ring group can be rung");
  await step(ports, queue, () => ({ kind: "caller_left", result: "unanswered" }));
  ports.lineChanged?.(entry.accountId);
}

/** The seats on a call now; none when presence cannot say (a failure only logged). */
async function seatsOnCall(
  ports: RingHuntPorts,
  accountId: string,
  log: HuntLog,
): Promise<ReadonlyMap<string, readonly string[]>> {
  if (!ports.onCall) return new Map();
  try {
    return await ports.onCall(accountId);
  } catch (err) {
    log.warn({ err, accountId }, "presence not read: every seat counts as free");
    return new Map();
  }
}

/**
 * The calls of the `wanted` seats that the carrier has ended, though their end was never reported
 * (a lost status callback): taken off presence, so that a seat is not kept from the line until
 * presence's own expiry. True when a seat was freed.
 */
async function freeEndedCalls(
  ports: HuntPorts,
  accountId: string,
  onCall: ReadonlyMap<string, readonly string[]>,
  wanted: ReadonlySet<string>,
  log: HuntLog,
): Promise<boolean> {
  const seats = [...onCall].filter(([seat]) => wanted.has(seat));
  const due = ports.busyCallReads.due(
    seats.flatMap(([, calls]) => calls),
    ports.clock(),
  );
  const gone = await Promise.all(due.map((sid) => callerGone(ports, sid, log)));
  const ended = new Set(due.filter((_, i) => gone[i]));
  for (const [seat, calls] of seats)
    for (const sid of calls)
      if (ended.has(sid)) await seatCall(ports, accountId, { queue: sid, attempt: 0, seat }, false, log);
  // A seat is free once every call it is on has ended (calls not read this round keep it busy).
  return seats.some(([, calls]) => calls.length > 0 && calls.every((sid) => ended.has(sid)));
}

/** Whether the carrier has ended the caller's call; a failed request counts as still there. */
async function callerGone(ports: RingHuntPorts, callSid: string, log: HuntLog): Promise<boolean> {
  if (!ports.calls) return false;
  try {
    const call = await ports.calls.fetchCall(callSid);
    const status = call ? callProgressStatus(call.status) : undefined;
    return !call || (status !== undefined && isEndedCall(status));
  } catch (err) {
    log.warn({ err, callSid }, "waiting caller's call not read: kept in line");
    return false;
  }
}

/** The number's line settings, defaults when the number is gone from the table. */
function lineSettings(table: RoutingTable, numberId: string) {
  const route = table.numbersById.get(numberId);
  return {
    announceSeconds: route?.queueAnnounceSeconds ?? QUEUE_ANNOUNCE_SECONDS.default,
    maxWaitSeconds: route?.queueMaxWaitSeconds ?? QUEUE_MAX_WAIT_SECONDS.default,
  };
}

/**
 * The queue's wait URL, requested again each time its TwiML ends. The first request puts the
 * caller in the number's line (taking the group's round-robin turn; the incoming call's answer
 * stays free of database work); each one rings for the head of the line if nobody is yet, and
 * says the caller's place when it is due; past the longest wait the caller leaves for voicemail.
 */
async function hold(
  ports: HuntPorts,
  input: {
    context: CallContext | null;
    callSid: string | undefined;
    target: HuntTarget;
    from: string | null;
    queueTime: number;
  },
  log: HuntLog,
): Promise<HoldAnswer> {
  const { context, callSid, target } = input;
  if (!context?.numberId || !callSid) return LEAVE;
  const table = ports.routing();
  // Whether anyone can be rung shows at any turn: the turn only reorders the members.
  const plan = huntPlan(table, context, target, 0, ports.clock());
  if (!plan?.seats[0]) return LEAVE;
  const start = await ports.hunts.start({
    context,
    numberId: context.numberId,
    target,
    callerCallSid: callSid,
    callerNumber: input.from,
  });
  if (start.kind === "account_gone") {
    log.warn({ callSid, accountId: context.accountId }, "hold for an account that no longer exists");
    return LEAVE;
  }
  if (start.kind === "started") {
    await step(ports, callSid, () => ({ kind: "joined", turn: start.turn }));
    ports.lineChanged?.(context.accountId);
  }
  let [hunt, line] = await Promise.all([ports.hunts.load(callSid), ports.hunts.line(callSid)]);
  // On joining, and at each round while nobody is rung for them, the line's free seats are offered
  // (the rounds of a caller already rung for cost no more reads).
  if (start.kind === "started" || hunt?.phase === "waiting") {
    await advance(ports, context.numberId, log, callSid);
    hunt = await ports.hunts.load(callSid);
  }
  const settings = lineSettings(table, context.numberId);
  // Taken by a member whose answer is being bridged: a round asked meanwhile keeps the caller in
  // the queue for the member's <Dial><Queue> (up to the longest wait, should the bridge never come).
  if (hunt?.phase === "bridged")
    return input.queueTime < settings.maxWaitSeconds
      ? { kind: "hold", holdMusicUrl: plan.holdMusicUrl, announce: null }
      : LEAVE;
  if (!hunt || !line || !inLine(hunt.phase)) return LEAVE;
  const round = waitRound(settings, {
    ...line,
    queueTime: input.queueTime,
    first: start.kind === "started",
    seats: plan.seats.length,
  });
  const announced = round.kind === "hold" && round.announce ? { announcedAt: round.announcedAt } : {};
  await ports.hunts.noteWait(callSid, { queueTime: input.queueTime, ...announced });
  return round.kind === "leave"
    ? LEAVE
    : { kind: "hold", holdMusicUrl: plan.holdMusicUrl, announce: round.announce };
}

/**
 * A member answered: the first one takes the caller (or calls back the caller who asked), once
 * the other phones stop ringing; the next caller in line is rung for.
 */
async function memberAnswered(
  ports: HuntPorts,
  input: { context: CallContext | null; member: MemberCallRef | null; callSid: string | undefined },
  log: HuntLog,
): Promise<MemberAnswer> {
  const { context, member } = input;
  if (!context || !member) return END;
  const taken = await step(ports, member.queue, () => ({ kind: "member_answered", sid: input.callSid }));
  if (!taken?.commands.some((c) => c.kind === "bridge")) return END;
  // The requests go out together: one round trip to the carrier.
  await run(ports, taken.commands, { context, queue: member.queue, plan: null }, log);
  // Their seat is on a call until the member's call ends; the others rung are free again.
  if (member.seat) await seatCall(ports, context.accountId, member, true, log);
  if (context.numberId) await advance(ports, context.numberId, log);
  ports.lineChanged?.(context.accountId);
  const table = ports.routing();
  const companyName = table.accounts.get(context.accountId)?.companyName ?? "";
  const route = context.numberId ? table.numbersById.get(context.numberId) : undefined;
  const callback = taken.state.callbackNumber;
  if (!callback)
    return { kind: "bridge", companyName, queue: member.queue, record: route?.recordCalls ?? false };
  // The callback is a call we place: under the destination policy and the wallet, as a forward.
  const prepaid = memberPrepaid(table, context, callback);
  if (!route || !prepaid) {
    log.warn({ queue: member.queue }, "callback not placed: not allowed or not paid");
    return END;
  }
  return {
    kind: "callback",
    companyName,
    number: callback,
    callerId: route.e164,
    ...prepaid,
    queue: member.queue,
    context,
  };
}

/**
 * Ring groups with music on hold. The caller waits in a carrier queue named by its CallSid
 * (<Enqueue>), hearing the number's hold music from the wait URL, while the group's free seats
 * are offered to the number's waiting callers, the longest waiting first (queue-seats.ts), so as
 * many callers are rung for as there are free members; a member who answers takes the caller
 * (<Dial><Queue>), and the phones still ringing are canceled, as they are when the caller
 * leaves. The steps are
 * `ringHuntStep` (the domain); this executor reads the hunt from the HuntStore, saves the step
 * over what it read, and runs the step's commands, so any instance may get the next webhook.
 */
export function createRingHunt(given: RingHuntPorts) {
  const ports: HuntPorts = { ...given, busyCallReads: given.busyCallReads ?? createBusyCallReads() };
  return {
    hold: (input: Parameters<typeof hold>[1], log: HuntLog) => hold(ports, input, log),
    memberAnswered: (input: Parameters<typeof memberAnswered>[1], log: HuntLog) =>
      memberAnswered(ports, input, log),

    /**
     * A member call's progress: an unanswered end moves the hunt on. Calls canceled because the
     * hunt ended (bridged or exhausted) change nothing: only a hunt still hunting counts an end.
     */
    async memberCallProgress(
      input: {
        context: CallContext | null;
        member: MemberCallRef | null;
        callSid: string | undefined;
        status: MemberCallStatus | undefined;
      },
      log: HuntLog,
    ): Promise<void> {
      const { context, member, callSid, status } = input;
      if (!context || !member || !callSid || !status) return;
      if (status !== "completed") return memberEnded(ports, context, member, callSid, status, log);
      // A member's call ended after it was answered: their seat is free for the line again.
      if (!member.seat) return;
      await seatCall(ports, context.accountId, member, false, log);
      if (context.numberId) await advance(ports, context.numberId, log);
    },

    /**
     * A seat may have come free outside the line (a member available again): the account's lines
     * with a caller waiting are offered their free seats, so a line of callbacks, which no wait
     * round asks for, is not left waiting.
     */
    async seatsFreed(accountId: string, log: HuntLog): Promise<void> {
      for (const numberId of await ports.hunts.waitingLines(accountId)) await advance(ports, numberId, log);
    },

    /**
     * The caller left the queue: bridged (the call is over), or not taken, and then nobody may
     * take them (the phones stop ringing) and the number's routing goes on (voicemail, goodbye).
     */
    async callerLeft(
      input: { context: CallContext | null; callSid: string | undefined; result: string; queueTime: number },
      log: HuntLog,
    ): Promise<CallStep | { kind: "callback" }> {
      const { context, callSid, result } = input;
      if (!context) return { kind: "end" };
      // How long a member took to answer: the line's expected wait is made of these.
      if (result === "bridged" && callSid)
        await ports.hunts.noteWait(callSid, { queueTime: input.queueTime });
      if (result !== "bridged" && callSid) {
        const left = await step(ports, callSid, () => ({ kind: "caller_left", result }));
        if (left) await run(ports, left.commands, { context, queue: callSid, plan: null }, log);
        ports.lineChanged?.(context.accountId);
        // Left to be called back: they keep their place, and say where to call them.
        if (left && inLine(left.state.phase)) return { kind: "callback" };
        if (context.numberId) await advance(ports, context.numberId, log);
      }
      return continueAfterQueue(ports.routing(), context, result);
    },

    /** A key pressed during the hold music: the callback key books a callback at the caller's number. */
    async keyPressed(input: { callSid: string | undefined; digits: string | undefined; from: string }) {
      if (!input.callSid || input.digits !== CALLBACK_KEY) return { leave: false };
      const booked = await step(ports, input.callSid, () => ({ kind: "callback", number: input.from }));
      return { leave: Boolean(booked?.state.callbackNumber) };
    },

    /**
     * The number the caller typed after leaving to be called back (theirs when they typed none):
     * booked, or, when it cannot be called, the caller is out of the line.
     */
    async callbackTyped(
      input: {
        context: CallContext | null;
        callSid: string | undefined;
        digits: string | undefined;
        from: string;
      },
      log: HuntLog,
    ): Promise<{ kind: "booked"; number: string } | { kind: "unusable" }> {
      const { context, callSid } = input;
      if (!context || !callSid) return { kind: "unusable" };
      const number = callbackNumber(input.digits, input.from);
      if (number) {
        const booked = await step(ports, callSid, () => ({ kind: "callback", number }));
        ports.lineChanged?.(context.accountId);
        if (booked && inLine(booked.state.phase)) return { kind: "booked", number };
        // A member took the callback while they typed: it rings the number booked first.
        const taken = booked?.state.phase === "bridged" ? booked.state.callbackNumber : null;
        if (taken) return { kind: "booked", number: taken };
      }
      const left = await step(ports, callSid, () => ({ kind: "caller_left", result: "unusable" }));
      if (left) await run(ports, left.commands, { context, queue: callSid, plan: null }, log);
      if (context.numberId) await advance(ports, context.numberId, log);
      return { kind: "unusable" };
    },
  };
}

export type RingHunt = ReturnType<typeof createRingHunt>;
