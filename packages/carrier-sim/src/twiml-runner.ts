/**
 * Follows a call's TwiML verb by verb, as the carrier does, on a virtual clock: nothing waits
 * for real time, and the caller's side (key presses, who answers a Dial, how long a message
 * lasts) comes from a script.
 */
import { randomUUID } from "node:crypto";
import type { ConferenceRegistry, LeftBecause, Participant } from "./conferences";
import { type Courier, type PendingCallback, sendWebhook, type WebhookTarget } from "./delivery";
import type { DeviceRegistry, LiveTalk } from "./devices";
import type { BridgedLegs } from "./legs";
import type { QueuedCaller, QueueRegistry } from "./queues";
import { newSid } from "./sids";
import type { HttpMethod } from "./signing";
import { addSeconds, rfc2822 } from "./time";
import type {
  CallDirection,
  CallEnd,
  CallRecord,
  CallStatus,
  DialCallStatus,
  DialLeg,
  DialOutcome,
  DialResult,
  EndReason,
  GatherResult,
  QueueResult,
  RecordingSummary,
  VerbExecution,
} from "./transcript";
import { parseTwiml, type TwimlElement } from "./twiml";

/** Something a party says, `at` seconds into the conversation (from the moment the call is bridged). */
export interface Utterance {
  at: number;
  text: string;
}

export type DialScript =
  | {
      outcome: "answer";
      ringSeconds?: number;
      talkSeconds?: number;
      /** What the person who answered says: the carrier's real-time transcription hears it. */
      says?: Utterance[];
      /**
       * The person stays on the line in real time (as a browser does) until the app moves the leg
       * (a redirect into a conference, say) or ends the call; talkSeconds is then ignored.
       */
      staysOn?: boolean;
    }
  | { outcome: "busy" | "no-answer" | "failed" };

/** What the person on the line does. */
export interface CallerScript {
  /** One entry per Gather, in order: the keys pressed, or '' to stay silent until the timeout. */
  press?: string[];
  /**
   * Hang up at a Gather, once its prompts are heard, when `press` has no entry left for it (instead
   * of staying silent): a caller who decides each key only after hearing the menu (try-it calls).
   */
  hangUpWhenNoKeysLeft?: boolean;
  /** Hang up on reaching any of these verbs (e.g. "Dial", "Record"), before they run. */
  hangUpAt?: string[];
  /** What happens to each number a Dial rings; a number not listed does not answer. */
  dial?: Record<string, DialScript>;
  /** What a number not listed in `dial` does instead (a `<Number>`; absent: it does not answer). */
  dialDefault?: DialScript;
  /** Seconds spoken at a Record (0: silence, an empty recording). Default 5. */
  recordSeconds?: number;
  /** How a Record ends: "timeout" (silence, the default), "hangup" (the caller hangs up), or a key. */
  recordEnd?: string;
  /**
   * What the caller says at a Record: the text of its transcription when the Record asks for one.
   * Without it the caller says nothing, and the transcription is completed with no words.
   */
  transcriptionText?: string;
  /**
   * What the caller says once bridged to someone (a `<Dial>` answered): the carrier's real-time
   * transcription (REST `Calls/{Sid}/Transcriptions`) hears it on the call's inbound track.
   */
  says?: Utterance[];
  /** Seconds talked once a <Dial><Queue> of this call takes a waiting caller. Default 10. */
  talkSeconds?: number;
  /**
   * Seconds the caller waits in a queue before hanging up (QueueResult=hangup). Default: until
   * taken or told to leave, at most MAX_WAIT_ROUNDS rounds of the wait URL.
   */
  patienceSeconds?: number;
  /**
   * The Enqueue action of a caller who hung up in the queue never reaches the app (a callback
   * lost on the way): the call just ends, and the app learns of it only by asking the REST API.
   */
  loseQueueAction?: boolean;
}

/** One end of the call, with the location fields the carrier adds to webhooks ('' when unknown). */
export interface CallParty {
  number: string;
  city: string;
  state: string;
  zip: string;
  country: string;
}

export interface CallLimits {
  /** TwiML requests per call: a loop in the app ends the call instead of hanging the sim. */
  maxWebhooks: number;
  maxVerbs: number;
  /** Virtual seconds; the carrier's own limit is four hours. */
  maxSeconds: number;
}

export const defaultCallLimits: CallLimits = { maxWebhooks: 100, maxVerbs: 1000, maxSeconds: 4 * 3600 };

/** Virtual seconds a <Play> of a queue's wait URL lasts (the sim does not fetch the audio). */
export const WAIT_CLIP_SECONDS = 20;
/** Times the wait URL is requested before the sim's caller gives up waiting and hangs up. */
export const MAX_WAIT_ROUNDS = 30;

/** A recording made during a call, for the sim to store and serve. */
export interface MadeRecording {
  sid: string;
  callSid: string;
  durationSeconds: number;
  startTime: Date;
  source: "RecordVerb" | "DialVerb" | "StartConferenceVerb";
  transcription: RecordingSummary["transcription"];
  /** 2: each party on a channel of its own (a `-dual` record mode). */
  channels: number;
}

export interface RunnerEnv extends Courier {
  accountSid: string;
  recordingUrl(sid: string): string;
  transcriptionUrl(sid: string): string;
  saveRecording(recording: MadeRecording): void;
  nextSeq(): number;
  /** The sim's call queues (<Enqueue>, <Dial><Queue>). */
  queues: QueueRegistry;
  /**
   * A queued caller has reached virtual second `at` of its call: the sim's other calls (those the
   * app created) run, and their phones due to stop ringing by then do.
   */
  settle(at: number): Promise<void>;
  /** Softphones registered by identity: an unscripted `<Client>` rings them in real time. */
  devices?: DeviceRegistry;
  /** The sim's conference rooms: an unscripted `<Dial><Conference>` joins one in real time. */
  conferences?: ConferenceRegistry;
  /** Softphone legs while bridged, so the app can redirect one (legs.ts). */
  legs?: BridgedLegs;
}

export interface CallSetup {
  callSid: string;
  direction: CallDirection;
  caller: CallParty;
  called: CallParty;
  startTime: Date;
  /** Where the first TwiML comes from: a URL to request, or a document given inline. */
  start: { url: string; method: HttpMethod } | { twiml: string };
  /** Outbound API calls are answered before their TwiML is requested. */
  answered: boolean;
  /** Virtual second at which the TwiML starts (after the callee's phone rang, for outbound calls). */
  startAt?: number;
  script: CallerScript;
  limits: CallLimits;
  /** REST `TimeLimit`: the most seconds the call may last once answered; the carrier then ends it. */
  timeLimit?: number;
  /** Whether the app asked the carrier to hang up this call (REST update, Status=completed). */
  hangupRequested(): boolean;
  /**
   * A softphone placed this call: a bridge it dials lasts until the device hangs up (real time),
   * not for the callee's scripted talk time.
   */
  liveCaller?: LiveTalk;
  /** Parameters sent with every TwiML request beside the carrier's own (a softphone's). */
  params?: Record<string, string>;
  /**
   * New instructions the app sent for the call (REST update with Url or Twiml), taken once: the
   * call leaves what it is doing (a bridge ends, the Dial's action is not requested) and follows them.
   */
  takeRedirect?(): Redirect | null;
  redirectPending?(): boolean;
}

/** Where a redirected call's next TwiML comes from. */
export type Redirect = { url: string; method: HttpMethod } | { twiml: string };

export interface CallRunResult extends CallRecord {
  /** Recording-status and transcription callbacks, delivered by the sim after the call. */
  pending: PendingCallback[];
}

/** The parameters the carrier sends with every voice request of a call. */
export function callParams(
  accountSid: string,
  setup: Pick<CallSetup, "callSid" | "direction" | "caller" | "called">,
  status: CallStatus,
): Record<string, string> {
  const { caller, called } = setup;
  return {
    AccountSid: accountSid,
    ApiVersion: "2010-04-01",
    CallSid: setup.callSid,
    CallStatus: status,
    Called: called.number,
    CalledCity: called.city,
    CalledCountry: called.country,
    CalledState: called.state,
    CalledZip: called.zip,
    Caller: caller.number,
    CallerCity: caller.city,
    CallerCountry: caller.country,
    CallerState: caller.state,
    CallerZip: caller.zip,
    Direction: setup.direction,
    From: caller.number,
    FromCity: caller.city,
    FromCountry: caller.country,
    FromState: caller.state,
    FromZip: caller.zip,
    To: called.number,
    ToCity: called.city,
    ToCountry: called.country,
    ToState: called.state,
    ToZip: called.zip,
  };
}

const APPLICATION_ERROR = "We are sorry, an application error has occurred. Goodbye.";
/** Verbs the carrier knows but the sim does not act out: recorded as errors, then skipped. */
const UNSUPPORTED = new Set([
  "Connect",
  "Start",
  "Stop",
  "Stream",
  "Siprec",
  "Pay",
  "Prompt",
  "Refer",
  "Echo",
  "Sms",
  "Message",
]);
const DIAL_NOUNS = new Set(["Number", "Client", "Sip", "Queue", "Conference"]);
/** Nouns whose leg reports its own progress (`statusCallback`). */
const LEG_NOUNS = new Set(["Number", "Client"]);

type Step =
  | { kind: "next" }
  | { kind: "fetch"; target: WebhookTarget; thenEnd?: EndReason }
  | { kind: "redirected"; to: Redirect }
  | { kind: "end"; reason: EndReason; verb?: string; detail?: string };

interface Doc {
  /** Base for relative URLs; null for inline TwiML. */
  url: string | null;
  response: TwimlElement;
}

type Loaded = { ok: true; doc: Doc } | { ok: false; reason: EndReason; detail: string };

function int(value: string | undefined, fallback: number): number {
  if (value === undefined || value.trim() === "") return fallback;
  const parsed = Number.parseInt(value, 10);
  return Number.isFinite(parsed) ? parsed : fallback;
}

function methodOf(value: string | undefined): HttpMethod {
  return value?.toUpperCase() === "GET" ? "GET" : "POST";
}

/** Rough speaking time of a text: 2.5 words a second, at least one second. */
function speechSeconds(text: string): number {
  const words = text.split(/\s+/).filter(Boolean).length;
  return Math.max(1, Math.ceil(words / 2.5));
}

/** How often a live bridge looks whether the app hung the call up. */
const LIVE_POLL_MS = 200;

/** Whole seconds of real time since `startedAt`, as the carrier counts a call's duration. */
function elapsedSeconds(startedAt: number): number {
  return Math.ceil((Date.now() - startedAt) / 1000);
}

/** A `<Client>`'s identity: its `<Identity>` noun's, or its own text. */
function clientIdentity(noun: TwimlElement): string {
  return noun.children.find((child) => child.name === "Identity")?.text ?? noun.ownText;
}

/** A `<Client>`'s `<Parameter name value>`s, which the device is offered the call with. */
function clientParameters(noun: TwimlElement): Record<string, string> {
  const custom: Record<string, string> = {};
  for (const child of noun.children) {
    const { name, value } = child.attributes;
    if (child.name === "Parameter" && name) custom[name] = value ?? "";
  }
  return custom;
}

/** A phone on the line: it stays until the call is hung up or it is removed (nothing to tell). */
function phoneOnLine(): LiveTalk {
  return { ended: new Promise<never>(() => {}), hangUp: () => {}, digits: [] };
}

/** The scripted leg that answers first, if any does. */
function firstToAnswer(legs: DialLeg[]): DialLeg | undefined {
  return legs.filter((leg) => leg.outcome === "answer").sort((a, b) => a.ringSeconds - b.ringSeconds)[0];
}

/** `loop` on Say/Play: 0 means "until the caller acts", which the sim plays once; at most 10. */
function loops(verb: TwimlElement): number {
  const count = int(verb.attributes.loop, 1);
  return count <= 0 ? 1 : Math.min(count, 10);
}

class CallRun {
  private at = 0;
  private answeredAt: number | null = null;
  private hungUp = false;
  private conferenceSeq = 0;
  /** Softphone legs of the current Dial the app redirected out of its bridge. */
  private readonly handedOver = new Map<DialLeg, { talk: LiveTalk; redirect: Redirect }>();
  private rejectedWith: CallStatus | null = null;
  private twimlRequests = 0;
  private verbCount = 0;
  private readonly presses: string[];
  private readonly result: Omit<CallRunResult, "answeredAt" | "durationSeconds" | "status" | "ended">;

  constructor(
    private readonly env: RunnerEnv,
    private readonly setup: CallSetup,
  ) {
    this.presses = [...(setup.script.press ?? [])];
    this.result = {
      webhooks: [],
      verbs: [],
      spoken: [],
      played: [],
      gathers: [],
      dials: [],
      recordings: [],
      enqueued: null,
      queueWaits: [],
      errors: [],
      pending: [],
    };
    this.at = setup.startAt ?? 0;
    if (setup.answered) this.answeredAt = this.at;
  }

  async run(): Promise<CallRunResult> {
    const ended = await this.follow();
    // Transcriptions arrive well after the call; the sim reports them 30 virtual seconds later.
    for (const callback of this.result.pending) {
      if (callback.kind === "transcription") callback.at = this.at + 30;
    }
    const answered = this.answeredAt !== null;
    return {
      ...this.result,
      answeredAt: this.answeredAt,
      durationSeconds: answered ? this.at - (this.answeredAt ?? 0) : 0,
      status: this.rejectedWith ?? "completed",
      ended,
    };
  }

  private get status(): CallStatus {
    if (this.hungUp) return "completed";
    return this.answeredAt === null ? "ringing" : "in-progress";
  }

  private params(): Record<string, string> {
    return { ...this.setup.params, ...callParams(this.env.accountSid, this.setup, this.status) };
  }

  private async follow(): Promise<CallEnd> {
    const start = this.setup.start;
    let loaded: Loaded =
      "twiml" in start
        ? this.parse(start.twiml, null)
        : await this.request({ kind: "voice", url: start.url, method: start.method, params: {} });
    let docUrl = "twiml" in start ? null : start.url;
    for (;;) {
      if (!loaded.ok) return this.applicationError(loaded, docUrl);
      const step = await this.execute(loaded.doc);
      if (step.kind === "end") {
        return {
          reason: step.reason,
          at: this.at,
          url: loaded.doc.url,
          verb: step.verb,
          detail: step.detail,
        };
      }
      if (step.kind === "redirected") {
        docUrl = "twiml" in step.to ? null : step.to.url;
        loaded =
          "twiml" in step.to
            ? this.parse(step.to.twiml, null)
            : await this.request({ kind: "redirect", ...step.to, params: {} });
        continue;
      }
      docUrl = step.target.url;
      const next = await this.request(step.target);
      if (step.thenEnd) {
        // The caller is gone: the answer is recorded, never executed.
        return { reason: step.thenEnd, at: this.at, url: step.target.url };
      }
      loaded = next;
    }
  }

  private applicationError(failure: { reason: EndReason; detail: string }, url: string | null): CallEnd {
    if (failure.reason === "application-error") {
      this.answer();
      this.result.spoken.push(APPLICATION_ERROR);
      this.at += speechSeconds(APPLICATION_ERROR);
    }
    return { reason: failure.reason, at: this.at, url, detail: failure.detail };
  }

  private error(code: number, message: string, url?: string): void {
    this.result.errors.push({ at: this.at, code, message, ...(url ? { url } : {}) });
  }

  private parse(body: string, url: string | null): Loaded {
    const parsed = parseTwiml(body);
    if (parsed.ok) return { ok: true, doc: { url, response: parsed.response } };
    this.error(12100, `Document parse failure: ${parsed.error}`, url ?? undefined);
    return { ok: false, reason: "application-error", detail: parsed.error };
  }

  /** Requests TwiML: the budget, the signed request, the status and the document are all checked. */
  private async request(target: WebhookTarget): Promise<Loaded> {
    if (this.twimlRequests >= this.setup.limits.maxWebhooks) {
      const detail = `more than ${this.setup.limits.maxWebhooks} TwiML requests in one call`;
      this.error(11200, detail, target.url);
      return { ok: false, reason: "webhook-limit", detail };
    }
    this.twimlRequests++;
    const exchange = await sendWebhook(
      this.env,
      { ...target, params: { ...this.params(), ...target.params } },
      { seq: this.env.nextSeq(), at: this.at },
    );
    this.result.webhooks.push(exchange);
    if (exchange.status < 200 || exchange.status >= 300) {
      const detail = exchange.error ?? `HTTP ${exchange.status}`;
      this.error(11200, `HTTP retrieval failure: ${detail}`, target.url);
      return { ok: false, reason: "application-error", detail };
    }
    return this.parse(exchange.body, target.url);
  }

  private async execute(doc: Doc): Promise<Exclude<Step, { kind: "next" }>> {
    for (const verb of doc.response.children) {
      if (++this.verbCount > this.setup.limits.maxVerbs) {
        return { kind: "end", reason: "verb-limit", detail: `more than ${this.setup.limits.maxVerbs} verbs` };
      }
      if (this.setup.hangupRequested()) return this.hangUpByApi();
      const redirect = this.setup.takeRedirect?.();
      if (redirect) return { kind: "redirected", to: redirect };
      const step = await this.verb(verb, doc);
      const overTime = this.pastTimeLimit();
      if (overTime) return overTime;
      if (step.kind !== "next") return step;
      if (this.at > this.setup.limits.maxSeconds) {
        return { kind: "end", reason: "time-limit", detail: `longer than ${this.setup.limits.maxSeconds}s` };
      }
    }
    return { kind: "end", reason: "end-of-twiml" };
  }

  /** Virtual second at which the call's REST `TimeLimit` runs out, once it is answered. */
  private get timeLimitEndsAt(): number | null {
    if (this.setup.timeLimit === undefined || this.answeredAt === null) return null;
    return this.answeredAt + this.setup.timeLimit;
  }

  /** The carrier ends a call whose `TimeLimit` has passed, at the second it ran out. */
  private pastTimeLimit(): Extract<Step, { kind: "end" }> | null {
    const endsAt = this.timeLimitEndsAt;
    if (endsAt === null || this.at < endsAt) return null;
    this.at = endsAt;
    this.hungUp = true;
    return { kind: "end", reason: "time-limit", detail: `TimeLimit of ${this.setup.timeLimit}s reached` };
  }

  /**
   * `<Number statusCallback>`: each leg dialled reports its own completion (Direction
   * outbound-dial, its ParentCallSid, its CallDuration), after the Dial ends, as the carrier does
   * by default (the `completed` event only).
   */
  private legStatusCallbacks(
    nouns: TwimlElement[],
    legs: DialLeg[],
    dialAttrs: Record<string, string>,
    doc: Doc,
    endedAt: number,
  ): void {
    for (const [i, noun] of nouns.entries()) {
      const leg = legs[i];
      if (!LEG_NOUNS.has(noun.name) || !leg || !noun.attributes.statusCallback) continue;
      // A leg redirected out of the bridge reports itself when it really ends.
      if (this.handedOver.has(leg)) continue;
      const url = this.resolve(noun.attributes.statusCallback, doc);
      if (!url) continue;
      this.result.pending.push({
        kind: "call-status",
        url,
        method: methodOf(noun.attributes.statusCallbackMethod),
        at: endedAt,
        idempotencyToken: randomUUID(),
        params: {
          ...this.legParams(leg, dialAttrs, leg.status, endedAt),
          CallDuration: String(leg.bridged ? leg.talkSeconds : 0),
          SequenceNumber: this.legsReportedAnswered.has(leg) ? "1" : "0",
        },
      });
    }
  }

  /** What a leg's status callback says of it, at virtual second `at`. */
  private legParams(leg: DialLeg, dialAttrs: Record<string, string>, status: string, at: number) {
    return {
      AccountSid: this.env.accountSid,
      ApiVersion: "2010-04-01",
      CallSid: leg.callSid,
      ParentCallSid: this.setup.callSid,
      Direction: "outbound-dial",
      From: dialAttrs.callerId ?? this.setup.caller.number,
      To: leg.noun === "Client" ? `client:${leg.target}` : leg.target,
      CallStatus: status,
      CallbackSource: "call-progress-events",
      Timestamp: rfc2822(addSeconds(this.setup.startTime, at)),
    };
  }

  /** Legs whose answer was reported (their `completed` then comes second). */
  private readonly legsReportedAnswered = new Set<DialLeg>();

  /**
   * `<Number statusCallbackEvent="answered">`: the leg that answered reports it at once, while
   * the bridge is on (the carrier's `in-progress` callback of a child call).
   */
  private async legAnswered(
    noun: TwimlElement | undefined,
    leg: DialLeg,
    dialAttrs: Record<string, string>,
    doc: Doc,
  ) {
    const wanted = (noun?.attributes.statusCallbackEvent ?? "").split(/[\s,]+/);
    const url = wanted.includes("answered") ? this.resolve(noun?.attributes.statusCallback, doc) : null;
    if (!noun?.attributes.statusCallback || !url) return;
    this.legsReportedAnswered.add(leg);
    const at = this.at + leg.ringSeconds;
    const params = { ...this.legParams(leg, dialAttrs, "in-progress", at), SequenceNumber: "0" };
    const method = methodOf(noun.attributes.statusCallbackMethod);
    const exchange = await sendWebhook(
      this.env,
      { kind: "call-status", url, method, params },
      { seq: this.env.nextSeq(), at },
    );
    this.result.webhooks.push(exchange);
  }

  /** Legs the app redirected out of this Dial's bridge run on as calls of their own (legs.ts). */
  private handOverLegs(
    nouns: TwimlElement[],
    legs: DialLeg[],
    dialAttrs: Record<string, string>,
    doc: Doc,
  ): void {
    for (const [leg, { talk, redirect }] of this.handedOver) {
      const noun = nouns[legs.indexOf(leg)];
      const url = noun?.attributes.statusCallback ? this.resolve(noun.attributes.statusCallback, doc) : null;
      this.env.legs?.continue({
        callSid: leg.callSid,
        parentCallSid: this.setup.callSid,
        from: dialAttrs.callerId ?? this.setup.caller.number,
        to: leg.noun === "Client" ? `client:${leg.target}` : leg.target,
        talk,
        redirect,
        statusCallback: url ? { url, method: methodOf(noun?.attributes.statusCallbackMethod) } : null,
        priorSeconds: leg.talkSeconds,
        reported: this.legsReportedAnswered.has(leg) ? 1 : 0,
      });
    }
    this.handedOver.clear();
  }

  /** The app hung up the call through the REST API: it ends where it is. */
  private hangUpByApi(): Extract<Step, { kind: "end" }> {
    this.hungUp = true;
    return { kind: "end", reason: "api-hangup" };
  }

  private answer(): void {
    if (this.answeredAt === null) this.answeredAt = this.at;
  }

  private record(verb: TwimlElement, extra: Partial<VerbExecution> = {}): VerbExecution {
    const entry: VerbExecution = {
      seq: this.env.nextSeq(),
      at: this.at,
      verb: verb.name,
      attributes: verb.attributes,
      // A Gather's text is its prompts', recorded with them; a Dial's is the numbers it rings.
      ...(verb.text && (verb.children.length === 0 || verb.name === "Dial") ? { text: verb.text } : {}),
      ...extra,
    };
    this.result.verbs.push(entry);
    return entry;
  }

  private resolve(ref: string | undefined, doc: Doc): string | null {
    const target = ref?.trim() || doc.url;
    if (!target) return null;
    try {
      return new URL(target, doc.url ?? undefined).toString();
    } catch {
      return null;
    }
  }

  private async verb(verb: TwimlElement, doc: Doc): Promise<Step> {
    if (verb.name !== "Reject") this.answer();
    if (this.setup.script.hangUpAt?.includes(verb.name)) {
      this.record(verb, { outcome: "caller hung up" });
      this.hungUp = true;
      return { kind: "end", reason: "caller-hangup", verb: verb.name };
    }
    switch (verb.name) {
      case "Say":
      case "Play":
      case "Pause":
        this.prompt(verb, false);
        return { kind: "next" };
      case "Gather":
        return this.gather(verb, doc);
      case "Dial":
        return this.dial(verb, doc);
      case "Record":
        return this.recordVerb(verb, doc);
      case "Redirect": {
        this.record(verb);
        const url = this.resolve(verb.text, doc);
        if (!url) return this.badUrl(verb);
        return {
          kind: "fetch",
          target: { kind: "redirect", url, method: methodOf(verb.attributes.method), params: {} },
        };
      }
      case "Hangup":
        this.record(verb);
        return { kind: "end", reason: "hangup-verb", verb: "Hangup" };
      case "Reject": {
        const reason = verb.attributes.reason === "busy" ? "busy" : "rejected";
        this.record(verb, { outcome: reason });
        // Only a first verb keeps the call unanswered; later, Reject just hangs up.
        if (this.answeredAt === null) this.rejectedWith = reason === "busy" ? "busy" : "no-answer";
        return { kind: "end", reason: "reject", verb: "Reject", detail: reason };
      }
      case "Enqueue":
        return this.enqueue(verb, doc);
      case "Leave":
        // Only a queue's wait URL can leave a queue; anywhere else it does nothing.
        this.record(verb, { outcome: "not in a queue" });
        return { kind: "next" };
      default:
        if (UNSUPPORTED.has(verb.name)) {
          this.record(verb, { outcome: "skipped: not simulated" });
          this.error(12200, `<${verb.name}> is not simulated by carrier-sim; skipped`, doc.url ?? undefined);
          return { kind: "next" };
        }
        this.record(verb, { outcome: "unknown verb" });
        this.error(12200, `Schema validation warning: unknown verb <${verb.name}>`, doc.url ?? undefined);
        this.result.spoken.push(APPLICATION_ERROR);
        this.at += speechSeconds(APPLICATION_ERROR);
        return {
          kind: "end",
          reason: "application-error",
          verb: verb.name,
          detail: `unknown verb <${verb.name}>`,
        };
    }
  }

  private badUrl(verb: TwimlElement): Step {
    this.error(11100, `<${verb.name}>: invalid or missing URL`);
    this.result.spoken.push(APPLICATION_ERROR);
    return { kind: "end", reason: "application-error", verb: verb.name, detail: "invalid URL" };
  }

  /** Say, Play and Pause: heard (or waited through), alone or nested in Gather. */
  private prompt(verb: TwimlElement, nested: boolean, clipSeconds = 2): void {
    const times = loops(verb);
    const base = nested ? { nested: true } : {};
    if (verb.name === "Say") {
      this.record(verb, base);
      for (let i = 0; i < times; i++) this.result.spoken.push(verb.text);
      this.at += speechSeconds(verb.text) * times;
    } else if (verb.name === "Play") {
      const digits = verb.attributes.digits;
      this.record(verb, { ...base, ...(digits ? { outcome: `sent digits ${digits}` } : {}) });
      if (verb.text) for (let i = 0; i < times; i++) this.result.played.push(verb.text);
      this.at += (verb.text ? clipSeconds : 1) * times; // the sim does not fetch audio: a nominal length
    } else {
      this.record(verb, base);
      this.at += Math.max(0, int(verb.attributes.length, 1));
    }
  }

  /** `waiting`: a Gather of a queue's wait URL (its music lasts a wait clip; silence never hangs up). */
  private async gather(verb: TwimlElement, doc: Doc, waiting = false): Promise<Step> {
    const attrs = verb.attributes;
    const entry = this.record(verb);
    for (const child of verb.children) {
      if (child.name === "Say" || child.name === "Play" || child.name === "Pause")
        this.prompt(child, true, waiting ? WAIT_CLIP_SECONDS : 2);
      else this.error(12200, `<${child.name}> cannot be nested in <Gather>`, doc.url ?? undefined);
    }
    const timeout = Math.max(0, int(attrs.timeout, 5));
    const numDigits = int(attrs.numDigits, Number.POSITIVE_INFINITY);
    const finishOnKey = attrs.finishOnKey ?? "#";
    const inputs = (attrs.input ?? "dtmf").toLowerCase().split(/\s+/);
    if (this.presses.length === 0 && this.setup.script.hangUpWhenNoKeysLeft && !waiting) {
      entry.outcome = "caller hung up";
      this.hungUp = true;
      return { kind: "end", reason: "caller-hangup", verb: "Gather" };
    }
    const pressed = this.presses.shift() ?? "";

    let digits = "";
    let speech: string | undefined;
    let finishedOnKey = "";
    if (pressed && inputs.includes("speech") && !/^[0-9#*]+$/.test(pressed)) {
      speech = pressed;
      this.at += speechSeconds(pressed) + 1;
    } else if (pressed && inputs.includes("dtmf")) {
      let complete = false;
      for (const key of pressed) {
        this.at += 1;
        if (finishOnKey && key === finishOnKey) {
          finishedOnKey = key;
          complete = true;
          break;
        }
        digits += key;
        if (digits.length >= numDigits) {
          complete = true;
          break;
        }
      }
      // Fewer digits than asked and no finish key: the carrier waits out the timeout, then submits.
      if (!complete) this.at += timeout;
    } else {
      this.at += timeout;
    }

    const gotInput = digits !== "" || speech !== undefined;
    const requestAction = gotInput || attrs.actionOnEmptyResult === "true";
    const gathered: GatherResult = {
      seq: entry.seq,
      at: this.at,
      digits,
      ...(speech !== undefined ? { speech } : {}),
      timedOut: !gotInput,
      finishedOnKey,
      actionRequested: requestAction,
    };
    this.result.gathers.push(gathered);
    entry.outcome = speech !== undefined ? `said "${speech}"` : gotInput ? `pressed ${digits}` : "timed out";
    if (!requestAction) return { kind: "next" };

    const url = this.resolve(attrs.action, doc);
    if (!url) return this.badUrl(verb);
    const params: Record<string, string> = {};
    if (speech !== undefined) {
      params.SpeechResult = speech;
      params.Confidence = "0.92";
    } else if (gotInput) {
      params.Digits = digits;
      params.FinishedOnKey = finishedOnKey;
    }
    return { kind: "fetch", target: { kind: "gather-action", url, method: methodOf(attrs.method), params } };
  }

  private async dial(verb: TwimlElement, doc: Doc): Promise<Step> {
    const room = verb.children.find((child) => child.name === "Conference");
    if (room && this.env.conferences && !this.setup.script.dial?.[room.text])
      return this.conference(verb, room, doc, this.env.conferences);
    const attrs = verb.attributes;
    const entry = this.record(verb);
    const timeout = Math.max(1, int(attrs.timeout, 30));
    const timeLimit = int(attrs.timeLimit, 4 * 3600);
    // The bridge ends at the Dial's own timeLimit or when the call's TimeLimit runs out, first.
    const callEndsAt = this.timeLimitEndsAt;
    const talkLimit = (ringSeconds: number) =>
      callEndsAt === null ? timeLimit : Math.min(timeLimit, Math.max(0, callEndsAt - this.at - ringSeconds));
    const nouns = verb.children.length
      ? verb.children.filter((child) => {
          if (DIAL_NOUNS.has(child.name)) return true;
          this.error(12200, `<${child.name}> cannot be nested in <Dial>`, doc.url ?? undefined);
          return false;
        })
      : [{ name: "Number", attributes: {}, children: [], text: verb.text, ownText: verb.text }];

    const live = new Map<DialLeg, Record<string, string>>();
    const dequeued = new Map<DialLeg, QueuedCaller>();
    const staysOn = new Set<DialLeg>();
    const legs: DialLeg[] = nouns.map((noun) => {
      const target = noun.name === "Client" ? clientIdentity(noun) : noun.text;
      if (noun.name === "Queue") {
        const { leg, caller } = this.dequeue(target);
        if (caller) dequeued.set(leg, caller);
        return leg;
      }
      const scripted =
        this.setup.script.dial?.[target] ??
        (noun.name === "Number" ? this.setup.script.dialDefault : undefined);
      if (!scripted && noun.name === "Client" && this.env.devices?.has(target)) {
        const leg = this.liveLeg(target);
        live.set(leg, clientParameters(noun));
        return leg;
      }
      // A conference always "answers"; anything unscripted rings out.
      const fallback: DialScript =
        noun.name === "Conference" ? { outcome: "answer" } : { outcome: "no-answer" };
      const script = scripted ?? fallback;
      const ringSeconds = script.outcome === "answer" ? Math.max(0, script.ringSeconds ?? 3) : 0;
      const answers = script.outcome === "answer" && ringSeconds < timeout;
      const outcome: DialOutcome = script.outcome === "answer" && !answers ? "no-answer" : script.outcome;
      const leg: DialLeg = {
        target,
        noun: noun.name as DialLeg["noun"],
        callSid: newSid("CA"),
        outcome,
        status: outcome === "answer" ? "completed" : outcome,
        ringSeconds: outcome === "answer" ? ringSeconds : outcome === "no-answer" ? timeout : 1,
        talkSeconds:
          outcome === "answer" && script.outcome === "answer"
            ? Math.min(script.talkSeconds ?? 10, talkLimit(ringSeconds))
            : 0,
        bridged: false,
      };
      if (answers && script.outcome === "answer" && script.staysOn) staysOn.add(leg);
      return leg;
    });

    // Simultaneous ringing: the first leg to answer is bridged, the others are canceled. Scripted
    // legs answer on the virtual clock, before any softphone could.
    const winner = firstToAnswer(legs) ?? (await this.ringDevices(live, timeout, talkLimit));
    let dialCallStatus: DialResult["dialCallStatus"];
    if (winner) {
      winner.bridged = true;
      for (const leg of legs)
        if (leg !== winner && leg.status !== "busy" && leg.status !== "failed") leg.status = "canceled";
      dialCallStatus = "completed";
      await this.legAnswered(nouns[legs.indexOf(winner)], winner, attrs, doc);
      if (staysOn.has(winner))
        winner.talkSeconds = await this.stayOnLine(winner, attrs, talkLimit(winner.ringSeconds));
      else if (!live.has(winner) && this.setup.liveCaller) {
        const caller = this.setup.liveCaller;
        const limit = talkLimit(winner.ringSeconds);
        // A phone bridged to a live caller can be moved (a callee of a browser's call, held).
        winner.talkSeconds =
          winner.noun === "Number"
            ? await this.redirectableBridge(winner, attrs, () => this.talk(caller, limit, winner.callSid))
            : await this.talk(caller, limit);
        // The queued caller waits for the bridge to end, then counts the time talked.
        const taken = dequeued.get(winner)?.bridged;
        if (taken) taken.talkSeconds = winner.talkSeconds;
      }
      this.at += winner.ringSeconds + winner.talkSeconds;
    } else {
      const statuses = new Set<DialCallStatus>(legs.map((leg) => leg.status));
      dialCallStatus = statuses.has("no-answer") ? "no-answer" : statuses.has("busy") ? "busy" : "failed";
      this.at += Math.max(1, ...legs.map((leg) => leg.ringSeconds));
    }

    let recording: MadeRecording | null = null;
    const recordMode = attrs.record ?? "do-not-record";
    if (winner && recordMode !== "do-not-record" && recordMode !== "false") {
      const seconds = recordMode.startsWith("record-from-ringing")
        ? winner.ringSeconds + winner.talkSeconds
        : winner.talkSeconds;
      const channels = recordMode.endsWith("-dual") ? 2 : 1;
      recording = this.makeRecording(seconds, "DialVerb", this.at - seconds, null, "call", channels);
      this.recordingCallbacks(recording, attrs, doc);
    }

    this.legStatusCallbacks(nouns, legs, attrs, doc, this.at);
    this.handOverLegs(nouns, legs, attrs, doc);

    const dialCallSid = (winner ?? legs[0])?.callSid ?? newSid("CA");
    const result: DialResult = {
      seq: entry.seq,
      at: this.at,
      legs,
      dialCallStatus,
      dialCallSid,
      dialCallDuration: winner?.talkSeconds ?? 0,
      callerId: attrs.callerId ?? null,
      recordingSid: recording?.sid ?? null,
    };
    this.result.dials.push(result);
    entry.outcome =
      legs.map((leg) => `${leg.target}: ${leg.bridged ? "answered" : leg.status}`).join(", ") ||
      "nothing to dial";

    const redirect = this.setup.takeRedirect?.();
    if (redirect) return { kind: "redirected", to: redirect };
    if (!attrs.action) return { kind: "next" };
    const url = this.resolve(attrs.action, doc);
    if (!url) return this.badUrl(verb);
    const params: Record<string, string> = {
      DialCallStatus: dialCallStatus,
      DialCallSid: dialCallSid,
      DialCallDuration: String(result.dialCallDuration),
    };
    if (recording) {
      params.RecordingUrl = this.env.recordingUrl(recording.sid);
      params.RecordingSid = recording.sid;
      params.RecordingDuration = String(recording.durationSeconds);
    }
    return { kind: "fetch", target: { kind: "dial-action", url, method: methodOf(attrs.method), params } };
  }

  /** A `<Client>` with devices registered: rung in real time by ringDevices. */
  private liveLeg(identity: string): DialLeg {
    const callSid = newSid("CA");
    return {
      target: identity,
      noun: "Client",
      callSid,
      outcome: "no-answer",
      status: "no-answer",
      ringSeconds: 0,
      talkSeconds: 0,
      bridged: false,
    };
  }

  /**
   * Rings the softphones of these legs at once, for up to `timeout` real seconds: the first device
   * to accept is bridged until one side hangs up; the others stop ringing.
   */
  private async ringDevices(
    legs: Map<DialLeg, Record<string, string>>,
    timeout: number,
    talkLimit: (ringSeconds: number) => number,
  ): Promise<DialLeg | undefined> {
    const devices = this.env.devices;
    if (!devices || legs.size === 0) return undefined;
    const stop = new AbortController();
    const startedAt = Date.now();
    let answered: { leg: DialLeg; talk: LiveTalk } | undefined;
    await Promise.all(
      [...legs].map(async ([leg, custom]) => {
        const parameters = {
          CallSid: leg.callSid,
          From: this.setup.caller.number,
          To: `client:${leg.target}`,
        };
        const rung = await devices.ring(leg.target, { parameters, custom }, timeout * 1000, stop.signal);
        leg.ringSeconds = elapsedSeconds(startedAt);
        if (rung.outcome !== "answer") {
          leg.outcome = rung.outcome === "canceled" ? "no-answer" : rung.outcome;
          leg.status = rung.outcome;
          return;
        }
        if (answered) return rung.talk.hangUp();
        answered = { leg, talk: rung.talk };
        leg.outcome = "answer";
        leg.status = "completed";
        stop.abort();
      }),
    );
    if (!answered) return undefined;
    const { leg, talk } = answered;
    this.env.legs?.open({
      callSid: leg.callSid,
      parentCallSid: this.setup.callSid,
      from: this.setup.caller.number,
      to: `client:${leg.target}`,
    });
    leg.talkSeconds = await this.talk(talk, talkLimit(leg.ringSeconds), leg.callSid);
    const redirect = this.env.legs?.close(leg.callSid) ?? null;
    // Redirected, the leg runs on with its device (dial() hands it over); else the bridge is over.
    if (redirect) this.handedOver.set(leg, { talk, redirect });
    else talk.hangUp();
    return leg;
  }

  /**
   * A scripted phone that stays on the line: bridged in real time until the app moves it, hangs the
   * call up, or the limit passes. Moved, the phone stays on in its new TwiML until it is removed or
   * hung up (it never hangs up by itself).
   */
  private stayOnLine(leg: DialLeg, dialAttrs: Record<string, string>, limitSeconds: number): Promise<number> {
    const legs = this.env.legs;
    return this.redirectableBridge(leg, dialAttrs, () =>
      this.waitLive(new Promise<never>(() => {}), limitSeconds, () =>
        Boolean(legs?.pending(leg.callSid) || legs?.hungUp(leg.callSid)),
      ),
    );
  }

  /**
   * A scripted phone's bridge that lasts in real time (`bridge`): its leg can be fetched and
   * redirected by its CallSid meanwhile (legs.ts); redirected, it runs on as a call of its own.
   */
  private async redirectableBridge(
    leg: DialLeg,
    dialAttrs: Record<string, string>,
    bridge: () => Promise<number>,
  ): Promise<number> {
    const legs = this.env.legs;
    const from = dialAttrs.callerId ?? this.setup.caller.number;
    legs?.open({ callSid: leg.callSid, parentCallSid: this.setup.callSid, from, to: leg.target });
    const seconds = await bridge();
    const redirect = legs?.close(leg.callSid) ?? null;
    if (redirect) this.handedOver.set(leg, { talk: phoneOnLine(), redirect });
    return seconds;
  }

  /**
   * `<Dial><Conference>`: the call is in the room until it is removed or the room ends, or it is
   * hung up or redirected (or its softphone hangs up); then the Dial's action, as after a bridge.
   */
  private async conference(
    verb: TwimlElement,
    room: TwimlElement,
    doc: Doc,
    conferences: ConferenceRegistry,
  ): Promise<Step> {
    const entry = this.record(verb);
    const yes = (name: string) => room.attributes[name]?.toLowerCase() === "true";
    const participant = conferences.join(room.text, this.setup.callSid, {
      label: room.attributes.participantLabel ?? null,
      muted: yes("muted"),
      endConferenceOnExit: yes("endConferenceOnExit"),
    });
    const events = this.conferenceEvents(room, doc, participant, conferences);
    const conferenceSid = conferences.find(room.text)?.sid ?? "";
    this.startRoomRecording(room, doc, conferences);
    await events("participant-join");
    let because: LeftBecause | "over" = "over";
    void participant.left.then((why) => {
      because = why;
    });
    const ended = Promise.race([
      participant.left,
      this.setup.liveCaller?.ended ?? new Promise<never>(() => {}),
    ]);
    const limit =
      this.timeLimitEndsAt === null ? this.setup.limits.maxSeconds : this.timeLimitEndsAt - this.at;
    this.at += await this.waitLive(ended, int(verb.attributes.timeLimit, limit));
    if (because === "over") conferences.leave(room.text, this.setup.callSid, "hangup");
    await events("participant-leave");
    await this.deliverRoomRecording(conferences, conferenceSid);
    entry.outcome = `conference ${room.text}: ${because === "over" ? "left" : because}`;
    const redirect = this.setup.takeRedirect?.();
    if (redirect) return { kind: "redirected", to: redirect };
    if (this.setup.hangupRequested() || (this.setup.liveCaller && because === "over"))
      return this.hangUpByApi();
    if (!verb.attributes.action) return { kind: "next" };
    const url = this.resolve(verb.attributes.action, doc);
    if (!url) return this.badUrl(verb);
    const params = { DialCallStatus: "completed", DialCallSid: "", DialCallDuration: "0" };
    return {
      kind: "fetch",
      target: { kind: "dial-action", url, method: methodOf(verb.attributes.method), params },
    };
  }

  /** `<Conference record="record-from-start" recordingStatusCallback>`: the room records from now on. */
  private startRoomRecording(room: TwimlElement, doc: Doc, conferences: ConferenceRegistry): void {
    const attrs = room.attributes;
    if (attrs.record !== "record-from-start" || !attrs.recordingStatusCallback) return;
    const url = this.resolve(attrs.recordingStatusCallback, doc);
    if (url)
      conferences.startRecording(room.text, {
        callbackUrl: url,
        callbackMethod: methodOf(attrs.recordingStatusCallbackMethod),
      });
  }

  /**
   * The room ended with a recording: the first participant's run to see it makes it (one mixed
   * channel, as the carrier records a conference) and posts its status, which names the
   * conference and no call.
   */
  private async deliverRoomRecording(conferences: ConferenceRegistry, conferenceSid: string): Promise<void> {
    const made = conferences.takeRecording(conferenceSid);
    if (!made) return;
    const recording: MadeRecording = {
      sid: newSid("RE"),
      callSid: this.setup.callSid,
      durationSeconds: made.seconds,
      startTime: made.recording.startedAt,
      source: "StartConferenceVerb",
      transcription: null,
      channels: 1,
    };
    this.env.saveRecording(recording);
    const params = {
      AccountSid: this.env.accountSid,
      ConferenceSid: conferenceSid,
      RecordingSid: recording.sid,
      RecordingUrl: this.env.recordingUrl(recording.sid),
      RecordingStatus: "completed",
      RecordingDuration: String(recording.durationSeconds),
      RecordingChannels: "1",
      RecordingStartTime: rfc2822(recording.startTime),
      RecordingSource: recording.source,
      ErrorCode: "0",
    };
    const target = {
      kind: "recording-status" as const,
      url: made.recording.callbackUrl,
      method: made.recording.callbackMethod,
      params,
    };
    this.result.webhooks.push(await sendWebhook(this.env, target, { seq: this.env.nextSeq(), at: this.at }));
  }

  /**
   * `<Conference statusCallback statusCallbackEvent="join leave">`: the room's events for this
   * participant, sent as they happen (the carrier's `participant-join` and `participant-leave`).
   */
  private conferenceEvents(
    room: TwimlElement,
    doc: Doc,
    participant: Participant,
    conferences: ConferenceRegistry,
  ) {
    const attrs = room.attributes;
    const url = attrs.statusCallback ? this.resolve(attrs.statusCallback, doc) : null;
    const wanted = new Set((attrs.statusCallbackEvent ?? "").split(/[\s,]+/).filter(Boolean));
    // The room's sid as the participant joined it (an ended room is no longer found by name).
    const conferenceSid = conferences.find(room.text)?.sid ?? "";
    return async (event: "participant-join" | "participant-leave") => {
      if (!url || !wanted.has(event.replace("participant-", ""))) return;
      const params = {
        AccountSid: this.env.accountSid,
        ConferenceSid: conferenceSid,
        FriendlyName: room.text,
        StatusCallbackEvent: event,
        CallSid: this.setup.callSid,
        Muted: String(participant.muted),
        Hold: String(participant.hold),
        Coaching: "false",
        EndConferenceOnExit: String(participant.endConferenceOnExit),
        StartConferenceOnEnter: "true",
        SequenceNumber: String(this.conferenceSeq++),
        Timestamp: rfc2822(new Date()),
      };
      const method = methodOf(attrs.statusCallbackMethod);
      const exchange = await sendWebhook(
        this.env,
        { kind: "conference-status", url, method, params },
        { seq: this.env.nextSeq(), at: this.at },
      );
      this.result.webhooks.push(exchange);
    };
  }

  /**
   * Real seconds until `ended`, the app hangs the call up or redirects it (or the bridged leg,
   * `legRedirected`), or the limit passes.
   */
  private async waitLive(
    ended: Promise<unknown>,
    limitSeconds: number,
    legRedirected: () => boolean = () => false,
  ): Promise<number> {
    const startedAt = Date.now();
    let timer: ReturnType<typeof setInterval> | undefined;
    const appEnded = new Promise<void>((resolve) => {
      timer = setInterval(() => {
        const over = this.setup.hangupRequested() || this.setup.redirectPending?.() || legRedirected();
        if (over || elapsedSeconds(startedAt) >= limitSeconds) resolve();
      }, LIVE_POLL_MS);
    });
    await Promise.race([ended, appEnded]);
    clearInterval(timer);
    // A connected call counts at least a second, however quickly it was hung up.
    return Math.min(limitSeconds, Math.max(1, elapsedSeconds(startedAt)));
  }

  /** A live bridge: until the device hangs up, the app hangs the call up, or the limit passes. */
  private async talk(talk: LiveTalk, limitSeconds: number, legSid?: string): Promise<number> {
    if (talk.scriptedSeconds !== undefined) {
      // What a scripted device does while connected (a transfer, say) happens within the bridge.
      await talk.busy;
      return Math.min(limitSeconds, talk.scriptedSeconds);
    }
    const legs = this.env.legs;
    return this.waitLive(talk.ended, limitSeconds, () => Boolean(legSid && legs?.pending(legSid)));
  }

  /** <Dial><Queue>: takes the queue's longest-waiting caller; both talk for this call's talk time. */
  private dequeue(queue: string): { leg: DialLeg; caller: QueuedCaller | undefined } {
    const caller = this.env.queues.dequeue(queue);
    const talkSeconds = Math.max(0, this.setup.script.talkSeconds ?? 10);
    if (caller) caller.bridged = { callSid: this.setup.callSid, talkSeconds };
    const leg: DialLeg = {
      target: queue,
      noun: "Queue",
      callSid: caller?.callSid ?? newSid("CA"),
      outcome: caller ? "answer" : "failed",
      status: caller ? "completed" : "failed",
      ringSeconds: 0,
      talkSeconds: caller ? talkSeconds : 0,
      bridged: false,
    };
    return { leg, caller };
  }

  /**
   * <Enqueue>: the caller waits in the named queue, hearing the wait URL's TwiML (requested again
   * each time it ends) until a <Dial><Queue> takes it, the wait URL says <Leave/>, or the caller
   * gives up (its patience, or MAX_WAIT_ROUNDS rounds). Before each round the sim lets everything
   * due by the caller's time happen, so the app's member calls progress with the wait.
   */
  private async enqueue(verb: TwimlElement, doc: Doc): Promise<Step> {
    const attrs = verb.attributes;
    const name = verb.text;
    const entry = this.record(verb);
    this.result.enqueued = name;
    const waitUrl = attrs.waitUrl ? this.resolve(attrs.waitUrl, doc) : null;
    if (!waitUrl && !attrs.action) {
      // Nothing to wait on and nowhere to go: the sim's part of the call ends in the queue.
      entry.outcome = `enqueued in ${name || "(unnamed queue)"}`;
      return { kind: "end", reason: "enqueue", verb: "Enqueue", detail: name };
    }
    const queued: QueuedCaller = { callSid: this.setup.callSid, bridged: null };
    const queueSid = newSid("QU");
    this.env.queues.enqueue(name, queued);
    const startedAt = this.at;
    const givesUpAt = startedAt + Math.max(0, this.setup.script.patienceSeconds ?? Number.POSITIVE_INFINITY);
    let result: QueueResult = "hangup";
    let rounds = 0;
    let stop: Extract<Step, { kind: "end" }> | null = null;
    for (;;) {
      await this.env.settle(Math.min(this.at, givesUpAt));
      if (queued.bridged) {
        result = "bridged";
        break;
      }
      if (this.setup.hangupRequested()) {
        stop = this.hangUpByApi();
        break;
      }
      if (this.at >= givesUpAt) {
        // Out of patience during the last clip: the caller hung up then.
        this.at = givesUpAt;
        break;
      }
      if (rounds >= MAX_WAIT_ROUNDS || this.at > this.setup.limits.maxSeconds) break;
      rounds++;
      if (waitUrl) {
        const loaded = await this.request({
          kind: "enqueue-wait",
          url: waitUrl,
          method: methodOf(attrs.waitUrlMethod),
          params: {
            QueueSid: queueSid,
            QueuePosition: String(this.env.queues.position(name, queued)),
            QueueTime: String(this.at - startedAt),
            AvgQueueTime: String(this.at - startedAt),
            CurrentQueueSize: String(Math.max(1, this.env.queues.size(name))),
            MaxQueueSize: "100",
          },
        });
        if (!loaded.ok) {
          if (loaded.reason === "webhook-limit")
            stop = { kind: "end", reason: "webhook-limit", detail: loaded.detail };
          result = loaded.reason === "webhook-limit" ? "hangup" : "system-error";
          break;
        }
        const outcome = await this.waitTwiml(loaded.doc);
        if (outcome !== "continue") {
          result = outcome;
          break;
        }
      } else {
        this.at += WAIT_CLIP_SECONDS;
      }
    }
    this.env.queues.remove(name, queued);
    const queueTime = this.at - startedAt;
    const talkSeconds = queued.bridged?.talkSeconds ?? 0;
    if (result === "bridged") this.at += talkSeconds;
    this.result.queueWaits.push({
      seq: entry.seq,
      at: this.at,
      queue: name,
      result,
      queueTime,
      waitRounds: rounds,
      bridgedWith: queued.bridged?.callSid ?? null,
      talkSeconds,
    });
    entry.outcome = `${result} after ${queueTime}s in ${name || "(unnamed queue)"}`;
    if (stop) return stop;
    const hungUp = result === "hangup";
    if (hungUp) this.hungUp = true;
    if (hungUp && this.setup.script.loseQueueAction)
      return { kind: "end", reason: "caller-hangup", verb: "Enqueue", detail: "action lost" };
    if (!attrs.action) {
      if (result === "leave") return { kind: "next" };
      return {
        kind: "end",
        reason: hungUp ? "caller-hangup" : "end-of-twiml",
        verb: "Enqueue",
        detail: result,
      };
    }
    const url = this.resolve(attrs.action, doc);
    if (!url) return this.badUrl(verb);
    return {
      kind: "fetch",
      target: {
        kind: "enqueue-action",
        url,
        method: methodOf(attrs.method),
        params: { QueueResult: result, QueueSid: queueSid, QueueTime: String(queueTime) },
      },
      ...(hungUp ? { thenEnd: "caller-hangup" as const } : {}),
    };
  }

  /**
   * One round of a queue's wait TwiML: what is heard, and whether it asks the caller to leave. A
   * <Gather> answered with keys, and a <Redirect>, fetch TwiML that runs in the queue as well.
   */
  private async waitTwiml(doc: Doc): Promise<"continue" | "leave" | "hangup"> {
    for (const verb of doc.response.children) {
      if (++this.verbCount > this.setup.limits.maxVerbs) return "hangup";
      switch (verb.name) {
        case "Play":
          this.prompt(verb, false, WAIT_CLIP_SECONDS);
          break;
        case "Say":
        case "Pause":
          this.prompt(verb, false);
          break;
        case "Gather": {
          const step = await this.gather(verb, doc, true);
          if (step.kind === "fetch") return this.waitFetch(step.target);
          if (step.kind === "end") return "hangup";
          break;
        }
        case "Redirect": {
          this.record(verb);
          const url = this.resolve(verb.text, doc);
          if (!url) return "hangup";
          return this.waitFetch({
            kind: "redirect",
            url,
            method: methodOf(verb.attributes.method),
            params: {},
          });
        }
        case "Leave":
          this.record(verb, { outcome: "left the queue" });
          return "leave";
        case "Hangup":
          this.record(verb);
          return "hangup";
        default:
          this.record(verb, { outcome: "not allowed in a wait URL" });
          this.error(12200, `<${verb.name}> is not allowed in an Enqueue waitUrl`, doc.url ?? undefined);
      }
    }
    return "continue";
  }

  /** TwiML fetched from within the wait URL's (a Gather's action, a Redirect): it runs in the queue. */
  private async waitFetch(target: WebhookTarget): Promise<"continue" | "leave" | "hangup"> {
    const loaded = await this.request(target);
    return loaded.ok ? this.waitTwiml(loaded.doc) : "hangup";
  }

  private async recordVerb(verb: TwimlElement, doc: Doc): Promise<Step> {
    const attrs = verb.attributes;
    const script = this.setup.script;
    const playBeep = attrs.playBeep !== "false";
    const entry = this.record(verb);
    if (playBeep) this.at += 1;
    const maxLength = int(attrs.maxLength, 3600) || 3600;
    const timeout = Math.max(0, int(attrs.timeout, 5));
    const finishOnKey = attrs.finishOnKey ?? "1234567890*#";
    const seconds = Math.max(0, Math.min(script.recordSeconds ?? 5, maxLength));

    if (seconds === 0) {
      // An empty recording: the carrier skips the action and goes on with the next verb.
      this.at += timeout;
      entry.outcome = "empty recording (silence)";
      return { kind: "next" };
    }

    const end = script.recordEnd ?? "timeout";
    const startAt = this.at;
    this.at += seconds;
    let finishedBy = "timeout";
    const params: Record<string, string> = {};
    if (end === "hangup") {
      finishedBy = "hangup";
      params.Digits = "hangup";
      this.hungUp = true;
    } else if (end !== "timeout" && finishOnKey.includes(end)) {
      finishedBy = end;
      params.Digits = end;
    } else {
      this.at += timeout; // trailing silence, trimmed from the recording
    }

    const transcribe = attrs.transcribe === "true" || Boolean(attrs.transcribeCallback);
    const transcription: MadeRecording["transcription"] = transcribe
      ? {
          sid: newSid("TR"),
          // The carrier transcribes recordings of two minutes at most; a silent caller gives no words.
          status: seconds <= 120 ? "completed" : "failed",
          text: seconds <= 120 ? (script.transcriptionText ?? "") : "",
        }
      : null;
    const recording = this.makeRecording(seconds, "RecordVerb", startAt, transcription, finishedBy);
    this.recordingCallbacks(recording, attrs, doc);
    if (transcription && attrs.transcribeCallback) {
      const url = this.resolve(attrs.transcribeCallback, doc);
      if (url) {
        this.result.pending.push({
          kind: "transcription",
          url,
          method: "POST",
          at: this.at,
          idempotencyToken: randomUUID(),
          params: {
            ...callParams(this.env.accountSid, this.setup, "completed"),
            TranscriptionSid: transcription.sid,
            TranscriptionText: transcription.text,
            TranscriptionStatus: transcription.status,
            TranscriptionUrl: this.env.transcriptionUrl(transcription.sid),
            TranscriptionType: "fast",
            RecordingSid: recording.sid,
            RecordingUrl: this.env.recordingUrl(recording.sid),
          },
        });
      }
    }
    entry.outcome = `recorded ${seconds}s, ended by ${finishedBy}`;

    const url = this.resolve(attrs.action, doc);
    if (!url) return this.badUrl(verb);
    params.RecordingUrl = this.env.recordingUrl(recording.sid);
    params.RecordingSid = recording.sid;
    params.RecordingDuration = String(seconds);
    return {
      kind: "fetch",
      target: { kind: "record-action", url, method: methodOf(attrs.method), params },
      ...(this.hungUp ? { thenEnd: "caller-hangup" as const } : {}),
    };
  }

  private makeRecording(
    seconds: number,
    source: MadeRecording["source"],
    startAt: number,
    transcription: MadeRecording["transcription"],
    finishedBy = "call",
    channels = 1,
  ): MadeRecording {
    const recording: MadeRecording = {
      sid: newSid("RE"),
      callSid: this.setup.callSid,
      durationSeconds: seconds,
      startTime: addSeconds(this.setup.startTime, startAt),
      source,
      transcription,
      channels,
    };
    this.env.saveRecording(recording);
    this.result.recordings.push({
      sid: recording.sid,
      url: this.env.recordingUrl(recording.sid),
      durationSeconds: seconds,
      source,
      finishedBy,
      transcription,
    });
    return recording;
  }

  private recordingCallbacks(recording: MadeRecording, attrs: Record<string, string>, doc: Doc): void {
    if (!attrs.recordingStatusCallback) return;
    const url = this.resolve(attrs.recordingStatusCallback, doc);
    if (!url) return;
    this.result.pending.push({
      kind: "recording-status",
      url,
      method: methodOf(attrs.recordingStatusCallbackMethod),
      at: this.at,
      idempotencyToken: randomUUID(),
      params: {
        AccountSid: this.env.accountSid,
        CallSid: this.setup.callSid,
        RecordingSid: recording.sid,
        RecordingUrl: this.env.recordingUrl(recording.sid),
        RecordingStatus: "completed",
        RecordingDuration: String(recording.durationSeconds),
        // A dual recording has each party on a channel of its own.
        RecordingChannels: String(recording.channels),
        RecordingStartTime: rfc2822(recording.startTime),
        RecordingSource: recording.source,
        RecordingTrack: "both",
        ErrorCode: "0",
      },
    });
  }
}

export function runCall(env: RunnerEnv, setup: CallSetup): Promise<CallRunResult> {
  return new CallRun(env, setup).run();
}
