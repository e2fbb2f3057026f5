import { randomBytes } from "node:crypto";
import {
  type CallTranscript,
  type CarrierSim,
  createCarrierSim,
  type InjectTarget,
  injectTransport,
  type VerbExecution,
} from "@poundline/carrier-sim";
import {
  type IvrMenu,
  isTryCallLive,
  startTryCall,
  TRY_LIMITS,
  type TryCallState,
  type TryNode,
  type TryOwner,
  type TryRefusal,
  type TryTarget,
  triesBeyondLimit,
  tryCallStep,
  voicePaths,
} from "@poundline/domain";
import { type CarrierConfig, SIM_PREFIX } from "../carrier/carrier-config";
import { TRY_VERSION_PREFIX, type TryMenuSource } from "../carrier/pinned-menus";
import { createTryCallStore, type TryCallStore } from "./try-store";

/**
 * Try it: a simulated call into an account's draft or live menus, from the console. A carrier
 * simulator of its own (whatever carrier is configured: no real phone rings) places the call into
 * our voice webhook, signed with our carrier auth token, so the call runs through the same
 * webhooks, call flow and TwiML as a real one. The first request carries the try's token; the
 * menus' Gather URLs carry it on (pinned-menus.ts), so every step walks the menus the try started with.
 *
 * The simulator runs a call to its end, so a key press is a replay: the call is placed again
 * with every key pressed so far, and the caller hangs up at the next Gather with no key left (or
 * where the call would ring someone or record: a try-it call never reaches a person or a
 * mailbox). What is new since the last step is what the caller heard after the last key.
 */

export { TRY_LIMITS, type TryNode, type TryOwner, type TryTarget } from "@poundline/domain";

/** The number the simulated caller calls from (the carrier's test number: never a real line). */
const TRY_CALLER = "+15005550006";
/** What the simulator dials for a try-it call: not a number, so nothing else resolves to it. */
const TRY_DIALLED = "try:";
/** How often a step is done again after another instance saved a step of the same call first. */
const MAX_STEP_ATTEMPTS = 5;

/** What the caller heard, in order. */
export type HeardItem =
  | { kind: "say"; text: string; voice?: string; language?: string }
  | { kind: "play"; url: string }
  | { kind: "pause"; seconds: number }
  | { kind: "dial"; text: string }
  | { kind: "record" }
  | { kind: "queue" }
  | { kind: "hangup" };

export interface TryView {
  tryId: string;
  target: TryTarget;
  versionId: string | null;
  heard: HeardItem[];
  node: TryNode;
  ended: boolean;
}

export interface StartTry {
  owner: TryOwner;
  target: TryTarget;
  versionId: string | null;
  menus: ReadonlyMap<string, IvrMenu>;
  startMenu: IvrMenu;
}

export type TryStepResult = { ok: true; view: TryView } | { ok: false; reason: TryRefusal };

export interface IvrTryCalls extends TryMenuSource {
  start(input: StartTry): Promise<TryView>;
  press(tryId: string, owner: TryOwner, keys: string[]): Promise<TryStepResult>;
  hangUp(tryId: string, owner: TryOwner): Promise<boolean>;
  /** The start of the try-it call a token names (its first webhook), or null when over. */
  startOf(token: string): Promise<{ accountId: string; menu: IvrMenu } | null>;
}

const heardOf = (verb: VerbExecution): HeardItem | null => {
  switch (verb.verb) {
    case "Say":
      return {
        kind: "say",
        text: verb.text ?? "",
        ...(verb.attributes.voice ? { voice: verb.attributes.voice } : {}),
        ...(verb.attributes.language ? { language: verb.attributes.language } : {}),
      };
    case "Play":
      return { kind: "play", url: verb.text ?? "" };
    case "Pause":
      return { kind: "pause", seconds: Number.parseInt(verb.attributes.length ?? "1", 10) || 1 };
    case "Dial":
      return { kind: "dial", text: verb.text ?? "" };
    case "Record":
      return { kind: "record" };
    case "Enqueue":
      return { kind: "queue" };
    case "Hangup":
      return { kind: "hangup" };
    default:
      return null;
  }
};

const queryOf = (verb: VerbExecution | undefined, attribute: string) => {
  try {
    return new URL(verb?.attributes[attribute] ?? "").searchParams;
  } catch {
    return new URLSearchParams();
  }
};

/** Where the transcript's call stopped: at a menu's Gather, or where it ended and why. */
export function nodeOf(transcript: Pick<CallTranscript, "ended" | "verbs">): {
  node: TryNode;
  ended: boolean;
} {
  const { reason, verb, detail } = transcript.ended;
  // The verb the call ended at (a Gather's prompts are recorded after the Gather itself).
  const last = transcript.verbs.findLast((v) => v.verb === verb);
  if (reason === "caller-hangup" && verb === "Gather") {
    const menuId = queryOf(last, "action").get("m");
    if (menuId) return { node: { kind: "menu", menuId }, ended: false };
  }
  if (reason === "caller-hangup" && verb === "Dial") {
    const action = queryOf(last, "action");
    if (action.get("f") === "e")
      return { node: { kind: "extension", id: action.get("x") ?? "" }, ended: true };
    if (action.get("f") === "g") return { node: { kind: "ring_group" }, ended: true };
    return { node: { kind: "forward" }, ended: true };
  }
  if (reason === "caller-hangup" && verb === "Enqueue") return { node: { kind: "ring_group" }, ended: true };
  if (reason === "caller-hangup" && verb === "Record") return { node: { kind: "voicemail" }, ended: true };
  if (reason === "hangup-verb" || reason === "end-of-twiml") return { node: { kind: "hangup" }, ended: true };
  return { node: { kind: "error", detail: detail ?? reason }, ended: true };
}

export interface IvrTryCallsOptions {
  /** Where the calls live (default: this process's memory). */
  store?: TryCallStore;
  now?: () => number;
}

type TryCarrier = Pick<CarrierConfig, "accountSid" | "authToken" | "webhookBaseUrl">;

/**
 * The carrier simulator that places try-it calls, made on first use: the app is ready by then
 * (the transport injects into it).
 */
function lazyTrySimulator(app: InjectTarget, carrier: TryCarrier): () => CarrierSim {
  const base = carrier.webhookBaseUrl;
  let sim: CarrierSim | null = null;
  return () => {
    sim ??= createCarrierSim({
      accountSid: carrier.accountSid,
      authToken: carrier.authToken,
      publicBaseUrl: `${base}${SIM_PREFIX}`,
      transport: injectTransport(app),
      requireOwnedFrom: false,
      // The token is checked by the try's webhook (startOf), against the store.
      numbers: (dialled) =>
        dialled.startsWith(TRY_DIALLED)
          ? {
              phoneNumber: TRY_CALLER,
              // No status callback: a try-it call is not one of the account's calls (no call log, no charge).
              voiceUrl: `${base}${voicePaths.tryIt}?${new URLSearchParams({ v: dialled.slice(TRY_DIALLED.length) })}`,
            }
          : null,
    });
    return sim;
  };
}

/** A replay's transcript as the next step: the next state, and what the caller heard since the last key. */
function outcomeOfReplay(
  state: TryCallState,
  transcript: CallTranscript,
): { state: TryCallState; view: TryView } {
  const next = tryCallStep(state, {
    kind: "replayed",
    verbCount: transcript.verbs.length,
    ...nodeOf(transcript),
  });
  const report = next.commands.find((c) => c.kind === "report");
  const after = next.state ?? state;
  const heard = transcript.verbs
    .slice(report?.from ?? transcript.verbs.length)
    .map(heardOf)
    .filter((h): h is HeardItem => h !== null);
  const view = {
    tryId: after.id,
    target: after.target,
    versionId: after.versionId,
    heard,
    node: after.node,
    ended: after.ended,
  };
  return { state: after, view };
}

/**
 * Tasks of one key run one after the other: steps of one call on this instance (a double click
 * replays once per click, in order) rather than lose to each other and be done again.
 */
function oneAtATimePerKey() {
  const queues = new Map<string, Promise<unknown>>();
  return <T>(key: string, task: () => Promise<T>): Promise<T> => {
    const step = (queues.get(key) ?? Promise.resolve()).then(task);
    const settled = step.catch(() => {});
    queues.set(key, settled);
    // The queue is dropped once nothing waits in it any more.
    void settled.then(() => {
      if (queues.get(key) === settled) queues.delete(key);
    });
    return step;
  };
}

/** The session's oldest calls, hung up beyond its limit. */
async function hangUpTriesBeyondLimit(store: TryCallStore, owner: TryOwner): Promise<void> {
  for (const id of triesBeyondLimit(await store.startedBy(owner))) {
    const old = await store.get(id);
    if (old) await store.remove(old.state);
  }
}

/**
 * The executor of try-it calls (the steps are `tryCallStep`, in the domain): it reads a call from
 * the store, runs the step's commands (placing the simulated call on this instance), and saves the
 * next state over the revision it read. A step that lost to another instance's is done again.
 */
export function createIvrTryCalls(
  app: InjectTarget,
  carrier: TryCarrier,
  options: IvrTryCallsOptions = {},
): IvrTryCalls {
  const now = options.now ?? Date.now;
  const store = options.store ?? createTryCallStore(null, "", now);
  const inTurn = oneAtATimePerKey();
  const simulator = lazyTrySimulator(app, carrier);

  /** Runs a step's commands: a replay places the call again, and its outcome is the next step. */
  async function replayed(
    state: TryCallState,
    keys: string[],
  ): Promise<{ state: TryCallState; view: TryView }> {
    const transcript = await simulator().placeCall({
      from: TRY_CALLER,
      to: `${TRY_DIALLED}${state.token}`,
      press: keys,
      hangUpWhenNoKeysLeft: true,
      hangUpAt: ["Dial", "Record", "Enqueue"],
    });
    return outcomeOfReplay(state, transcript);
  }

  /** One press, from the state the store holds: done again when another instance saved first. */
  async function pressOnce(tryId: string, owner: TryOwner, keys: string[]): Promise<TryStepResult> {
    for (let attempt = 1; ; attempt++) {
      const stored = await store.get(tryId);
      const step = tryCallStep(stored?.state ?? null, { kind: "press", keys, by: owner, at: now() });
      const command = step.commands[0];
      if (!stored || !step.state || command?.kind !== "replay")
        return { ok: false, reason: command?.kind === "refuse" ? command.reason : "not_found" };
      const { state, view } = await replayed(step.state, command.keys);
      if (await store.update(state, stored.rev)) return { ok: true, view };
      if (attempt >= MAX_STEP_ATTEMPTS) throw new Error(`try-it call ${tryId}: steps kept colliding`);
    }
  }

  async function live(token: string) {
    const stored = await store.byToken(token);
    return stored && isTryCallLive(stored.state, now()) ? stored : null;
  }

  return {
    async start(input) {
      await hangUpTriesBeyondLimit(store, input.owner);
      const { state, commands } = startTryCall({
        id: `try_${randomBytes(10).toString("hex")}`,
        // Unguessable, and worth nothing without a try-it call in progress.
        token: `${TRY_VERSION_PREFIX}${randomBytes(24).toString("base64url")}`,
        owner: input.owner,
        target: input.target,
        versionId: input.versionId,
        startMenuId: input.startMenu.id,
        at: now(),
      });
      if (!state) throw new Error("a try-it call did not start");
      await store.create(state, [...input.menus.values()], TRY_LIMITS.ttlMs);
      const first = commands.find((c) => c.kind === "replay");
      const after = await replayed(state, first?.keys ?? []);
      await store.update(after.state, 0);
      return after.view;
    },

    press(tryId, owner, keys) {
      return inTurn(tryId, () => pressOnce(tryId, owner, keys));
    },

    async hangUp(tryId, owner) {
      const stored = await store.get(tryId);
      const step = tryCallStep(stored?.state ?? null, { kind: "hang_up", by: owner, at: now() });
      if (!stored || step.commands[0]?.kind !== "forget") return false;
      await store.remove(stored.state);
      return true;
    },

    async startOf(token) {
      const stored = await live(token);
      const menu = stored?.menus.find((m) => m.id === stored.state.startMenuId);
      return stored && menu ? { accountId: stored.state.owner.accountId, menu } : null;
    },

    async menusOf(token, accountId) {
      const stored = await live(token);
      if (!stored || stored.state.owner.accountId !== accountId) return null;
      return new Map(stored.menus.map((m) => [m.id, m]));
    },
  };
}
