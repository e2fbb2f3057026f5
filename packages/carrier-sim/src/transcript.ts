/** What the sim records of a call or a text: every request it made and everything that happened. */
import type { HttpMethod } from "./signing";

/** A Dial's leg is `outbound-dial`; the sim keeps one as a call once the app redirects it. */
export type CallDirection = "inbound" | "outbound-api" | "outbound-dial";
export type CallStatus =
  | "queued"
  | "ringing"
  | "in-progress"
  | "completed"
  | "busy"
  | "failed"
  | "no-answer"
  | "canceled";

export type WebhookKind =
  | "voice" // first TwiML request of a call
  | "gather-action"
  | "dial-action"
  | "record-action"
  | "redirect"
  | "enqueue-wait" // an <Enqueue>'s waitUrl, requested again each time its TwiML ends
  | "enqueue-action" // where the caller goes on leaving the queue (QueueResult)
  | "call-status"
  | "recording-status"
  | "conference-status"
  | "transcription"
  | "sms"
  | "sms-redirect"
  | "message-status";

/** One request the carrier made and what came back. */
export interface WebhookExchange {
  /** Order among all steps of this call or text (webhooks and verbs share the counter). */
  seq: number;
  /** Seconds since the call started, on the virtual clock. */
  at: number;
  kind: WebhookKind;
  url: string;
  method: HttpMethod;
  params: Record<string, string>;
  signature: string;
  /** HTTP status; 0 when the app could not be reached. */
  status: number;
  /** Response body (the TwiML, for TwiML requests). */
  body: string;
  error?: string;
}

/** One TwiML verb as executed. */
export interface VerbExecution {
  seq: number;
  at: number;
  verb: string;
  attributes: Record<string, string>;
  text?: string;
  /** True for Say/Play/Pause nested in Gather. */
  nested?: boolean;
  /** What came of it, in words: "pressed 1", "timed out", "busy", "recorded 5s"… */
  outcome?: string;
}

export interface GatherResult {
  seq: number;
  at: number;
  digits: string;
  speech?: string;
  timedOut: boolean;
  finishedOnKey: string;
  /** Whether the carrier requested the action URL (false: fell through to the next verb). */
  actionRequested: boolean;
}

export type DialOutcome = "answer" | "busy" | "no-answer" | "failed";
export type DialCallStatus = "completed" | "busy" | "no-answer" | "failed" | "canceled";

export interface DialLeg {
  /** The dialled number, client, SIP address, queue or conference name. */
  target: string;
  noun: "Number" | "Client" | "Sip" | "Queue" | "Conference";
  callSid: string;
  outcome: DialOutcome;
  status: DialCallStatus;
  ringSeconds: number;
  talkSeconds: number;
  /** The leg that answered first and was bridged. */
  bridged: boolean;
}

export interface DialResult {
  seq: number;
  at: number;
  legs: DialLeg[];
  dialCallStatus: Exclude<DialCallStatus, "canceled">;
  dialCallSid: string;
  dialCallDuration: number;
  callerId: string | null;
  recordingSid: string | null;
}

export interface RecordingSummary {
  sid: string;
  url: string;
  durationSeconds: number;
  source: "RecordVerb" | "DialVerb" | "StartConferenceVerb";
  /** How the recording stopped: silence timeout, the caller hanging up, or the key pressed. */
  finishedBy: string;
  transcription: { sid: string; status: "completed" | "failed"; text: string } | null;
}

/** How a caller's wait in a queue (<Enqueue>) ended. */
export type QueueResult = "bridged" | "leave" | "hangup" | "system-error";

export interface QueueWait {
  seq: number;
  /** Virtual second the wait ended (for a bridged caller: when the conversation ended). */
  at: number;
  queue: string;
  result: QueueResult;
  /** Seconds spent waiting in the queue. */
  queueTime: number;
  /** How many times the wait URL was requested. */
  waitRounds: number;
  /** The member call that took the caller, when bridged. */
  bridgedWith: string | null;
  talkSeconds: number;
}

export type EndReason =
  | "hangup-verb"
  | "reject"
  | "end-of-twiml"
  | "enqueue"
  | "caller-hangup"
  /** The app hung up the call through the REST API (Status=completed). */
  | "api-hangup"
  | "application-error"
  | "webhook-limit"
  | "verb-limit"
  | "time-limit"
  | "not-answered";

export interface CallEnd {
  reason: EndReason;
  at: number;
  /** URL of the TwiML document being executed when the call ended. */
  url: string | null;
  verb?: string;
  detail?: string;
}

export interface SimError {
  at: number;
  /** The carrier's error code where one fits (11200 HTTP retrieval failure, 12100 parse failure…). */
  code: number;
  message: string;
  url?: string;
}

export interface CallTranscript extends CallRecord {
  callSid: string;
  accountSid: string;
  direction: CallDirection;
  from: string;
  /** The called number, E.164. */
  to: string;
  /** What was dialled (a pound code such as `#4LAW`, or the number). */
  dialled: string;
  startTime: string;
}

/** What following a call's TwiML produced: the body of a transcript. */
export interface CallRecord {
  answeredAt: number | null;
  durationSeconds: number;
  status: CallStatus;
  webhooks: WebhookExchange[];
  verbs: VerbExecution[];
  spoken: string[];
  played: string[];
  gathers: GatherResult[];
  dials: DialResult[];
  recordings: RecordingSummary[];
  enqueued: string | null;
  /** Each wait in a queue: how it ended and who took the caller. */
  queueWaits: QueueWait[];
  errors: SimError[];
  ended: CallEnd;
}

export type MessageStatus =
  | "queued"
  | "sending"
  | "sent"
  | "delivered"
  | "undelivered"
  | "failed"
  | "received";

/** A message the app sent: through the REST API or as a `<Message>` reply. */
export interface OutboundMessage {
  sid: string;
  direction: "outbound-api" | "outbound-reply";
  from: string;
  to: string;
  body: string;
  mediaUrls: string[];
  numSegments: number;
  status: MessageStatus;
  statusCallback: string | null;
  errorCode: number | null;
  errorMessage: string | null;
  dateCreated: Date;
  dateSent: Date | null;
  dateUpdated: Date;
  /** For replies: the inbound message they answer. */
  inReplyTo: string | null;
  /** Status callbacks delivered for this message. */
  callbacks: WebhookExchange[];
}

export interface TextTranscript {
  messageSid: string;
  accountSid: string;
  from: string;
  to: string;
  dialled: string;
  body: string;
  mediaUrls: string[];
  webhooks: WebhookExchange[];
  replies: OutboundMessage[];
  errors: SimError[];
}
