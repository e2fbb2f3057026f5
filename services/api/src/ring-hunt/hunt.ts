import type { CarrierClient } from "@poundline/platform/carrier/client";
import {
  afterMemberCall,
  type CallContext,
  type CallStep,
  continueAfterQueue,
  type HuntPlan,
  type HuntTarget,
  huntPlan,
  type MemberCallRef,
  type MemberCallStatus,
  memberUrls,
  prepaidForward,
  type RoutingTable,
  type TwimlOptions,
} from "@poundline/telephony";

/** The calls of a hunt: those placed to members, and those seen to end. */
export interface HuntCalls {
  memberCallSids: string[];
  endedCallSids: string[];
}

/**
 * Where hunts live (ring_hunts, ring_turns): shared by every instance, each change one conditional
 * statement, so callbacks arriving together on different instances cannot both move a hunt.
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
  }): Promise<{ kind: "started"; turn: number } | { kind: "running" } | { kind: "account_gone" }>;
  /** The started hunt's turn and how many calls its first attempt rings. */
  begin(callerCallSid: string, rotation: number, ringing: number, at: Date): Promise<void>;
  /** Keeps a member call for canceling; the hunt's state then, null when there is no such hunt. */
  addMemberCall(callerCallSid: string, memberCallSid: string): Promise<string | null>;
  /**
   * One member call of `attempt` ended unanswered: one fewer ringing, once per call, only while
   * that attempt is hunted. The hunt afterwards, or null when nothing changed.
   */
  memberEnded(
    callerCallSid: string,
    attempt: number,
    memberCallSid: string,
    at: Date,
  ): Promise<{ ringing: number; target: string; rotation: number } | null>;
  /** From the attempt that just ended (none ringing) to the next: false when another callback moved it. */
  nextAttempt(callerCallSid: string, from: number, to: number, ringing: number, at: Date): Promise<boolean>;
  /** Nobody is left to ring after the attempt that just ended. */
  exhaust(callerCallSid: string, attempt: number, at: Date): Promise<void>;
  /** A member takes the caller, if still hunted: the hunt's calls, or null when someone else did. */
  bridge(callerCallSid: string, at: Date): Promise<HuntCalls | null>;
  /** The caller left unbridged: the hunt ends, if still hunted (its calls), else null. */
  abandon(callerCallSid: string, at: Date): Promise<HuntCalls | null>;
  /** The hunt's state (hunting, bridged, exhausted), null when there is none. */
  stateOf(callerCallSid: string): Promise<string | null>;
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
}

/** What the queue's wait URL answers: the hold music, or the caller leaves the queue. */
export type HoldAnswer = { kind: "hold"; holdMusicUrl: string } | { kind: "leave" };

/** What a member who answered hears: taken to the caller, or thanked off the line. */
export type MemberAnswer =
  /** record: the number records its calls (the bridge's <Dial> records). */
  { kind: "bridge"; companyName: string; queue: string; record: boolean } | { kind: "end" };

const LEAVE: HoldAnswer = { kind: "leave" };
const END: MemberAnswer = { kind: "end" };

/** The hunt's member calls not seen to end, leaving out `answered` (the one taking the caller). */
export function stillRinging(hunt: HuntCalls, answered?: string): string[] {
  return hunt.memberCallSids.filter((sid) => sid !== answered && !hunt.endedCallSids.includes(sid));
}

/**
 * Ring groups with music on hold. The caller waits in a carrier queue named by its CallSid
 * (<Enqueue>), hearing the number's hold music from the wait URL, while the group's members are
 * called one attempt at a time; a member who answers takes the caller (<Dial><Queue>), and the
 * phones still ringing are canceled, as they are when the caller leaves. The hunt lives in the
 * HuntStore, so any instance may get the next webhook.
 */
export function createRingHunt(ports: RingHuntPorts) {
  const { hunts, carrier, routing, clock, twiml } = ports;

  /**
   * Cancels member calls that may still ring, all requests at once. A call that has ended
   * meanwhile is no error; a refused request leaves that phone to ring out its timeout.
   */
  async function cancelMemberCalls(queue: string, sids: string[], log: HuntLog): Promise<void> {
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
  function memberPrepaid(context: CallContext, to: string): { timeLimitSeconds?: number } | null {
    const table = routing();
    const account = table.accounts.get(context.accountId);
    if (!account) return null;
    const route = context.numberId ? (table.numbersById.get(context.numberId) ?? null) : null;
    const allowed = prepaidForward(account, route, [to]);
    return allowed.numbers.length > 0 ? allowed : null;
  }

  /** Calls each number of an attempt; a call the carrier refuses counts as a member call that failed. */
  async function ringAttempt(
    context: CallContext,
    queue: string,
    plan: HuntPlan,
    attempt: number,
    numbers: string[],
    log: HuntLog,
  ): Promise<void> {
    // One after another: the members are called in the group's order.
    for (const to of numbers) {
      const urls = memberUrls(twiml, context, { queue, attempt });
      // A member's phone is a call we place: held to the minutes the wallet pays at its rate.
      const prepaid = memberPrepaid(context, to);
      if (!prepaid) {
        log.warn({ queue, to }, "ring group member not called: the wallet cannot pay its first minute");
        await memberEnded(context, queue, attempt, `unpaid:${attempt}:${to}`, "failed", log);
        continue;
      }
      let sid: string;
      try {
        ({ sid } = await carrier.createCall({
          from: plan.from,
          to,
          url: urls.url,
          statusCallback: urls.statusCallback,
          timeout: plan.timeoutSeconds,
          ...(prepaid.timeLimitSeconds !== undefined ? { timeLimit: prepaid.timeLimitSeconds } : {}),
        }));
      } catch (err) {
        log.warn({ err, queue, to }, "ring group member call refused by the carrier");
        await memberEnded(context, queue, attempt, `refused:${attempt}:${to}`, "failed", log);
        continue;
      }
      // Kept for canceling. A hunt that ended while the call was being placed did not see it:
      // that call is canceled here.
      const state = await hunts.addMemberCall(queue, sid);
      if (state !== null && state !== "hunting") await cancelMemberCalls(queue, [sid], log);
    }
  }

  /** One member call of `attempt` ended unanswered; the call that ends the attempt moves the hunt. */
  async function memberEnded(
    context: CallContext,
    queue: string,
    attempt: number,
    memberCallSid: string,
    status: MemberCallStatus,
    log: HuntLog,
  ): Promise<void> {
    const at = clock();
    const hunt = await hunts.memberEnded(queue, attempt, memberCallSid, at);
    // Not hunting any more, another attempt, or a repeated callback: nothing to do.
    if (!hunt || hunt.ringing > 0) return;
    const plan = huntPlan(routing(), context, hunt.target === "after" ? "after" : "open", hunt.rotation);
    const move = plan ? afterMemberCall(plan.attempts, { attempt, ringing: 1 }, status) : null;
    // This callback ended the attempt (ringing reached 0): only it gets here.
    if (plan && move?.kind === "next") {
      if (await hunts.nextAttempt(queue, attempt, move.attempt, move.numbers.length, at)) {
        await ringAttempt(context, queue, plan, move.attempt, move.numbers, log);
      }
      return;
    }
    if (move?.kind === "none") return;
    await hunts.exhaust(queue, attempt, at);
  }

  return {
    /**
     * The queue's wait URL, requested again each time its TwiML ends. The first request starts the
     * hunt, takes its round-robin turn and rings the first attempt (the incoming call's answer
     * stays free of database work); later ones only read its state.
     */
    async hold(
      input: { context: CallContext | null; callSid: string | undefined; target: HuntTarget },
      log: HuntLog,
    ): Promise<HoldAnswer> {
      const { context, callSid, target } = input;
      if (!context?.numberId || !callSid) return LEAVE;
      const table = routing();
      // The turn only reorders the members: whether anyone can be rung shows at any turn.
      const plan = huntPlan(table, context, target, 0);
      if (!plan?.attempts[0]) return LEAVE;
      const start = await hunts.start({
        context,
        numberId: context.numberId,
        target,
        callerCallSid: callSid,
      });
      if (start.kind === "account_gone") {
        log.warn({ callSid, accountId: context.accountId }, "hold for an account that no longer exists");
        return LEAVE;
      }
      if (start.kind === "started") {
        // Same table as the check above: at its turn too the group has someone to ring.
        const started = huntPlan(table, context, target, start.turn);
        const first = started?.attempts[0];
        if (started && first) {
          await hunts.begin(callSid, start.turn, first.length, clock());
          await ringAttempt(context, callSid, started, 0, first, log);
        }
      }
      return (await hunts.stateOf(callSid)) === "exhausted"
        ? LEAVE
        : { kind: "hold", holdMusicUrl: plan.holdMusicUrl };
    },

    /** A member answered: the first one takes the caller, once the other phones stop ringing. */
    async memberAnswered(
      input: { context: CallContext | null; member: MemberCallRef | null; callSid: string | undefined },
      log: HuntLog,
    ): Promise<MemberAnswer> {
      const { context, member } = input;
      if (!context || !member) return END;
      const taken = await hunts.bridge(member.queue, clock());
      if (!taken) return END;
      // The requests go out together: one round trip to the carrier.
      await cancelMemberCalls(member.queue, stillRinging(taken, input.callSid), log);
      const table = routing();
      const companyName = table.accounts.get(context.accountId)?.companyName ?? "";
      const route = context.numberId ? table.numbersById.get(context.numberId) : undefined;
      return { kind: "bridge", companyName, queue: member.queue, record: route?.recordCalls ?? false };
    },

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
      if (!context || !member || !callSid || !status || status === "completed") return;
      await memberEnded(context, member.queue, member.attempt, callSid, status, log);
    },

    /**
     * The caller left the queue: bridged (the call is over), or not taken, and then nobody may
     * take them (the phones stop ringing) and the number's routing goes on (voicemail, goodbye).
     */
    async callerLeft(
      input: { context: CallContext | null; callSid: string | undefined; result: string },
      log: HuntLog,
    ): Promise<CallStep> {
      const { context, callSid, result } = input;
      if (!context) return { kind: "end" };
      if (result !== "bridged" && callSid) {
        const left = await hunts.abandon(callSid, clock());
        if (left) await cancelMemberCalls(callSid, stillRinging(left), log);
      }
      return continueAfterQueue(routing(), context, result);
    },
  };
}

export type RingHunt = ReturnType<typeof createRingHunt>;
