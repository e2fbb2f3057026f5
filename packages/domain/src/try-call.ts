/**
 * A try-it call into an account's IVR menus (the console's "Try it"), as a pure state machine:
 * `tryCallStep(state, event)` answers the next state and what the executor must do. The executor
 * (the API) keeps the state where every instance reads it, places the simulated call, and feeds
 * back what the call did. A key press is a replay: the call is placed again with every key so far.
 */

export const TRY_LIMITS = {
  /** A try-it call is forgotten this long after it started. */
  ttlMs: 15 * 60_000,
  /** Key presses (and waits) in one try-it call. */
  maxKeys: 40,
  /** Try-it calls open at once per signed-in session (the oldest is hung up beyond). */
  perSession: 5,
} as const;

export type TryTarget = "draft" | "live";

/** Where the call is: waiting at a menu, or where it ended. */
export type TryNode =
  | { kind: "menu"; menuId: string }
  | { kind: "extension"; id: string }
  | { kind: "forward" }
  | { kind: "ring_group" }
  | { kind: "voicemail" }
  | { kind: "hangup" }
  | { kind: "error"; detail: string };

/** Who may drive a try-it call: the account and the signed-in session that started it. */
export interface TryOwner {
  accountId: string;
  sessionId: string;
}

export interface TryCallState {
  id: string;
  /** What the call's webhooks carry (its pinned "version"): unguessable. */
  token: string;
  owner: TryOwner;
  target: TryTarget;
  versionId: string | null;
  startMenuId: string;
  /** Every key pressed so far, one per menu ("" waits out the menu's timeout). */
  keys: string[];
  /** How many verbs the caller has been shown: what a replay adds comes after them. */
  heardCount: number;
  node: TryNode;
  ended: boolean;
  /** Epoch ms after which the call is forgotten. */
  expiresAt: number;
}

export type TryRefusal = "not_found" | "ended" | "too_many_keys";

export type TryCallEvent =
  /** The owner presses keys (or waits) at the current menu. */
  | { kind: "press"; keys: string[]; by: TryOwner; at: number }
  /** The replay ran: it executed `verbCount` verbs and stopped at `node`. */
  | { kind: "replayed"; verbCount: number; node: TryNode; ended: boolean }
  /** The owner hangs up. */
  | { kind: "hang_up"; by: TryOwner; at: number };

export type TryCallCommand =
  /** Place the call again, pressing these keys in turn. */
  | { kind: "replay"; keys: string[] }
  /** Show the caller the verbs from index `from` on (what is new since the last step). */
  | { kind: "report"; from: number }
  | { kind: "refuse"; reason: TryRefusal }
  /** The call is over for good: drop its state. */
  | { kind: "forget" };

export interface TryCallStepResult {
  /** Null: there is no call (any more). */
  state: TryCallState | null;
  commands: TryCallCommand[];
}

/** What a new try-it call starts as; its first command places the call with no key pressed. */
export function startTryCall(input: {
  id: string;
  token: string;
  owner: TryOwner;
  target: TryTarget;
  versionId: string | null;
  startMenuId: string;
  at: number;
}): TryCallStepResult {
  const { at, ...rest } = input;
  const state: TryCallState = {
    ...rest,
    keys: [],
    heardCount: 0,
    node: { kind: "menu", menuId: input.startMenuId },
    ended: false,
    expiresAt: at + TRY_LIMITS.ttlMs,
  };
  return { state, commands: [{ kind: "replay", keys: [] }] };
}

const ownedBy = (state: TryCallState, owner: TryOwner) =>
  state.owner.accountId === owner.accountId && state.owner.sessionId === owner.sessionId;

/** Whether the call is there for this owner at this time (another's call is as good as none). */
export function isTryCallFor(state: TryCallState | null, owner: TryOwner, at: number): state is TryCallState {
  return state !== null && state.expiresAt > at && ownedBy(state, owner);
}

/** Whether a webhook may still use the call's menus (its token is all it shows). */
export function isTryCallLive(state: TryCallState | null, at: number): state is TryCallState {
  return state !== null && state.expiresAt > at;
}

const refuse = (state: TryCallState | null, reason: TryRefusal): TryCallStepResult => ({
  state,
  commands: [{ kind: "refuse", reason }],
});

export function tryCallStep(state: TryCallState | null, event: TryCallEvent): TryCallStepResult {
  switch (event.kind) {
    case "press": {
      if (!isTryCallFor(state, event.by, event.at)) return refuse(state, "not_found");
      if (state.ended) return refuse(state, "ended");
      if (state.keys.length + event.keys.length > TRY_LIMITS.maxKeys) return refuse(state, "too_many_keys");
      const keys = [...state.keys, ...event.keys];
      return { state: { ...state, keys }, commands: [{ kind: "replay", keys }] };
    }
    case "replayed": {
      if (!state) return { state, commands: [] };
      const { verbCount, node, ended } = event;
      return {
        state: { ...state, heardCount: verbCount, node, ended },
        commands: [{ kind: "report", from: state.heardCount }],
      };
    }
    case "hang_up":
      if (!isTryCallFor(state, event.by, event.at)) return refuse(state, "not_found");
      return { state: null, commands: [{ kind: "forget" }] };
  }
}

/** The owner's calls to hang up before one more starts, oldest first (`started` is oldest first). */
export function triesBeyondLimit(started: readonly string[]): string[] {
  return started.slice(0, Math.max(0, started.length - TRY_LIMITS.perSession + 1));
}
