import VoiceResponse from "twilio/lib/twiml/VoiceResponse";
import {
  CALL_MESSAGES,
  type CallContext,
  type CallStep,
  type DialFollowUp,
  type HuntTarget,
} from "./call-flow";
import { type Greeting, greetingKey } from "./greeting";
import { IVR_DEFAULTS, type IvrMenu, type IvrPosition } from "./ivr";
import { CALLBACK_KEY, CALLBACK_MESSAGES } from "./queue-line";

/** The webhook paths TwiML points back to; the API serves them. */
export const voicePaths = {
  incoming: "/twilio/voice",
  gather: "/twilio/voice/gather",
  dial: "/twilio/voice/dial",
  record: "/twilio/voice/record",
  status: "/twilio/voice/status",
  /** A forwarded leg's completion (`<Number statusCallback>`): it is logged and charged by destination. */
  forwardStatus: "/twilio/voice/forward-status",
  /** The waiting caller's hold music (the queue's wait URL). */
  hold: "/twilio/voice/hold",
  /** A key the waiting caller pressed during the hold music (the wait URL's <Gather> action). */
  queueKey: "/twilio/voice/queue-key",
  /** The callback number the caller typed after leaving the line to be called back. */
  queueCallback: "/twilio/voice/queue-callback",
  /** Where the caller goes when it leaves the queue (the Enqueue action). */
  queueResult: "/twilio/voice/queue-result",
  /** A ring group member's call, once answered. */
  member: "/twilio/voice/member",
  memberStatus: "/twilio/voice/member-status",
  /** The ZIP or postal code a shared number's caller gave when asked (location-prompt.ts). */
  location: "/twilio/voice/location",
  /** A console try-it call's first request: its token in the query says which menus it walks. */
  tryIt: "/twilio/voice/try",
  /** A softphone's outgoing call (the TwiML application's voice URL). */
  softphone: "/twilio/voice/softphone",
  /** A softphone's outgoing `<Dial>` ended: into its call room when the member moved the call there. */
  softphoneDialEnd: "/twilio/voice/softphone-dial-end",
  /** A call room's events (`<Conference statusCallback>`): who joined and left (calls/rooms.ts). */
  roomEvents: "/twilio/voice/room-events",
  recording: "/twilio/recording",
  transcription: "/twilio/recording/transcription",
  /** A recorded call's recording is ready at the carrier (`<Dial recordingStatusCallback>`): fetched and kept. */
  callRecording: "/twilio/voice/call-recording",
  /** The carrier's real-time transcription of a recorded call (its REST API's StatusCallbackUrl). */
  callTranscription: "/twilio/voice/call-transcription",
} as const;

export const VOICEMAIL_MAX_SECONDS = 120;
/** The most destinations one <Dial> may ring at once (the carrier's limit: ten <Number> nouns). */
export const MAX_DIAL_DESTINATIONS = 10;
/** Silence on a wait URL that has no music to play: the carrier asks again when it ends. */
const HOLD_SILENCE_SECONDS = 10;
export const NO_MESSAGE_TEXT = "We did not receive a message. Goodbye.";
export const MESSAGE_SAVED_TEXT = "Thank you. Your message has been saved. Goodbye.";

export interface TwimlOptions {
  /** Public base URL the carrier reaches us at (action URLs are absolute and signed by the carrier). */
  baseUrl: string;
  /** Ask the carrier to transcribe voicemail. */
  carrierTranscription: boolean;
}

// Call state rides in the query of action URLs: the carrier signs the whole URL, so it cannot be forged.
function contextQuery(context: CallContext): URLSearchParams {
  const q = new URLSearchParams({ a: context.accountId });
  if (context.numberId) q.set("n", context.numberId);
  if (context.ivrVersion) q.set("v", context.ivrVersion);
  return q;
}

export function readContext(query: Record<string, string | undefined>): CallContext | null {
  if (!query.a) return null;
  const context: CallContext = { accountId: query.a, numberId: query.n || null };
  if (query.v) context.ivrVersion = query.v;
  return context;
}

export function readPosition(query: Record<string, string | undefined>): IvrPosition | null {
  if (!query.m) return null;
  const count = (v: string | undefined) => Math.max(0, Math.min(100, Number.parseInt(v ?? "0", 10) || 0));
  return { menuId: query.m, invalidCount: count(query.i), timeoutCount: count(query.t) };
}

export function readFollowUp(query: Record<string, string | undefined>): DialFollowUp | null {
  switch (query.f) {
    case "g":
      return {
        kind: "group",
        target: query.w === "after" ? "after" : "open",
        attempt: Math.max(0, Number.parseInt(query.k ?? "0", 10) || 0),
        rotation: Math.max(0, Number.parseInt(query.r ?? "0", 10) || 0),
      };
    case "e":
      return query.x ? { kind: "extension", extensionId: query.x } : null;
    case "n":
      return { kind: "number" };
    default:
      return null;
  }
}

export function readHuntTarget(query: Record<string, string | undefined>): HuntTarget {
  return query.w === "after" ? "after" : "open";
}

/** A member call of a hunt: the queue (the caller's CallSid), the attempt it belongs to, its seat. */
export interface MemberCallRef {
  queue: string;
  attempt: number;
  /** The seat of the line it rings (queue-seats.ts): on a call while it talks to the caller. */
  seat?: string;
}

export function readMemberCall(query: Record<string, string | undefined>): MemberCallRef | null {
  if (!query.q) return null;
  const attempt = Math.max(0, Number.parseInt(query.k ?? "0", 10) || 0);
  return { queue: query.q, attempt, ...(query.s ? { seat: query.s } : {}) };
}

/** The screening prompt: the key comes back to the incoming call, marked screened (1 routes it on, else it ends). */
function appendScreening(response: VoiceResponse, options: TwimlOptions, prompt: string) {
  const gather = response.gather({
    input: ["dtmf"],
    numDigits: 1,
    timeout: SCREENING_TIMEOUT_SECONDS,
    action: url(options, voicePaths.incoming, new URLSearchParams({ screened: "1" })),
    method: "POST",
  });
  say(gather, prompt);
  response.hangup();
}

/** How long a screened caller has to press 1. */
const SCREENING_TIMEOUT_SECONDS = 8;

const url = (options: TwimlOptions, path: string, query: URLSearchParams) =>
  `${options.baseUrl}${path}?${query}`;

function gatherUrl(options: TwimlOptions, context: CallContext, position: IvrPosition) {
  const q = contextQuery(context);
  q.set("m", position.menuId);
  q.set("i", String(position.invalidCount));
  q.set("t", String(position.timeoutCount));
  return url(options, voicePaths.gather, q);
}

function dialUrl(options: TwimlOptions, context: CallContext, followUp: DialFollowUp) {
  const q = contextQuery(context);
  if (followUp.kind === "group") {
    q.set("f", "g");
    q.set("w", followUp.target);
    q.set("k", String(followUp.attempt));
    q.set("r", String(followUp.rotation));
  } else if (followUp.kind === "extension") {
    q.set("f", "e");
    q.set("x", followUp.extensionId);
  } else {
    q.set("f", "n");
  }
  return url(options, voicePaths.dial, q);
}

export function holdUrl(options: TwimlOptions, context: CallContext, target: HuntTarget): string {
  const q = contextQuery(context);
  q.set("w", target);
  return url(options, voicePaths.hold, q);
}

/** Where a key pressed during the hold music goes (the wait URL's <Gather> action). */
export function queueKeyUrl(options: TwimlOptions, context: CallContext): string {
  return url(options, voicePaths.queueKey, contextQuery(context));
}

/** The member call's TwiML URL and status callback, carrying the queue and the attempt. */
export function memberUrls(options: TwimlOptions, context: CallContext, member: MemberCallRef) {
  const q = contextQuery(context);
  q.set("q", member.queue);
  q.set("k", String(member.attempt));
  if (member.seat) q.set("s", member.seat);
  return {
    url: url(options, voicePaths.member, q),
    statusCallback: url(options, voicePaths.memberStatus, q),
  };
}

/**
 * Characters a TwiML document must not carry: those XML 1.0 forbids (the builder throws on them),
 * C1 controls and DEL (legal XML, nothing a voice should read), and U+FFFE/U+FFFF and lone
 * surrogates (not characters). Tabs and line breaks are legal but mean nothing to speech.
 */
const UNSAFE_TEXT =
  // biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is the point.
  /[\u0000-\u001f\u007f-\u009f\ufffe\uffff]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;

/**
 * Stored text (a company name, a greeting, a forwarding number) made safe for TwiML: every
 * unsafe character becomes a space, runs of spaces become one, and the ends are trimmed.
 */
export function twimlText(text: string | null | undefined): string {
  return (text ?? "").replace(UNSAFE_TEXT, " ").replace(/\s+/g, " ").trim();
}

/** <Say> the text, unless nothing is left of it to say. */
function say(
  target: VoiceResponse | VoiceResponse.Gather,
  text: string | null | undefined,
  attributes: VoiceResponse.SayAttributes = {},
) {
  const safe = twimlText(text);
  if (safe) target.say(attributes, safe);
}

/**
 * The greeting's voice and language as <Say> attributes; the carrier's defaults are left out, so
 * a menu that never chose a voice speaks exactly as before voices could be chosen.
 */
export function greetingVoiceAttributes(menu: Pick<IvrMenu, "greetingVoice" | "greetingLanguage">) {
  const attributes: VoiceResponse.SayAttributes = {};
  const voice = menu.greetingVoice ?? IVR_DEFAULTS.greetingVoice;
  const language = menu.greetingLanguage ?? IVR_DEFAULTS.greetingLanguage;
  if (voice !== IVR_DEFAULTS.greetingVoice)
    attributes.voice = voice as NonNullable<VoiceResponse.SayAttributes["voice"]>;
  if (language !== IVR_DEFAULTS.greetingLanguage)
    attributes.language = language as NonNullable<VoiceResponse.SayAttributes["language"]>;
  return attributes;
}

function appendGreeting(target: VoiceResponse | VoiceResponse.Gather, menu: IvrMenu) {
  const recording = menu.greetingType === "recording" ? twimlText(menu.greetingRecordingUrl) : "";
  if (recording) target.play(recording);
  else say(target, menu.greetingTts, greetingVoiceAttributes(menu));
}

/**
 * A greeting: its recording played (`<Play>`), or its words said (`<Say>`, in its voice and
 * language). A recording whose URL is blank falls back to nothing; words that are blank say nothing.
 */
export function appendSpoken(
  target: VoiceResponse | VoiceResponse.Gather,
  greeting: Greeting | null | undefined,
) {
  if (!greeting) return;
  if (greeting.kind === "play") {
    const url = twimlText(greeting.url);
    if (url) target.play(url);
    return;
  }
  say(
    target,
    greeting.text,
    greetingVoiceAttributes({ greetingVoice: greeting.voice, greetingLanguage: greeting.language }),
  );
}

/** A <Dial> destination: a SIP address, a client of the carrier's SDKs, or a phone number. */
export type DialDestination =
  | { noun: "Sip"; address: string }
  | { noun: "Client"; identity: string }
  | { noun: "Number"; number: string };

/**
 * The destinations one <Dial> rings: made safe, without blanks or repeats, and at most
 * MAX_DIAL_DESTINATIONS of them. Past the limit the first ones, in the order given, are rung:
 * the carrier refuses a longer <Dial> and nobody would be rung at all.
 */
export function dialDestinations(targets: readonly string[]): DialDestination[] {
  const seen = new Set<string>();
  const destinations: DialDestination[] = [];
  for (const target of targets) {
    if (destinations.length === MAX_DIAL_DESTINATIONS) break;
    const safe = twimlText(target);
    if (!safe || seen.has(safe)) continue;
    seen.add(safe);
    if (/^sips?:/i.test(safe)) destinations.push({ noun: "Sip", address: safe });
    else if (/^client:/i.test(safe)) {
      const identity = safe.slice("client:".length).trim();
      if (identity) destinations.push({ noun: "Client", identity });
    } else destinations.push({ noun: "Number", number: safe });
  }
  return destinations;
}

// Menus are many calls' first answer: their TwiML is built once per menu version and position.
const menuCache = new WeakMap<IvrMenu, Map<string, string>>();

function renderMenu(
  step: Extract<CallStep, { kind: "menu" }>,
  options: TwimlOptions,
  notice: string | undefined,
): string {
  const key = `${options.baseUrl}|${step.context.accountId}|${step.context.numberId}|${step.context.ivrVersion ?? ""}|${step.position.invalidCount}|${step.position.timeoutCount}|${step.preface ?? ""}|${notice ?? ""}|${greetingKey(step.intro)}`;
  let byKey = menuCache.get(step.menu);
  const cached = byKey?.get(key);
  if (cached) return cached;
  const response = new VoiceResponse();
  say(response, notice);
  appendSpoken(response, step.intro);
  const gather = response.gather({
    numDigits: 1,
    timeout: step.menu.timeoutSeconds,
    action: gatherUrl(options, step.context, step.position),
    method: "POST",
    actionOnEmptyResult: true,
    // "#" and "*" can be menu options: no key may end the input early.
    finishOnKey: "",
  });
  say(gather, step.preface);
  appendGreeting(gather, step.menu);
  const xml = response.toString();
  if (!byKey) {
    byKey = new Map();
    menuCache.set(step.menu, byKey);
  }
  // Prefaces and notices come from small sets (the menu's messages), so the cache stays bounded.
  if (byKey.size < 256) byKey.set(key, xml);
  return xml;
}

/** The two ends of the call, as every voice webhook gives them. */
export interface CallParties {
  from: string;
  to: string;
  /** The call's CallSid: names the queue a ring group's caller waits in. */
  callSid?: string;
  /**
   * The call is a leg of another (a browser's callee, transferred): logged by its own report as
   * that call's leg, so its legs' answers do not log it as an incoming call.
   */
  leg?: boolean;
}

/** What <Dial record> is set to when a number records its calls: both parties, on two channels. */
export const DIAL_RECORD_MODE = "record-from-answer-dual";

/** The `<Dial>` attributes of a recorded call: its mode, and where the carrier says the recording is ready. */
export interface DialRecording {
  record: typeof DIAL_RECORD_MODE;
  recordingStatusCallback: string;
  recordingStatusCallbackMethod: "POST";
  recordingStatusCallbackEvent: ["completed"];
}

/** Who the carrier puts on a two-channel recording's first channel: the call that dialled. */
export type RecordingChannelOne = "other" | "team";

/**
 * A recorded `<Dial>`: the carrier posts the finished recording to the call-recording callback,
 * with the call's context. `callerCallSid` names the call the recording belongs to when the
 * `<Dial>` is not on it (a ring group member's call bridged to the waiting caller, `p`); without
 * it, the recording is the call's that dialled. The first channel is the caller's, unless the
 * team's member dialled (`c1=t`: a queue member's answer, a call out from the browser).
 */
export function dialRecording(
  options: TwimlOptions,
  context: CallContext,
  callerCallSid?: string,
  channelOne: RecordingChannelOne = callerCallSid ? "team" : "other",
): DialRecording {
  const q = contextQuery(context);
  if (callerCallSid) q.set("p", callerCallSid);
  if (channelOne === "team") q.set("c1", "t");
  return {
    record: DIAL_RECORD_MODE,
    recordingStatusCallback: url(options, voicePaths.callRecording, q),
    recordingStatusCallbackMethod: "POST",
    recordingStatusCallbackEvent: ["completed"],
  };
}

/** Reads who a recording's first channel is from its callback URL (see dialRecording). */
export const readChannelOne = (query: Record<string, string | undefined>): RecordingChannelOne =>
  query.c1 === "t" ? "team" : "other";

/**
 * Where the carrier posts its real-time transcription of a recorded call: the call's context, and
 * who the call's inbound track is (`c1=t`: the team's member, when the member's call is the one
 * transcribed; else the caller, whose voice comes in on the call that dialled).
 */
export function callTranscriptionUrl(
  options: TwimlOptions,
  context: CallContext,
  inbound: RecordingChannelOne = "other",
): string {
  const q = contextQuery(context);
  if (inbound === "team") q.set("c1", "t");
  return url(options, voicePaths.callTranscription, q);
}

/**
 * A call room's recording, when its call is recorded: the conference from its start (one mixed
 * channel), kept as the caller's call's recording.
 */
export function roomRecording(options: TwimlOptions, context: CallContext, callerCallSid: string) {
  const q = contextQuery(context);
  q.set("p", callerCallSid);
  return {
    record: "record-from-start" as const,
    recordingStatusCallback: url(options, voicePaths.callRecording, q),
    recordingStatusCallbackMethod: "POST" as const,
    recordingStatusCallbackEvent: ["completed" as const],
  };
}

export type RoomRecording = ReturnType<typeof roomRecording>;

/**
 * The events a dialled leg reports: its answer (the console's live view, and the caller's call
 * logged as in progress) and its end (the charge).
 */
const LEG_EVENTS: ("answered" | "completed")[] = ["answered", "completed"];

/** A dialled leg's status URL: the call's context, and its parties (the caller's log is made from them on answer). */
function legStatusUrl(
  options: TwimlOptions,
  context: CallContext,
  parties: CallParties | undefined,
  recorded = false,
) {
  const q = contextQuery(context);
  // A recorded call: its answer asks the carrier's transcriber to hear it (TRANSCRIBER=carrier).
  if (recorded) q.set("r", "1");
  if (parties && !parties.leg) {
    q.set("fr", parties.from);
    q.set("to", parties.to);
  }
  return url(options, voicePaths.forwardStatus, q);
}

/**
 * TwiML for a step of the call flow, built with the carrier's own builder. The parties go into
 * the recording callback's URL: the carrier's recording callback does not repeat them. A notice
 * (the recording consent notice) is said before anything else.
 */
export function renderStep(
  step: CallStep,
  options: TwimlOptions,
  parties?: CallParties,
  notice?: string,
): string {
  if (step.kind === "menu") return renderMenu(step, options, notice);
  const response = new VoiceResponse();
  say(response, notice);
  if ("intro" in step) appendSpoken(response, step.intro);
  switch (step.kind) {
    case "dial": {
      const action = dialUrl(options, step.context, step.followUp);
      const destinations = dialDestinations(step.numbers);
      if (destinations.length === 0) {
        // Nothing left to ring: on as after an unanswered <Dial> (the action reads no-answer).
        response.redirect({ method: "POST" }, action);
        break;
      }
      const dial = response.dial({
        timeout: step.timeoutSeconds,
        action,
        method: "POST",
        answerOnBridge: true,
        ...(step.record ? dialRecording(options, step.context) : {}),
        ...(step.timeLimitSeconds !== undefined ? { timeLimit: step.timeLimitSeconds } : {}),
      });
      // Each number or softphone rung reports its own answer and end: charged by its destination.
      const reports = {
        statusCallback: legStatusUrl(options, step.context, parties, step.record),
        statusCallbackMethod: "POST",
        statusCallbackEvent: LEG_EVENTS,
      } as const;
      for (const destination of destinations) {
        if (destination.noun === "Sip") dial.sip(destination.address);
        else if (destination.noun === "Client")
          ringSoftphone(dial.client(reports), destination.identity, parties);
        else dial.number(reports, destination.number);
      }
      break;
    }
    case "queue": {
      const name = twimlText(parties?.callSid);
      if (!name) {
        // No CallSid to name the queue by: the caller cannot wait, so end as a failed hunt would.
        response.hangup();
        break;
      }
      response.enqueue(
        {
          waitUrl: holdUrl(options, step.context, step.target),
          waitUrlMethod: "POST",
          action: url(options, voicePaths.queueResult, contextQuery(step.context)),
          method: "POST",
        },
        name,
      );
      break;
    }
    case "voicemail": {
      const q = contextQuery(step.context);
      if (step.extensionId) q.set("x", step.extensionId);
      if (parties) {
        q.set("fr", parties.from);
        q.set("to", parties.to);
      }
      appendSpoken(response, step.greeting);
      response.record({
        action: url(options, voicePaths.record, contextQuery(step.context)),
        method: "POST",
        maxLength: VOICEMAIL_MAX_SECONDS,
        playBeep: true,
        finishOnKey: "#",
        recordingStatusCallback: url(options, voicePaths.recording, q),
        recordingStatusCallbackMethod: "POST",
        ...(options.carrierTranscription
          ? { transcribe: true, transcribeCallback: url(options, voicePaths.transcription, q) }
          : {}),
      });
      response.say(NO_MESSAGE_TEXT);
      response.hangup();
      break;
    }
    case "say_goodbye":
      say(response, step.message);
      response.hangup();
      break;
    case "reject":
      response.reject({ reason: "rejected" });
      break;
    case "screen":
      appendScreening(response, options, step.prompt);
      break;
    case "end":
      response.hangup();
      break;
  }
  return response.toString();
}

/**
 * A softphone's `<Client>`: its identity, and the caller's call (its CallSid) as a parameter the
 * device reads, so the member's browser can find the call's log, hold it and transfer it.
 */
function ringSoftphone(client: VoiceResponse.Client, identity: string, parties: CallParties | undefined) {
  client.identity(identity);
  if (parties?.callSid) client.parameter({ name: "ParentCallSid", value: parties.callSid });
}

/**
 * The wait URL while the caller waits: their place in line when it is due, then the hold music
 * once (the carrier asks again when it ends). With `keyUrl`, both play inside a <Gather>, so the
 * caller may press the callback key at any moment.
 */
export function renderHold(holdMusicUrl: string, line: { announce?: string | null; keyUrl?: string } = {}) {
  const response = new VoiceResponse();
  const target = line.keyUrl
    ? response.gather({ input: ["dtmf"], numDigits: 1, timeout: 1, action: line.keyUrl })
    : response;
  say(target, line.announce);
  const music = twimlText(holdMusicUrl);
  if (music) target.play(music);
  else target.pause({ length: HOLD_SILENCE_SECONDS });
  return response.toString();
}

/** A key pressed during the hold music: the callback key leaves the queue; any other plays on. */
export function renderQueueKey(digits: string | undefined): string {
  const response = new VoiceResponse();
  if (digits === CALLBACK_KEY) response.leave();
  return response.toString();
}

/** Out of the queue to be called back: the number to call, typed or the caller's own. */
export function renderCallbackPrompt(options: TwimlOptions, context: CallContext): string {
  const response = new VoiceResponse();
  const gather = response.gather({
    input: ["dtmf"],
    finishOnKey: "#",
    timeout: 10,
    actionOnEmptyResult: true,
    action: url(options, voicePaths.queueCallback, contextQuery(context)),
  });
  say(gather, CALLBACK_MESSAGES.askNumber);
  return response.toString();
}

/** The callback is booked (`message` says where), or could not be: goodbye either way. */
export function renderCallbackBooked(message: string): string {
  const response = new VoiceResponse();
  say(response, message);
  response.hangup();
  return response.toString();
}

/** A member who answered a callback: a whisper, then the caller's number rings from the account's. */
export function renderCallbackDial(
  companyName: string,
  call: { number: string; callerId: string; timeLimit?: number; statusCallback?: string },
): string {
  const response = new VoiceResponse();
  say(response, CALLBACK_MESSAGES.whisper(twimlText(companyName) || "your line"));
  const dial = response.dial({
    callerId: call.callerId,
    ...(call.timeLimit !== undefined ? { timeLimit: call.timeLimit } : {}),
  });
  // The leg to the caller is a call we place: it reports its end, to be logged and charged.
  const reports = call.statusCallback
    ? ({ statusCallback: call.statusCallback, statusCallbackMethod: "POST" } as const)
    : {};
  dial.number(reports, call.number);
  return response.toString();
}

/**
 * Where a leg we dial for a caller's call reports its progress (a callback's `<Number>`): logged
 * and charged as a leg of `callerCallSid` (`p`), whatever call dialled it.
 */
export function callerLegStatusUrl(
  options: TwimlOptions,
  context: CallContext,
  callerCallSid: string,
): string {
  const q = contextQuery(context);
  q.set("p", callerCallSid);
  return url(options, voicePaths.forwardStatus, q);
}

/** The wait URL once nobody is left to ring: the caller leaves the queue (to the Enqueue action). */
export function renderLeave(): string {
  const response = new VoiceResponse();
  response.leave();
  return response.toString();
}

/**
 * A member who answered: a whisper, then the caller waiting in the queue, recorded with
 * `recording` (dialRecording, with the caller's CallSid: the queue's name) when the number records.
 */
export function renderMemberAnswer(companyName: string, queue: string, recording?: DialRecording): string {
  const response = new VoiceResponse();
  const company = twimlText(companyName);
  if (company) say(response, CALL_MESSAGES.whisper(company));
  const name = twimlText(queue);
  if (name) response.dial(recording ?? {}).queue(name);
  else response.hangup();
  return response.toString();
}

/** After <Record>: the caller has left a message. */
export function renderMessageSaved(): string {
  const response = new VoiceResponse();
  response.say(MESSAGE_SAVED_TEXT);
  response.hangup();
  return response.toString();
}

/**
 * Who joins a call room by TwiML: the caller ends it on leaving, the member does not (parties are
 * called in through the participant REST API, with the same options as the member).
 */
export type RoomRole = "caller" | "member";

/** Where a call room reports its participants joining and leaving, for the account's rooms. */
export function roomEventsUrl(options: TwimlOptions, accountId: string): string {
  return url(options, voicePaths.roomEvents, new URLSearchParams({ a: accountId }));
}

/** Conference options of a room's participant, shared by TwiML and the participant REST call. */
export function roomParticipant(
  options: TwimlOptions,
  accountId: string,
  role: RoomRole,
  recording?: RoomRecording,
) {
  return {
    beep: "false" as const,
    startConferenceOnEnter: true,
    endConferenceOnExit: role === "caller",
    statusCallback: roomEventsUrl(options, accountId),
    statusCallbackEvent: ["join", "leave"] as ("join" | "leave")[],
    ...recording,
  };
}

/** Where a party called into a room reports its call: logged and charged as a leg of the caller's call. */
export const roomPartyStatusUrl = (options: TwimlOptions, accountId: string, callerCallSid: string) =>
  callerLegStatusUrl(options, { accountId, numberId: null }, callerCallSid);

/**
 * Into the call room `room`: held, consulted and merged there (issue 24). Whoever joins with
 * `recording` starts the room's recording (the call's number records its calls).
 */
export function renderRoomJoin(
  options: TwimlOptions,
  accountId: string,
  room: string,
  role: RoomRole,
  recording?: RoomRecording,
) {
  const response = new VoiceResponse();
  response.dial().conference(roomParticipant(options, accountId, role, recording), room);
  return response.toString();
}

/** Answer to a webhook that only informs (status callbacks, SMS): an empty response. */
export const EMPTY_TWIML = '<?xml version="1.0" encoding="UTF-8"?><Response/>';
