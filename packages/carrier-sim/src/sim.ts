/**
 * The carrier stand-in: places calls and sends texts to the app as the carrier would, and
 * keeps what the app sent back through the REST API (messages, calls) and what it recorded.
 */
import { audioFor, type RecordingFormat } from "./audio";
import { ConferenceRegistry } from "./conferences";
import { type CallbackDelivery, deliverCallbacks, type PendingCallback } from "./delivery";
import { DeviceRegistry, type LiveTalk } from "./devices";
import type { BridgedLegs, HandedOverLeg } from "./legs";
import { type IncomingNumber, NumberInventory } from "./numbers";
import { isPhoneNumber, toE164 } from "./phone";
import { PortingDesk } from "./porting";
import { QueueRegistry } from "./queues";
import { type BundleStatus, bundleStatus, RegulatoryStore, type SimBundle } from "./regulatory";
import { newSid } from "./sids";
import type { HttpMethod, WebhookRequest } from "./signing";
import { runInboundText } from "./sms-runner";
import {
  allCallProgressEvents,
  type CallProgressEvent,
  callProgressCallbacks,
  failureOf,
  messageStatusCallbacks,
  segmentCount,
  type TextOutcome,
} from "./status-callbacks";
import { addSeconds, type SimClock, systemClock } from "./time";
import { TollfreeVerificationRegistry } from "./tollfree-verifications";
import type {
  CallDirection,
  CallStatus,
  CallTranscript,
  OutboundMessage,
  TextTranscript,
  WebhookExchange,
} from "./transcript";
import { hearCall, type SimTranscription, TranscriptionRegistry } from "./transcriptions";
import { fetchTransport, type WebhookResponse, type WebhookTransport } from "./transport";
import {
  type CallerScript,
  type CallLimits,
  type CallParty,
  type CallSetup,
  callParams,
  type DialScript,
  defaultCallLimits,
  type MadeRecording,
  type Redirect,
  type RunnerEnv,
  runCall,
} from "./twiml-runner";

/** How a number of the app answers: what the carrier has configured for it. */
export interface NumberConfig {
  /** The carrier number, E.164. */
  phoneNumber: string;
  voiceUrl: string;
  voiceMethod?: HttpMethod;
  statusCallback?: string;
  statusCallbackMethod?: HttpMethod;
  /** Call progress events sent to statusCallback; default all four. */
  statusCallbackEvents?: CallProgressEvent[];
  smsUrl?: string;
  smsMethod?: HttpMethod;
  /** Where the status of `<Message>` replies without an `action` is reported. */
  smsStatusCallback?: string;
  city?: string;
  state?: string;
  zip?: string;
  country?: string;
}

type Resolved = NumberConfig | null | undefined;

/** How a number bought through the REST API answers: the webhooks it was bought (or updated) with. */
function boughtConfig(number: IncomingNumber): NumberConfig {
  return {
    phoneNumber: number.phoneNumber,
    voiceUrl: number.voiceUrl,
    voiceMethod: number.voiceMethod,
    ...(number.statusCallback
      ? { statusCallback: number.statusCallback, statusCallbackMethod: number.statusCallbackMethod }
      : {}),
    ...(number.smsUrl ? { smsUrl: number.smsUrl, smsMethod: number.smsMethod } : {}),
  };
}

/**
 * Resolves what a caller dials (`+18005550100`, `(800) 555-0100`, `#4LAW`) to the called number:
 * a function (the app's), or a plain map from dialled strings to configurations.
 */
export type NumberDirectory =
  | ((dialled: string) => Resolved | Promise<Resolved>)
  | Record<string, NumberConfig>
  | ReadonlyMap<string, NumberConfig>;

export interface CarrierSimOptions {
  accountSid: string;
  authToken: string;
  /** Where the sim itself is reachable (its plugin's prefix included): recording URLs start here. */
  publicBaseUrl: string | (() => string);
  numbers: NumberDirectory;
  /** How webhooks reach the app; default real HTTP (fetch). */
  transport?: WebhookTransport;
  /** Start time of calls and dates of resources; calls then run on their own virtual timeline. */
  clock?: SimClock;
  limits?: Partial<CallLimits>;
  /** Default order of callbacks (status, recording, transcription); each call or text may override it. */
  callbacks?: CallbackDelivery;
  /** Refuse REST requests whose From is not one of the app's numbers, as the carrier does. Default true. */
  requireOwnedFrom?: boolean;
  /** The account's API keys (sid → secret): softphone access tokens are signed with one of them. */
  apiKeys?: Readonly<Record<string, string>>;
  /** The account's TwiML applications (sid → where a softphone's outgoing calls go). */
  applications?: Readonly<Record<string, TwimlApplication>>;
}

/** A TwiML application: the voice URL a softphone's outgoing call requests, and its status callback. */
export interface TwimlApplication {
  voiceUrl: string;
  voiceMethod?: HttpMethod;
  statusCallback?: string;
}

/** A call a softphone places through a TwiML application. */
export interface ClientCallRequest {
  identity: string;
  applicationSid: string;
  application: TwimlApplication;
  /** The device's parameters (`To` and the app's own), sent with every TwiML request. */
  params: Record<string, string>;
  /** The device on the call: the call lasts until it hangs up. */
  device: LiveTalk;
  /** Told the call's sid as soon as it has one. */
  onStart(call: SimCall): void;
}

export interface PlaceCallRequest extends CallerScript {
  from: string;
  /** What the caller dials: a number in any spelling, or a pound code. */
  to: string;
  fromState?: string;
  fromCountry?: string;
  fromCity?: string;
  fromZip?: string;
  /** The carrier's caller-ID verification sent with the call's requests (`StirVerstat`), e.g. `TN-Validation-Failed-A`. */
  stirVerstat?: string;
  callbacks?: CallbackDelivery;
  /**
   * Virtual seconds after the sim's present the call arrives: callers placed together then take
   * turns on the sim's clock in this order (see `settle`).
   */
  arriveAfterSeconds?: number;
}

export interface SendTextRequest {
  from: string;
  to: string;
  body: string;
  mediaUrls?: string[];
  fromState?: string;
  fromCountry?: string;
  fromCity?: string;
  fromZip?: string;
  callbacks?: CallbackDelivery;
}

/** How the person called by an outbound API call behaves. Default: answers after 2 seconds. */
export interface CalleeScript extends CallerScript {
  outcome?: "answer" | "busy" | "no-answer" | "failed";
  ringSeconds?: number;
}

/** A call the carrier knows: placed to the app, or created by the app through the REST API. */
export interface SimCall {
  sid: string;
  direction: CallDirection;
  from: string;
  to: string;
  status: CallStatus;
  dateCreated: Date;
  dateUpdated: Date;
  startTime: Date | null;
  endTime: Date | null;
  durationSeconds: number | null;
  /** Set when the call has ended. */
  transcript: CallTranscript | null;
  /** A Dial's leg: the call that dialled it. */
  parentCallSid?: string;
}

export interface StoredRecording extends MadeRecording {
  dateCreated: Date;
}

export interface CreateMessageInput {
  from: string;
  to: string;
  body: string;
  mediaUrls?: string[];
  statusCallback?: string;
}

export interface CreateCallInput {
  from: string;
  to: string;
  url?: string;
  method?: HttpMethod;
  twiml?: string;
  statusCallback?: string;
  statusCallbackMethod?: HttpMethod;
  statusCallbackEvents?: CallProgressEvent[];
  /** Seconds to let the callee's phone ring; the carrier's default is 60. */
  timeout?: number;
  /** Most seconds the call may last once answered (REST `TimeLimit`); the carrier then ends it. */
  timeLimit?: number;
  /**
   * The phone rings in real time, not on the sim's clock: someone called into a conference room,
   * where people talk as long as they do.
   */
  ringsInRealTime?: boolean;
}

/** What a REST update of a call came to: the call as it now is, or why nothing changed. */
export type CallUpdate = { outcome: "updated"; call: SimCall } | { outcome: "not-found" | "ended" };

/** How a call the app created ends without being answered. */
type Unanswered = "busy" | "no-answer" | "failed" | "canceled";

/** An outbound call whose callee's phone rings, placed on the sim's timeline (see `settle`). */
interface RingingCall {
  call: SimCall;
  /** Sim time the phone started ringing, and when it stops by itself (answered or given up). */
  since: number;
  until: number;
  /** Goes on once the phone stops ringing by itself: answered, busy, no answer. */
  ringOut(): void;
  /** Ends the call as canceled, after the phone rang `seconds`. */
  cancel(seconds: number): void;
}

export type CarrierSimErrorCode = "unknown-number" | "no-voice-url" | "no-sms-url";

export class CarrierSimError extends Error {
  constructor(
    readonly code: CarrierSimErrorCode,
    message: string,
  ) {
    super(message);
    this.name = "CarrierSimError";
  }
}

/** A callee's script as a Dial leg's: answers after `ringSeconds` (2) unless it says otherwise. */
function dialScriptOf(callee: CalleeScript): DialScript {
  const outcome = callee.outcome ?? "answer";
  return outcome === "answer" ? { outcome, ringSeconds: callee.ringSeconds ?? 2 } : { outcome };
}

const blankParty = (number: string): CallParty => ({ number, city: "", state: "", zip: "", country: "" });

function partyOf(config: NumberConfig): CallParty {
  return {
    number: config.phoneNumber,
    city: config.city ?? "",
    state: config.state ?? "",
    zip: config.zip ?? "",
    country: config.country ?? "",
  };
}

const MEDIA_TYPES: Record<string, string> = {
  jpg: "image/jpeg",
  jpeg: "image/jpeg",
  png: "image/png",
  gif: "image/gif",
  mp4: "video/mp4",
  pdf: "application/pdf",
  vcf: "text/vcard",
};

function mediaTypeOf(url: string): string {
  const extension = /\.([a-z0-9]+)(?:[?#]|$)/i.exec(url)?.[1]?.toLowerCase();
  return (extension && MEDIA_TYPES[extension]) || "application/octet-stream";
}

export class CarrierSim {
  readonly accountSid: string;
  readonly authToken: string;
  private readonly options: CarrierSimOptions;
  private readonly transport: WebhookTransport;
  private readonly clock: SimClock;
  private readonly limits: CallLimits;
  private readonly callStore = new Map<string, SimCall>();
  private readonly messageStore = new Map<string, OutboundMessage>();
  private readonly recordingStore = new Map<string, StoredRecording>();
  private readonly textOutcomes = new Map<string, TextOutcome>();
  private readonly callees = new Map<string, CalleeScript>();
  /** Real-time transcriptions the app asked for, and what each finished call said. */
  private readonly transcriptions: TranscriptionRegistry;
  /** Numbers for sale, numbers bought through the REST API, and emergency addresses. */
  readonly inventory: NumberInventory;
  /** End users, supporting documents and bundles: what buying a number abroad asks for. */
  readonly regulatory = new RegulatoryStore();
  /** Port-in requests, their numbers' states on the sim's clock, and the porting webhooks. */
  readonly porting: PortingDesk = new PortingDesk(this);
  private readonly background = new Set<Promise<void>>();
  /** Background calls waiting in a queue for the others: never waited on by another waiting call. */
  private readonly settling = new Set<Promise<void>>();
  private readonly queues = new QueueRegistry();
  /** Softphones registered by client identity (the browser's device, or a test's scripted one). */
  readonly devices = new DeviceRegistry();
  /** Conference rooms (`<Dial><Conference>`, the participants' REST paths). */
  readonly conferences: ConferenceRegistry;
  /** Toll-free verifications submitted (messaging v1), reviewed through the control endpoint. */
  readonly tollfreeVerifications: TollfreeVerificationRegistry;
  private readonly backgroundErrors: unknown[] = [];
  /** Phones ringing for calls the app created, by CallSid. */
  private readonly ringing = new Map<string, RingingCall>();
  /** New instructions for calls in progress (REST update with Url or Twiml), by CallSid. */
  private readonly redirects = new Map<string, Redirect>();
  /** Softphones ringing for calls the app created, by CallSid: canceling one stops it. */
  private readonly softphoneRings = new Map<string, AbortController>();
  /** Calls in progress the app asked to hang up (Status=completed): they end at their next step. */
  private readonly hangups = new Set<string>();
  /**
   * The sim's own time, in virtual seconds: ringing phones are placed on it, callers waiting in a
   * queue move it forward, and so does a phone that stops ringing.
   */
  private elapsed = 0;
  /** Calls placed to the app that are not over: while one is, time moves only as it waits. */
  private callersOnLine = 0;
  /**
   * Callers placed to the app and not over, with the sim time each waits to reach in a queue
   * (null while it does anything else): a waiting caller goes on only once no other is behind it.
   */
  private readonly lineClock = new Map<symbol, number | null>();
  private lineWaiters: (() => void)[] = [];
  private pumpScheduled = false;

  constructor(options: CarrierSimOptions) {
    this.options = options;
    this.accountSid = options.accountSid;
    this.authToken = options.authToken;
    this.transport = options.transport ?? fetchTransport();
    this.clock = options.clock ?? systemClock;
    this.limits = { ...defaultCallLimits, ...options.limits };
    this.inventory = new NumberInventory(async (e164) => (await this.resolveInDirectory(e164)) !== null);
    this.conferences = new ConferenceRegistry(() => this.clock.now());
    this.tollfreeVerifications = new TollfreeVerificationRegistry(() => this.clock.now());
    this.transcriptions = new TranscriptionRegistry(this.accountSid);
  }

  /** The account's API keys, sid → secret (softphone tokens are signed with them). */
  get apiKeys(): Readonly<Record<string, string>> {
    return this.options.apiKeys ?? {};
  }

  /** The account's TwiML applications, by sid. */
  get applications(): Readonly<Record<string, TwimlApplication>> {
    return this.options.applications ?? {};
  }

  /** Whether REST requests must send From as one of the app's numbers. */
  get requireOwnedFrom(): boolean {
    return this.options.requireOwnedFrom ?? true;
  }

  get publicBaseUrl(): string {
    const base = this.options.publicBaseUrl;
    return (typeof base === "function" ? base() : base).replace(/\/+$/, "");
  }

  /** The carrier's API path of this account, e.g. `/2010-04-01/Accounts/AC…`. */
  get accountPath(): string {
    return `/2010-04-01/Accounts/${this.accountSid}`;
  }

  recordingUrl(sid: string): string {
    return `${this.publicBaseUrl}${this.accountPath}/Recordings/${sid}`;
  }

  now(): Date {
    return this.clock.now();
  }

  /** A bundle's status now, on the sim's clock. */
  bundleStatus(bundle: SimBundle): BundleStatus {
    const compliant = this.regulatory.compliant(bundle, (sid) => this.inventory.address(sid) !== undefined);
    return bundleStatus(bundle, this.clock.now(), compliant);
  }

  /** A reviewer's decision on a submitted bundle (the control endpoint); null when there is no such bundle or it is a draft. */
  decideBundle(sid: string, decision: "approve" | "reject", reason: string | null): SimBundle | null {
    const bundle = this.regulatory.bundles.get(sid);
    if (!bundle?.submittedAt) return null;
    const status = decision === "approve" ? "twilio-approved" : "twilio-rejected";
    bundle.decision = { status, at: this.clock.now(), reason };
    bundle.dateUpdated = this.clock.now();
    return bundle;
  }

  /**
   * Resolves a dialled string: a number bought through the REST API answers on the webhooks it was
   * bought with; otherwise the directory decides.
   */
  async resolveNumber(dialled: string): Promise<NumberConfig | null> {
    const bought = this.inventory.byNumber(toE164(dialled.trim()));
    const listed = await this.resolveInDirectory(dialled);
    // The directory may know more of the number (its place, a status URL for replies).
    return bought ? { ...listed, ...boughtConfig(bought) } : listed;
  }

  /** Resolves a dialled string through the directory: exact, then as E.164, then by carrier number. */
  private async resolveInDirectory(dialled: string): Promise<NumberConfig | null> {
    const directory = this.options.numbers;
    const exact = dialled.trim();
    const e164 = toE164(exact);
    if (typeof directory === "function") {
      return (await directory(exact)) ?? (e164 !== exact ? await directory(e164) : null) ?? null;
    }
    const entries: Iterable<[string, NumberConfig]> =
      directory instanceof Map ? directory.entries() : Object.entries(directory);
    let byNumber: NumberConfig | null = null;
    for (const [key, config] of entries) {
      if (key === exact) return config;
      if (!byNumber && (key === e164 || config.phoneNumber === e164)) byNumber = config;
    }
    return byNumber;
  }

  /** Scripts how a number called by the app (REST Calls.json) behaves. */
  setCallee(number: string, script: CalleeScript): void {
    this.callees.set(toE164(number), script);
  }

  /** Scripts what becomes of texts the app sends to a number. Default: delivered. */
  setTextOutcome(number: string, outcome: TextOutcome): void {
    this.textOutcomes.set(toE164(number), outcome);
  }

  /** Every call, placed to the app or created by it, oldest first. */
  calls(): SimCall[] {
    return [...this.callStore.values()];
  }

  call(sid: string): SimCall | undefined {
    return this.callStore.get(sid);
  }

  /** Every text the app sent: REST-created and `<Message>` replies, oldest first. */
  sentMessages(): OutboundMessage[] {
    return [...this.messageStore.values()];
  }

  message(sid: string): OutboundMessage | undefined {
    return this.messageStore.get(sid);
  }

  recordings(): StoredRecording[] {
    return [...this.recordingStore.values()];
  }

  recording(sid: string): StoredRecording | undefined {
    return this.recordingStore.get(sid);
  }

  /**
   * Starts the real-time transcription of a call (REST `Calls/{Sid}/Transcriptions`): its events
   * go to `statusCallbackUrl` when the call ends, or at once when it has ended (transcriptions.ts).
   */
  startTranscription(
    callSid: string,
    request: {
      name: string | null;
      statusCallbackUrl: string | null;
      method: HttpMethod;
      languageCode: string;
    },
  ): { outcome: "started"; transcription: SimTranscription } | { outcome: "not-found" | "already" } {
    if (!this.callStore.has(callSid)) return { outcome: "not-found" };
    const started = this.transcriptions.start(callSid, request, this.clock.now());
    if (!started) return { outcome: "already" };
    const { transcription, ended } = started;
    if (ended) {
      // After the answer, which shows it in progress.
      this.inBackground(async () => {
        await deliverCallbacks(
          this.courier(),
          this.transcriptions.events(transcription, ended),
          { duplicate: this.options.callbacks?.duplicate ?? false },
          () => 0,
        );
      });
    }
    return { outcome: "started", transcription };
  }

  /** Sends one signed porting webhook; an unreachable app is left to retry nothing (as the carrier). */
  async sendPortingWebhook(request: WebhookRequest): Promise<WebhookResponse | null> {
    try {
      return await this.transport(request);
    } catch {
      return null;
    }
  }

  private courier() {
    return { authToken: this.authToken, transport: this.transport };
  }

  /** Deletes a recording (its media and metadata are no longer served); false when there is none. */
  deleteRecording(sid: string): boolean {
    return this.recordingStore.delete(sid);
  }

  /** The audio of a recording: a WAV tone as long as the recording, or a silent MP3. */
  recordingAudio(sid: string, format: RecordingFormat): Buffer | undefined {
    const recording = this.recordingStore.get(sid);
    return recording ? audioFor(recording.durationSeconds, format, recording.channels) : undefined;
  }

  /**
   * Resolves when every background delivery (REST-created messages and calls) has finished: time
   * runs on until every phone has stopped ringing.
   */
  async idle(): Promise<void> {
    for (;;) {
      if (this.background.size > 0) {
        await Promise.all([...this.background]);
        continue;
      }
      const next = this.nextToStopRinging(Number.POSITIVE_INFINITY);
      if (!next) break;
      this.stopRinging(next);
    }
    const errors = this.backgroundErrors.splice(0);
    if (errors.length > 0) throw new AggregateError(errors, "carrier-sim background work failed");
  }

  /** Forgets calls, messages, recordings and scripts (tests share one sim between cases). */
  reset(): void {
    this.callStore.clear();
    this.messageStore.clear();
    this.recordingStore.clear();
    this.textOutcomes.clear();
    this.transcriptions.clear();
    this.callees.clear();
    this.queues.clear();
    this.devices.clear();
    this.conferences.clear();
    this.tollfreeVerifications.clear();
    for (const ring of this.softphoneRings.values()) ring.abort();
    this.softphoneRings.clear();
    this.ringing.clear();
    this.hangups.clear();
    this.redirects.clear();
    this.inventory.clear();
    this.porting.clear();
  }

  /**
   * A caller waiting in a queue has reached sim time `until`: the sim's background work (calls
   * the app created) runs to its end, except `self` and other waiting calls, and the phones due to
   * stop ringing by then do, one at a time in time order, each after the work the previous one
   * caused (the app taking the caller, ringing the next member, canceling the others). So the
   * waiting caller and the member calls that may take it progress together, deterministically.
   */
  private async settle(self: Promise<void> | null, until: number, caller?: symbol): Promise<void> {
    if (caller) await this.takeTurn(caller, until);
    try {
      await this.settleWork(self, until);
    } finally {
      if (caller && this.lineClock.has(caller)) this.lineClock.set(caller, null);
    }
  }

  /**
   * Several callers on the line share the sim's clock: one waiting to reach `until` goes on once
   * every other caller waits too, none at an earlier time; so callers placed together join a queue,
   * and phones stop ringing, in the order of their times, whatever the order of real events.
   */
  private async takeTurn(caller: symbol, until: number): Promise<void> {
    this.lineClock.set(caller, until);
    this.lineChanged();
    while (!this.mayGoOn(caller, until)) await new Promise<void>((resolve) => this.lineWaiters.push(resolve));
  }

  private mayGoOn(caller: symbol, until: number): boolean {
    for (const [other, at] of this.lineClock)
      if (other !== caller && (at === null || at < until)) return false;
    return true;
  }

  private lineChanged(): void {
    const waiters = this.lineWaiters;
    this.lineWaiters = [];
    for (const wake of waiters) wake();
  }

  private async settleWork(self: Promise<void> | null, until: number): Promise<void> {
    if (self) this.settling.add(self);
    try {
      for (let round = 0; round < 1000; round++) {
        const others = [...this.background].filter((task) => task !== self && !this.settling.has(task));
        if (others.length > 0) {
          await Promise.all(others);
          continue;
        }
        const next = this.nextToStopRinging(until);
        if (!next) break;
        this.stopRinging(next);
      }
      this.elapsed = Math.max(this.elapsed, until);
    } finally {
      if (self) this.settling.delete(self);
    }
  }

  /** The phone due to stop ringing first, by sim time `until` (the earliest placed on a tie). */
  private nextToStopRinging(until: number): RingingCall | undefined {
    let next: RingingCall | undefined;
    for (const ringing of this.ringing.values()) {
      if (ringing.until <= until && (!next || ringing.until < next.until)) next = ringing;
    }
    return next;
  }

  private stopRinging(ringing: RingingCall): void {
    this.ringing.delete(ringing.call.sid);
    this.elapsed = Math.max(this.elapsed, ringing.until);
    ringing.ringOut();
  }

  /**
   * Time moves on by itself when nothing holds it: no call placed to the app is on the line and
   * no background work runs. Then the phone due to stop ringing first does, and so on.
   */
  private pump(): void {
    if (this.pumpScheduled) return;
    this.pumpScheduled = true;
    setImmediate(() => {
      this.pumpScheduled = false;
      if (this.callersOnLine > 0 || this.background.size > 0) return;
      const next = this.nextToStopRinging(Number.POSITIVE_INFINITY);
      if (next) this.stopRinging(next);
    });
  }

  /** A caller dials a number of the app; resolves when the call and its callbacks are over. */
  async placeCall(request: PlaceCallRequest): Promise<CallTranscript> {
    const config = await this.resolveNumber(request.to);
    if (!config) throw new CarrierSimError("unknown-number", `No number answers to ${request.to}`);
    if (!config.voiceUrl) throw new CarrierSimError("no-voice-url", `${config.phoneNumber} has no voice URL`);
    const caller: CallParty = {
      number: isPhoneNumber(request.from) ? toE164(request.from) : request.from,
      city: request.fromCity ?? "",
      state: request.fromState ?? "",
      zip: request.fromZip ?? "",
      country: request.fromCountry ?? "",
    };
    const call = this.newCall("inbound", caller.number, config.phoneNumber);
    call.status = "ringing";
    this.callersOnLine++;
    const line = Symbol(call.sid);
    this.lineClock.set(line, null);
    try {
      return await this.conduct(call, {
        caller,
        called: partyOf(config),
        dialled: request.to,
        start: { url: config.voiceUrl, method: config.voiceMethod ?? "POST" },
        script: request,
        timeBase: this.elapsed + Math.max(0, request.arriveAfterSeconds ?? 0),
        line,
        ringSeconds: 0,
        statusCallback: config.statusCallback
          ? {
              url: config.statusCallback,
              method: config.statusCallbackMethod ?? "POST",
              events: config.statusCallbackEvents ?? allCallProgressEvents,
            }
          : null,
        callbacks: request.callbacks,
        ...(request.stirVerstat ? { params: { StirVerstat: request.stirVerstat } } : {}),
      });
    } finally {
      this.lineClock.delete(line);
      this.lineChanged();
      this.callersOnLine--;
      this.pump();
    }
  }

  /**
   * A softphone calls out through a TwiML application (the Voice SDK's `connect`): the carrier
   * requests the app's voice URL with `From` the client and the device's parameters, and follows
   * its TwiML; the call is answered at once and lasts until the device hangs up.
   */
  async placeClientCall(request: ClientCallRequest): Promise<CallTranscript> {
    const client = `client:${request.identity}`;
    const call = this.newCall("inbound", client, request.params.To ?? "");
    call.status = "in-progress";
    request.onStart(call);
    const { application } = request;
    void request.device.ended.then(() => {
      if (!call.transcript) this.hangups.add(call.sid);
    });
    this.callersOnLine++;
    try {
      return await this.conduct(call, {
        caller: blankParty(client),
        called: blankParty(call.to),
        dialled: call.to,
        start: { url: application.voiceUrl, method: application.voiceMethod ?? "POST" },
        script: this.outsideWorld(),
        timeBase: this.elapsed,
        ringSeconds: 0,
        statusCallback: application.statusCallback
          ? { url: application.statusCallback, method: "POST", events: ["completed"] }
          : null,
        liveCaller: request.device,
        params: { ...request.params, ApplicationSid: request.applicationSid },
      });
    } finally {
      this.callersOnLine--;
      this.pump();
    }
  }

  /**
   * What the numbers a softphone dials do: as scripted with setCallee, and otherwise answer after
   * two seconds, as the people an outbound API call rings do.
   */
  private outsideWorld(): CallerScript {
    const dial: Record<string, DialScript> = {};
    for (const [number, callee] of this.callees) dial[number] = dialScriptOf(callee);
    return { dial, dialDefault: dialScriptOf({}) };
  }

  /** Someone texts a number of the app; resolves when the app answered and replies were reported. */
  async sendText(request: SendTextRequest): Promise<TextTranscript> {
    const config = await this.resolveNumber(request.to);
    if (!config) throw new CarrierSimError("unknown-number", `No number answers to ${request.to}`);
    if (!config.smsUrl) throw new CarrierSimError("no-sms-url", `${config.phoneNumber} has no messaging URL`);
    const mediaUrls = request.mediaUrls ?? [];
    const from = isPhoneNumber(request.from) ? toE164(request.from) : request.from;
    const sid = newSid(mediaUrls.length > 0 ? "MM" : "SM");
    const params: Record<string, string> = {
      ToCountry: config.country ?? "",
      ToState: config.state ?? "",
      SmsMessageSid: sid,
      NumMedia: String(mediaUrls.length),
      ToCity: config.city ?? "",
      FromZip: request.fromZip ?? "",
      SmsSid: sid,
      FromState: request.fromState ?? "",
      SmsStatus: "received",
      FromCity: request.fromCity ?? "",
      Body: request.body,
      FromCountry: request.fromCountry ?? "",
      To: config.phoneNumber,
      ToZip: config.zip ?? "",
      NumSegments: String(segmentCount(request.body)),
      MessageSid: sid,
      AccountSid: this.accountSid,
      From: from,
      ApiVersion: "2010-04-01",
    };
    mediaUrls.forEach((url, i) => {
      params[`MediaUrl${i}`] = url;
      params[`MediaContentType${i}`] = mediaTypeOf(url);
    });
    let seq = 0;
    const nextSeq = () => seq++;
    const result = await runInboundText(
      { authToken: this.authToken, transport: this.transport, nextSeq },
      {
        url: config.smsUrl,
        method: config.smsMethod ?? "POST",
        params,
        replyFrom: config.phoneNumber,
        replyTo: from,
        maxRedirects: 10,
      },
    );
    const webhooks: WebhookExchange[] = [...result.webhooks];
    const replies: OutboundMessage[] = [];
    for (const spec of result.replies) {
      const reply = this.storeMessage({
        direction: "outbound-reply",
        from: spec.from,
        to: spec.to,
        body: spec.body,
        mediaUrls: spec.mediaUrls,
        statusCallback: spec.statusCallback ?? config.smsStatusCallback ?? null,
        inReplyTo: sid,
      });
      const exchanges = await this.deliverMessage(
        reply,
        spec.statusCallbackMethod,
        request.callbacks,
        nextSeq,
      );
      webhooks.push(...exchanges);
      replies.push(reply);
    }
    return {
      messageSid: sid,
      accountSid: this.accountSid,
      from,
      to: config.phoneNumber,
      dialled: request.to,
      body: request.body,
      mediaUrls,
      webhooks,
      replies,
      errors: result.errors,
    };
  }

  /** REST Messages.json: stores the message as queued, then delivers it in the background. */
  async createMessage(input: CreateMessageInput): Promise<OutboundMessage> {
    const message = this.storeMessage({
      direction: "outbound-api",
      from: toE164(input.from),
      to: toE164(input.to),
      body: input.body,
      mediaUrls: input.mediaUrls ?? [],
      statusCallback: input.statusCallback ?? null,
      inReplyTo: null,
    });
    this.inBackground(async () => {
      let seq = 0;
      await this.deliverMessage(message, "POST", undefined, () => seq++);
    });
    return message;
  }

  /**
   * REST Calls.json: stores the call as queued and rings the callee. The phone rings on the sim's
   * timeline until it is answered (then the TwiML is followed) or gives up, or until the app
   * cancels the call.
   */
  async createCall(input: CreateCallInput): Promise<SimCall> {
    const from = toE164(input.from);
    const to = isPhoneNumber(input.to) ? toE164(input.to) : input.to;
    const call = this.newCall("outbound-api", from, to);
    const identity = to.startsWith("client:") ? to.slice("client:".length) : null;
    if (identity && !this.callees.has(to) && this.devices.has(identity))
      return this.ringSoftphone(call, input, identity);
    const callee = this.callees.get(to) ?? {};
    const ringSeconds = Math.max(0, callee.ringSeconds ?? 2);
    const timeout = input.timeout ?? 60;
    const outcome = callee.outcome === undefined || callee.outcome === "answer" ? "answer" : callee.outcome;
    const answers = outcome === "answer" && ringSeconds < timeout;
    const rings = answers ? ringSeconds : outcome === "no-answer" || outcome === "answer" ? timeout : 1;
    const ringsFrom = this.elapsed;
    const end = (seconds: number, unanswered: Unanswered | null) =>
      this.inBackground(async (self) => {
        await this.conduct(call, {
          ...this.outboundPlan(input, call, callee, ringsFrom),
          ringSeconds: seconds,
          unanswered,
          self,
        });
      });
    const ringOutcome = answers ? null : outcome === "answer" ? "no-answer" : outcome;
    if (input.ringsInRealTime) return this.ringInRealTime(call, rings, () => end(rings, ringOutcome), end);
    this.ringing.set(call.sid, {
      call,
      since: ringsFrom,
      until: ringsFrom + rings,
      ringOut: () => end(rings, ringOutcome),
      cancel: (seconds) => end(seconds, "canceled"),
    });
    // The REST answer shows the call queued; its phone rings right after.
    setImmediate(() => {
      if (call.status === "queued") call.status = "ringing";
    });
    this.pump();
    return call;
  }

  /** A phone that rings `seconds` of real time, unless the app cancels the call first. */
  private ringInRealTime(
    call: SimCall,
    seconds: number,
    ringOut: () => void,
    end: (seconds: number, unanswered: Unanswered | null) => void,
  ): SimCall {
    const stop = new AbortController();
    this.softphoneRings.set(call.sid, stop);
    const startedAt = Date.now();
    const timer = setTimeout(() => {
      this.softphoneRings.delete(call.sid);
      ringOut();
    }, seconds * 1000);
    stop.signal.addEventListener("abort", () => {
      clearTimeout(timer);
      this.softphoneRings.delete(call.sid);
      end(Math.ceil((Date.now() - startedAt) / 1000), "canceled");
    });
    setImmediate(() => {
      if (call.status === "queued") call.status = "ringing";
    });
    return call;
  }

  /** What a call the app created follows once its phone stops ringing. */
  private outboundPlan(input: CreateCallInput, call: SimCall, script: CallerScript, ringsFrom: number) {
    return {
      caller: blankParty(call.from),
      called: blankParty(call.to),
      dialled: input.to,
      start: input.url ? { url: input.url, method: input.method ?? "POST" } : { twiml: input.twiml ?? "" },
      script,
      timeBase: ringsFrom,
      timeLimit: input.timeLimit,
      statusCallback: input.statusCallback
        ? {
            url: input.statusCallback,
            method: input.statusCallbackMethod ?? "POST",
            events: input.statusCallbackEvents?.length ? input.statusCallbackEvents : ["completed"],
          }
        : null,
    } satisfies Partial<Parameters<CarrierSim["conduct"]>[1]>;
  }

  /**
   * A call the app created to a softphone that is registered: its devices ring in real time until
   * one takes it (the call's TwiML then runs, bridged until the device hangs up), all decline, the
   * call's Timeout passes, or the app cancels it.
   */
  private ringSoftphone(call: SimCall, input: CreateCallInput, identity: string): SimCall {
    const stop = new AbortController();
    this.softphoneRings.set(call.sid, stop);
    const ringsFrom = this.elapsed;
    const startedAt = Date.now();
    this.inBackground(async (self) => {
      const parameters = { CallSid: call.sid, From: call.from, To: call.to };
      const rung = await this.devices.ring(
        identity,
        { parameters, custom: {} },
        (input.timeout ?? 60) * 1000,
        stop.signal,
      );
      this.softphoneRings.delete(call.sid);
      const talk = rung.outcome === "answer" ? rung.talk : undefined;
      // The member hangs up in the browser: the call ends at its next step (a bridge at once).
      void talk?.ended.then(() => {
        if (!call.transcript && talk.scriptedSeconds === undefined) this.hangups.add(call.sid);
      });
      await this.conduct(call, {
        ...this.outboundPlan(input, call, {}, ringsFrom),
        ringSeconds: Math.ceil((Date.now() - startedAt) / 1000),
        unanswered: rung.outcome === "answer" ? null : rung.outcome,
        self,
        ...(talk ? { liveCaller: talk } : {}),
      });
      talk?.hangUp();
    });
    setImmediate(() => {
      if (call.status === "queued") call.status = "ringing";
    });
    return call;
  }

  /**
   * REST update of a call's Status. A phone still ringing stops at once, whichever the status: the
   * call ends canceled and reports it. A call in progress is hung up at its next step by
   * `completed`; `canceled` leaves it, as the carrier does.
   */
  updateCall(sid: string, status: "canceled" | "completed"): CallUpdate {
    const call = this.callStore.get(sid);
    if (!call) return { outcome: "not-found" };
    const softphone = this.softphoneRings.get(sid);
    if (softphone) {
      call.status = "canceled";
      softphone.abort();
      return { outcome: "updated", call };
    }
    const ringing = this.ringing.get(sid);
    if (ringing) {
      this.ringing.delete(sid);
      call.status = "canceled";
      ringing.cancel(Math.max(0, this.elapsed - ringing.since));
      return { outcome: "updated", call };
    }
    if (call.transcript) return { outcome: "ended" };
    if (status === "completed") this.hangups.add(sid);
    return { outcome: "updated", call };
  }

  /**
   * REST update with Url or Twiml: a call in progress leaves what it is doing at once (a bridge
   * ends, its other leg hangs up) and follows the new TwiML. A call that has not been answered, or
   * has ended, cannot be redirected (the carrier's 21220).
   */
  redirectCall(sid: string, to: Redirect): CallUpdate {
    const call = this.callStore.get(sid);
    if (!call) return { outcome: "not-found" };
    const leg = this.legRedirects.get(sid);
    if (leg !== undefined) {
      this.legRedirects.set(sid, to);
      return { outcome: "updated", call };
    }
    if (call.transcript || this.ringing.has(sid) || this.softphoneRings.has(sid)) return { outcome: "ended" };
    this.redirects.set(sid, to);
    return { outcome: "updated", call };
  }

  /** Softphone legs while bridged (legs.ts): kept as calls, redirectable until the bridge ends. */
  private readonly legRedirects = new Map<string, Redirect | null>();

  private readonly bridgedLegs: BridgedLegs = {
    open: (leg) => {
      const call = this.newCall("outbound-dial", leg.from, leg.to, leg.callSid);
      call.parentCallSid = leg.parentCallSid;
      call.status = "in-progress";
      call.startTime = this.clock.now();
      this.legRedirects.set(leg.callSid, null);
    },
    pending: (callSid) => Boolean(this.legRedirects.get(callSid)),
    hungUp: (callSid) => this.hangups.has(callSid),
    close: (callSid) => {
      const redirect = this.legRedirects.get(callSid) ?? null;
      this.legRedirects.delete(callSid);
      this.hangups.delete(callSid);
      // A leg whose bridge simply ended is over: the Dial reports it (legStatusCallbacks).
      if (!redirect) this.callStore.delete(callSid);
      return redirect;
    },
    continue: (leg) => this.continueLeg(leg),
  };

  /**
   * A softphone leg redirected out of its bridge runs on as a call of its own, as long as its
   * device stays on; it reports its completion (with ParentCallSid) when it really ends.
   */
  private continueLeg(leg: HandedOverLeg): void {
    const call =
      this.callStore.get(leg.callSid) ?? this.newCall("outbound-dial", leg.from, leg.to, leg.callSid);
    void leg.talk.ended.then(() => {
      if (!call.transcript) this.hangups.add(call.sid);
    });
    this.inBackground(async (self) => {
      await this.conduct(call, {
        caller: blankParty(leg.from),
        called: blankParty(leg.to),
        dialled: leg.to,
        start: "twiml" in leg.redirect ? { twiml: leg.redirect.twiml } : leg.redirect,
        script: this.outsideWorld(),
        timeBase: this.elapsed,
        ringSeconds: 0,
        answered: true,
        statusCallback: leg.statusCallback ? { ...leg.statusCallback, events: ["completed"] } : null,
        statusParams: { ParentCallSid: leg.parentCallSid },
        priorSeconds: leg.priorSeconds,
        reportedCallbacks: leg.reported,
        self,
        liveCaller: leg.talk,
      });
      leg.talk.hangUp();
    });
  }

  private newCall(direction: CallDirection, from: string, to: string, sid = newSid("CA")): SimCall {
    const now = this.clock.now();
    const call: SimCall = {
      sid,
      direction,
      from,
      to,
      status: "queued",
      dateCreated: now,
      dateUpdated: now,
      startTime: null,
      endTime: null,
      durationSeconds: null,
      transcript: null,
    };
    this.callStore.set(call.sid, call);
    return call;
  }

  /** Runs a call from its first ring to its last callback, and files the transcript on the call. */
  private async conduct(
    call: SimCall,
    plan: {
      caller: CallParty;
      called: CallParty;
      dialled: string;
      start: CallSetup["start"];
      script: CallerScript;
      /** Sim time at which the call's own virtual second 0 falls. */
      timeBase: number;
      /** A caller placed to the app: takes turns with the others on the sim's clock. */
      line?: symbol;
      ringSeconds: number;
      /** Set when the callee of an outbound call does not pick up, or the app canceled the call. */
      unanswered?: Unanswered | null;
      /** REST `TimeLimit` of a call the app created. */
      timeLimit?: number | undefined;
      statusCallback: { url: string; method: HttpMethod; events: CallProgressEvent[] } | null;
      callbacks?: CallbackDelivery | undefined;
      /** The background task running this call (calls the app created). */
      self?: Promise<void>;
      /** A softphone placed the call: bridges last until it hangs up. */
      liveCaller?: LiveTalk;
      /** Parameters added to every TwiML request (a softphone's own). */
      params?: Record<string, string>;
      /** Answered before its TwiML (a leg redirected out of its bridge); default: outbound API calls. */
      answered?: boolean;
      /** Parameters added to its status callbacks (a leg's ParentCallSid). */
      statusParams?: Record<string, string>;
      /** Seconds it was connected before this run (a leg's bridge): they count in its duration. */
      priorSeconds?: number;
      /** Status callbacks it sent before this run: its own are numbered after them. */
      reportedCallbacks?: number;
    },
  ): Promise<CallTranscript> {
    let seq = 0;
    const nextSeq = () => seq++;
    const startTime = call.dateCreated;
    const identity = {
      callSid: call.sid,
      direction: call.direction,
      caller: plan.caller,
      called: plan.called,
    };
    const env: RunnerEnv = {
      accountSid: this.accountSid,
      authToken: this.authToken,
      transport: this.transport,
      nextSeq,
      recordingUrl: (sid) => this.recordingUrl(sid),
      transcriptionUrl: (sid) => `${this.publicBaseUrl}${this.accountPath}/Transcriptions/${sid}`,
      saveRecording: (recording) => {
        this.recordingStore.set(recording.sid, { ...recording, dateCreated: this.clock.now() });
      },
      queues: this.queues,
      devices: this.devices,
      conferences: this.conferences,
      legs: this.bridgedLegs,
      settle: (at) => this.settle(plan.self ?? null, plan.timeBase + at, plan.line),
    };

    const run = plan.unanswered
      ? null
      : await runCall(env, {
          ...identity,
          startTime,
          start: plan.start,
          answered: plan.answered ?? call.direction === "outbound-api",
          startAt: plan.ringSeconds,
          script: plan.script,
          limits: this.limits,
          ...(plan.timeLimit !== undefined ? { timeLimit: plan.timeLimit } : {}),
          hangupRequested: () => this.hangups.has(call.sid),
          takeRedirect: () => {
            const redirect = this.redirects.get(call.sid) ?? null;
            this.redirects.delete(call.sid);
            return redirect;
          },
          redirectPending: () => this.redirects.has(call.sid),
          ...(plan.liveCaller ? { liveCaller: plan.liveCaller } : {}),
          ...(plan.params ? { params: plan.params } : {}),
        });
    this.hangups.delete(call.sid);
    this.redirects.delete(call.sid);
    const endedAt = run ? run.ended.at : plan.ringSeconds;
    const answeredAt = run?.answeredAt ?? null;
    const status: CallStatus = plan.unanswered ?? run?.status ?? "completed";
    const durationSeconds = (run?.durationSeconds ?? 0) + (plan.priorSeconds ?? 0);

    const pending: PendingCallback[] = [...(run?.pending ?? [])];
    if (plan.statusCallback) {
      pending.push(
        ...callProgressCallbacks(
          {
            params: (callStatus) => ({
              ...callParams(this.accountSid, identity, callStatus),
              ...plan.statusParams,
            }),
            startTime,
            ringingAt: 0,
            answeredAt,
            endedAt,
            finalStatus: status,
            durationSeconds,
            firstSequence: plan.reportedCallbacks ?? 0,
          },
          plan.statusCallback,
        ),
      );
    }
    const callbacks = await deliverCallbacks(
      { authToken: this.authToken, transport: this.transport },
      pending,
      plan.callbacks ?? this.options.callbacks,
      nextSeq,
    );

    // What was said, for a real-time transcription asked for now or later.
    const hearing = hearCall(call.sid, startTime, plan.script, {
      dials: run?.dials ?? [],
      ended: run?.ended ?? { reason: "not-answered", at: endedAt, url: null },
    });
    const transcribing = this.transcriptions.ended(hearing);
    if (transcribing)
      callbacks.push(
        ...(await deliverCallbacks(
          this.courier(),
          this.transcriptions.events(transcribing, hearing),
          { duplicate: (plan.callbacks ?? this.options.callbacks)?.duplicate ?? false },
          nextSeq,
        )),
      );

    const transcript: CallTranscript = {
      callSid: call.sid,
      accountSid: this.accountSid,
      direction: call.direction,
      from: plan.caller.number,
      to: plan.called.number,
      dialled: plan.dialled,
      startTime: startTime.toISOString(),
      answeredAt,
      durationSeconds,
      status,
      webhooks: [...(run?.webhooks ?? []), ...callbacks],
      verbs: run?.verbs ?? [],
      spoken: run?.spoken ?? [],
      played: run?.played ?? [],
      gathers: run?.gathers ?? [],
      dials: run?.dials ?? [],
      recordings: run?.recordings ?? [],
      enqueued: run?.enqueued ?? null,
      queueWaits: run?.queueWaits ?? [],
      errors: run?.errors ?? [],
      ended: run?.ended ?? { reason: "not-answered", at: endedAt, url: null, detail: status },
    };
    Object.assign(call, {
      status,
      startTime: answeredAt === null ? null : addSeconds(startTime, answeredAt),
      endTime: addSeconds(startTime, endedAt),
      durationSeconds,
      dateUpdated: addSeconds(startTime, endedAt),
      transcript,
    });
    return transcript;
  }

  private storeMessage(
    fields: Pick<
      OutboundMessage,
      "direction" | "from" | "to" | "body" | "mediaUrls" | "statusCallback" | "inReplyTo"
    >,
  ): OutboundMessage {
    const now = this.clock.now();
    const message: OutboundMessage = {
      ...fields,
      sid: newSid(fields.mediaUrls.length > 0 ? "MM" : "SM"),
      numSegments: segmentCount(fields.body),
      status: "queued",
      errorCode: null,
      errorMessage: null,
      dateCreated: now,
      dateSent: null,
      dateUpdated: now,
      callbacks: [],
    };
    this.messageStore.set(message.sid, message);
    return message;
  }

  /** Moves a message to its scripted outcome and reports each step to its status callback. */
  private async deliverMessage(
    message: OutboundMessage,
    method: HttpMethod,
    delivery: CallbackDelivery | undefined,
    nextSeq: () => number,
  ): Promise<WebhookExchange[]> {
    const outcome = this.textOutcomes.get(message.to) ?? "delivered";
    const failure = failureOf(outcome);
    const now = this.clock.now();
    Object.assign(message, {
      status: outcome,
      dateSent: outcome === "failed" ? null : now,
      dateUpdated: now,
      errorCode: failure?.code ?? null,
      errorMessage: failure?.message ?? null,
    });
    const exchanges = await deliverCallbacks(
      { authToken: this.authToken, transport: this.transport },
      messageStatusCallbacks(this.accountSid, message, outcome, method),
      delivery ?? this.options.callbacks,
      nextSeq,
    );
    message.callbacks.push(...exchanges);
    return exchanges;
  }

  /** Starts work after the current request has been answered (the REST resource shows it queued). */
  private inBackground(work: (self: Promise<void>) => Promise<void>): void {
    const task: Promise<void> = new Promise((resolve) => setImmediate(resolve))
      .then(() => work(task))
      .catch((error: unknown) => {
        this.backgroundErrors.push(error);
      })
      .finally(() => {
        this.background.delete(task);
        this.pump();
      });
    this.background.add(task);
  }
}

export function createCarrierSim(options: CarrierSimOptions): CarrierSim {
  return new CarrierSim(options);
}
