import type { HuntTarget } from "./call-flow";
import type { MemberCallStatus } from "./ring";

/**
 * A ring group's hunt while the caller waits in the queue, as a pure state machine:
 * `ringHuntStep(state, event)` answers the next state and what the executor must do (ring an
 * attempt, cancel phones, take the caller). The executor keeps the state where every instance reads
 * it and saves a step only over the state it read, so two callbacks cannot both move a hunt.
 */

/**
 * waiting: in the number's line, nobody rung for them now (behind others, or every seat not yet
 * rung for them is busy); hunting: seats are rung for them.
 */
export type HuntPhase = "waiting" | "hunting" | "bridged" | "exhausted";

export interface HuntState {
  phase: HuntPhase;
  target: HuntTarget;
  /** The group's round-robin turn the hunt took (where it starts). */
  rotation: number;
  /** The offer being rung (0 the first): its member calls name it, so late ends of an older one are told apart. */
  attempt: number;
  /** Calls of the attempt not yet ended. */
  ringing: number;
  /** Calls placed to members (kept for canceling), and those seen to end. */
  memberCallSids: string[];
  endedCallSids: string[];
  /** The seats rung for the caller now (queue-seats.ts), and every seat rung for them so far. */
  seats: string[];
  triedSeats: string[];
  /** The number to call back: the caller left the queue and keeps their place in line. */
  callbackNumber: string | null;
}

export type HuntEvent =
  /** The caller joined the line and the hunt took its round-robin turn. */
  | { kind: "joined"; turn: number }
  /** Free seats were offered to the waiting caller: `numbers` are theirs, rung at once. */
  | { kind: "started"; seats: string[]; numbers: string[] }
  /** A member call was placed. */
  | { kind: "member_placed"; sid: string }
  /**
   * A member call of `attempt` ended (or was never placed: refused, unpaid). `untried`: the seats
   * of the group that can be rung now and were not yet rung for the caller (0 when the number no
   * longer rings a group).
   */
  | {
      kind: "member_ended";
      attempt: number;
      sid: string;
      status: MemberCallStatus;
      untried: number;
    }
  /** A member answered (`sid`, its call). */
  | { kind: "member_answered"; sid: string | undefined }
  /** The caller left the queue, with the carrier's QueueResult. */
  | { kind: "caller_left"; result: string }
  /** The caller asks to be called back at `number`, keeping their place. */
  | { kind: "callback"; number: string };

export type HuntCommand =
  /** Call each of `numbers`, as the members of `attempt`. */
  | { kind: "ring"; attempt: number; numbers: string[] }
  /** Stop these member calls ringing. */
  | { kind: "cancel"; sids: string[] }
  /** The member who answered takes the caller. */
  | { kind: "bridge" };

export interface HuntStep {
  state: HuntState;
  commands: HuntCommand[];
}

/** A hunt just created, before its turn is known. */
export function newHunt(target: HuntTarget): HuntState {
  return {
    phase: "waiting",
    target,
    rotation: 0,
    attempt: 0,
    ringing: 0,
    memberCallSids: [],
    endedCallSids: [],
    seats: [],
    triedSeats: [],
    callbackNumber: null,
  };
}

/** Still in the line: waiting, or being rung for. */
export function inLine(phase: HuntPhase): boolean {
  return phase === "waiting" || phase === "hunting";
}

/** The hunt's member calls not seen to end, leaving out `answered` (the one taking the caller). */
export function stillRinging(
  hunt: Pick<HuntState, "memberCallSids" | "endedCallSids">,
  answered?: string,
): string[] {
  return hunt.memberCallSids.filter((sid) => sid !== answered && !hunt.endedCallSids.includes(sid));
}

const unchanged = (state: HuntState): HuntStep => ({ state, commands: [] });

export function ringHuntStep(state: HuntState, event: HuntEvent): HuntStep {
  switch (event.kind) {
    case "joined":
      return state.phase === "waiting" ? unchanged({ ...state, rotation: event.turn }) : unchanged(state);
    case "started": {
      // Only a waiting hunt starts; an offer of nobody leaves it as it is.
      if (state.phase !== "waiting" || event.numbers.length === 0) return unchanged(state);
      const attempt = state.triedSeats.length === 0 ? 0 : state.attempt + 1;
      const triedSeats = [...state.triedSeats, ...event.seats.filter((s) => !state.triedSeats.includes(s))];
      return {
        state: {
          ...state,
          phase: "hunting",
          attempt,
          ringing: event.numbers.length,
          seats: event.seats,
          triedSeats,
        },
        commands: [{ kind: "ring", attempt, numbers: event.numbers }],
      };
    }
    case "callback":
      return inLine(state.phase) ? unchanged({ ...state, callbackNumber: event.number }) : unchanged(state);
    case "member_placed": {
      const placed = { ...state, memberCallSids: [...state.memberCallSids, event.sid] };
      // A hunt that ended while the call was being placed did not see it: that call is canceled.
      return {
        state: placed,
        commands: state.phase === "hunting" ? [] : [{ kind: "cancel", sids: [event.sid] }],
      };
    }
    case "member_ended":
      return memberEnded(state, event);
    case "member_answered":
      if (state.phase !== "hunting") return unchanged(state);
      return {
        state: { ...state, phase: "bridged" },
        commands: [{ kind: "cancel", sids: stillRinging(state, event.sid) }, { kind: "bridge" }],
      };
    case "caller_left":
      if (event.result === "bridged" || !inLine(state.phase)) return unchanged(state);
      // Left to be called back: their place and any phone ringing for them are kept.
      if (event.result === "leave" && state.callbackNumber) return unchanged(state);
      return {
        state: { ...state, phase: "exhausted" },
        commands: [{ kind: "cancel", sids: stillRinging(state) }],
      };
  }
}

/**
 * One fewer ringing, once per call, only while that attempt is hunted. The last one frees the
 * caller's seats: they wait for the next offer while seats not yet rung for them are left (the
 * executor offers at once what is free), else nobody answered them.
 */
function memberEnded(state: HuntState, event: Extract<HuntEvent, { kind: "member_ended" }>): HuntStep {
  const counts =
    state.phase === "hunting" &&
    state.attempt === event.attempt &&
    state.ringing > 0 &&
    !state.endedCallSids.includes(event.sid);
  if (!counts) return unchanged(state);
  const ended = { ...state, ringing: state.ringing - 1, endedCallSids: [...state.endedCallSids, event.sid] };
  if (ended.ringing > 0 || event.status === "completed") return unchanged(ended);
  if (event.untried > 0) return unchanged({ ...ended, phase: "waiting", seats: [] });
  return unchanged({ ...ended, phase: "exhausted", seats: [] });
}
