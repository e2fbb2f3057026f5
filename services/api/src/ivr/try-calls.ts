import { randomBytes } from "node:crypto";
import {
  type CallTranscript,
  type CarrierSim,
  createCarrierSim,
  type InjectTarget,
  injectTransport,
  type VerbExecution,
} from "@poundline/carrier-sim";
import type { IvrMenu } from "@poundline/telephony";
import { voicePaths } from "@poundline/telephony";
import { type CarrierConfig, SIM_PREFIX } from "../twilio/carrier-config";
import { TRY_VERSION_PREFIX, type TryMenuSource } from "../twilio/pinned-menus";

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

export const TRY_LIMITS = {
  /** A try-it call is forgotten this long after it started. */
  ttlMs: 15 * 60_000,
  /** Key presses (and waits) in one try-it call. */
  maxKeys: 40,
  /** Try-it calls open at once per signed-in session (the oldest is hung up beyond). */
  perSession: 5,
} as const;

/** The number the simulated caller calls from (the carrier's test number: never a real line). */
const TRY_CALLER = "+15005550006";
/** What the simulator dials for a try-it call: not a number, so nothing else resolves to it. */
const TRY_DIALLED = "try:";

export type TryTarget = "draft" | "live";

/** What the caller heard, in order. */
export type HeardItem =
  | { kind: "say"; text: string; voice?: string; language?: string }
  | { kind: "play"; url: string }
  | { kind: "pause"; seconds: number }
  | { kind: "dial"; text: string }
  | { kind: "record" }
  | { kind: "queue" }
  | { kind: "hangup" };

/** Where the call is: waiting at a menu, or where it ended. */
export type TryNode =
  | { kind: "menu"; menuId: string }
  | { kind: "extension"; id: string }
  | { kind: "forward" }
  | { kind: "ring_group" }
  | { kind: "voicemail" }
  | { kind: "hangup" }
  | { kind: "error"; detail: string };

export interface TryView {
  tryId: string;
  target: TryTarget;
  versionId: string | null;
  heard: HeardItem[];
  node: TryNode;
  ended: boolean;
}

/** Who may drive a try-it call: the account and the signed-in session that started it. */
export interface TryOwner {
  accountId: string;
  sessionId: string;
}

interface TrySession {
  id: string;
  token: string;
  owner: TryOwner;
  target: TryTarget;
  versionId: string | null;
  menus: ReadonlyMap<string, IvrMenu>;
  startMenu: IvrMenu;
  keys: string[];
  heardCount: number;
  expiresAt: number;
  node: TryNode;
  ended: boolean;
  /** Steps of one try run one after the other (a double click replays once per click, in order). */
  queue: Promise<unknown>;
}

export interface StartTry {
  owner: TryOwner;
  target: TryTarget;
  versionId: string | null;
  menus: ReadonlyMap<string, IvrMenu>;
  startMenu: IvrMenu;
}

export type TryStepResult =
  | { ok: true; view: TryView }
  | { ok: false; reason: "not_found" | "ended" | "too_many_keys" };

export interface IvrTryCalls extends TryMenuSource {
  start(input: StartTry): Promise<TryView>;
  press(tryId: string, owner: TryOwner, keys: string[]): Promise<TryStepResult>;
  hangUp(tryId: string, owner: TryOwner): boolean;
  /** The start of the try-it call a token names (its first webhook), or null when over. */
  startOf(token: string): { accountId: string; menu: IvrMenu } | null;
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

export function createIvrTryCalls(
  app: InjectTarget,
  carrier: Pick<CarrierConfig, "accountSid" | "authToken" | "webhookBaseUrl">,
  now: () => number = Date.now,
): IvrTryCalls {
  const base = carrier.webhookBaseUrl;
  const sessions = new Map<string, TrySession>();
  const byToken = new Map<string, TrySession>();

  const live = (session: TrySession | undefined): session is TrySession => {
    if (!session) return false;
    if (session.expiresAt > now()) return true;
    forget(session);
    return false;
  };
  const forget = (session: TrySession) => {
    sessions.delete(session.id);
    byToken.delete(session.token);
  };
  const sweep = () => {
    for (const session of sessions.values()) live(session);
  };

  let sim: CarrierSim | null = null;
  // Made on first use: the app is ready by then (the transport injects into it).
  const simulator = () => {
    sim ??= createCarrierSim({
      accountSid: carrier.accountSid,
      authToken: carrier.authToken,
      publicBaseUrl: `${base}${SIM_PREFIX}`,
      transport: injectTransport(app),
      requireOwnedFrom: false,
      numbers: (dialled) => {
        if (!dialled.startsWith(TRY_DIALLED)) return null;
        const session = byToken.get(dialled.slice(TRY_DIALLED.length));
        if (!live(session)) return null;
        // No status callback: a try-it call is not one of the account's calls (no call log, no charge).
        return {
          phoneNumber: TRY_CALLER,
          voiceUrl: `${base}${voicePaths.tryIt}?${new URLSearchParams({ v: session.token })}`,
        };
      },
    });
    return sim;
  };

  /** Places the call again with every key so far; the view holds what is new since the last step. */
  async function run(session: TrySession): Promise<TryView> {
    const transcript = await simulator().placeCall({
      from: TRY_CALLER,
      to: `${TRY_DIALLED}${session.token}`,
      press: session.keys,
      hangUpWhenNoKeysLeft: true,
      hangUpAt: ["Dial", "Record", "Enqueue"],
    });
    const heard = transcript.verbs
      .slice(session.heardCount)
      .map(heardOf)
      .filter((h): h is HeardItem => h !== null);
    session.heardCount = transcript.verbs.length;
    const { node, ended } = nodeOf(transcript);
    session.node = node;
    session.ended = ended;
    return { tryId: session.id, target: session.target, versionId: session.versionId, heard, node, ended };
  }

  const owns = (session: TrySession, owner: TryOwner) =>
    session.owner.accountId === owner.accountId && session.owner.sessionId === owner.sessionId;

  return {
    async start(input) {
      sweep();
      const mine = [...sessions.values()].filter((s) => owns(s, input.owner));
      for (const old of mine.slice(0, Math.max(0, mine.length - TRY_LIMITS.perSession + 1))) forget(old);
      const id = `try_${randomBytes(10).toString("hex")}`;
      const session: TrySession = {
        id,
        // Unguessable, and worth nothing without a try-it call in progress on this instance.
        token: `${TRY_VERSION_PREFIX}${randomBytes(24).toString("base64url")}`,
        owner: input.owner,
        target: input.target,
        versionId: input.versionId,
        menus: input.menus,
        startMenu: input.startMenu,
        keys: [],
        heardCount: 0,
        expiresAt: now() + TRY_LIMITS.ttlMs,
        node: { kind: "menu", menuId: input.startMenu.id },
        ended: false,
        queue: Promise.resolve(),
      };
      sessions.set(id, session);
      byToken.set(session.token, session);
      return run(session);
    },

    press(tryId, owner, keys) {
      const session = sessions.get(tryId);
      if (!live(session) || !owns(session, owner))
        return Promise.resolve({ ok: false, reason: "not_found" } as const);
      const step = session.queue.then(async (): Promise<TryStepResult> => {
        if (session.ended) return { ok: false, reason: "ended" };
        if (session.keys.length + keys.length > TRY_LIMITS.maxKeys)
          return { ok: false, reason: "too_many_keys" };
        session.keys.push(...keys);
        return { ok: true, view: await run(session) };
      });
      session.queue = step.catch(() => {});
      return step;
    },

    hangUp(tryId, owner) {
      const session = sessions.get(tryId);
      if (!live(session) || !owns(session, owner)) return false;
      forget(session);
      return true;
    },

    startOf(token) {
      const session = byToken.get(token);
      return live(session) ? { accountId: session.owner.accountId, menu: session.startMenu } : null;
    },

    menusOf(token, accountId) {
      const session = byToken.get(token);
      return live(session) && session.owner.accountId === accountId ? session.menus : null;
    },
  };
}
