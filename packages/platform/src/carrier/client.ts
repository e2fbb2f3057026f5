import twilio from "twilio";
import { carrierHttpClient } from "./api-url";
import type { CarrierConfig } from "./config";

/** The twilio package's HTTP client: the carrier simulator provides one that reaches it instead. */
export type RequestClient = twilio.RequestClient;

export interface SendMessageInput {
  from: string;
  to: string;
  body: string;
  /** Where the carrier posts the delivery status (…/twilio/sms/status). */
  statusCallback: string;
}

interface CallPlacement {
  from: string;
  to: string;
  /** Where the carrier posts the call's progress (…/twilio/voice/status). */
  statusCallback: string;
  /** Seconds to let the callee's phone ring before the call ends as no-answer (carrier default 60). */
  timeout?: number;
  /** Seconds the call may last once answered: the carrier ends it then (the prepaid minutes). */
  timeLimit?: number;
}

/**
 * A call to place: its TwiML fetched from `url` once it is answered, or given as `twiml` (a call
 * whose words are known in advance, such as a verification code, needs no webhook).
 */
export type CreateCallInput = CallPlacement &
  ({ url: string; twiml?: undefined } | { twiml: string; url?: undefined });

/**
 * How to end a call: `canceled` stops a call that is still queued or ringing (a call in progress
 * goes on); `completed` hangs up a call in progress too.
 */
export type CallEnding = "canceled" | "completed";

/** What the carrier answered: its id of the resource and the status it starts in. */
export interface CarrierResource {
  sid: string;
  status: string;
}

/** A text as the carrier holds it: with the error code of a failed delivery. */
export interface CarrierMessage extends CarrierResource {
  errorCode: number | null;
}

/** Outbound calls and texts: the one port through which we ask the carrier for anything. */
export interface CarrierClient {
  sendMessage(input: SendMessageInput): Promise<CarrierMessage>;
  /** The carrier's current view of a message we sent. */
  fetchMessage(sid: string): Promise<CarrierMessage>;
  createCall(input: CreateCallInput): Promise<CarrierResource>;
  /** Ends a call we placed; a call the carrier no longer has, or that has already ended, is left as it is. */
  updateCall(sid: string, update: { status: CallEnding }): Promise<void>;
}

/** The carrier refused a request (a 4xx with its error code) or failed (5xx). */
export class CarrierError extends Error {
  constructor(
    message: string,
    /** HTTP status of the carrier's answer. */
    readonly status: number,
    /** The carrier's error code (21211 invalid To, 21610 unsubscribed recipient, …), when it gave one. */
    readonly code: number | null,
  ) {
    super(message);
    this.name = "CarrierError";
  }
}

/** The carrier's error code for a recipient who texted STOP to the sending number. */
export const UNSUBSCRIBED_RECIPIENT = 21610;

/** The carrier's error code for changing a call that is no longer in progress (it has ended). */
export const CALL_NOT_IN_PROGRESS = 21220;

export function carrierError(err: unknown): unknown {
  if (err instanceof twilio.RestException) return new CarrierError(err.message, err.status, err.code ?? null);
  return err;
}

export interface CarrierClientOptions {
  carrier: CarrierConfig;
  /** Required in simulator mode (the simulator's RequestClient); optional with a real carrier account. */
  httpClient?: RequestClient;
}

/**
 * The official twilio package's REST client for the carrier: the carrier's own, or the one its
 * `TWILIO_API_URL` names, or in simulator mode the simulator's, which must be given, so nothing
 * ever reaches the real carrier with the simulator's credentials.
 */
export function carrierRest(options: CarrierClientOptions) {
  const { carrier } = options;
  const httpClient = options.httpClient ?? carrierHttpClient(carrier);
  if (carrier.mode === "simulator" && !httpClient) {
    throw new Error(
      "The carrier is in simulator mode (no TWILIO_ACCOUNT_SID/TWILIO_AUTH_TOKEN): pass the carrier " +
        "simulator's RequestClient as httpClient.",
    );
  }
  return twilio(carrier.accountSid, carrier.authToken, httpClient ? { httpClient } : {});
}

/**
 * The carrier client over the official twilio package. With a real carrier account it talks to
 * the carrier; in simulator mode it must be handed the simulator's RequestClient, so nothing
 * ever reaches the real carrier with the simulator's credentials.
 */
export function createCarrierClient(options: CarrierClientOptions): CarrierClient {
  const rest = carrierRest(options);

  return {
    async sendMessage(input) {
      try {
        const message = await rest.messages.create({
          from: input.from,
          to: input.to,
          body: input.body,
          statusCallback: input.statusCallback,
        });
        return { sid: message.sid, status: message.status, errorCode: message.errorCode ?? null };
      } catch (err) {
        throw carrierError(err);
      }
    },
    async fetchMessage(sid) {
      try {
        const message = await rest.messages(sid).fetch();
        return { sid: message.sid, status: message.status, errorCode: message.errorCode ?? null };
      } catch (err) {
        throw carrierError(err);
      }
    },
    async createCall(input) {
      try {
        const call = await rest.calls.create({
          from: input.from,
          to: input.to,
          ...(input.url !== undefined ? { url: input.url } : { twiml: input.twiml }),
          statusCallback: input.statusCallback,
          statusCallbackEvent: ["initiated", "ringing", "answered", "completed"],
          ...(input.timeout !== undefined ? { timeout: input.timeout } : {}),
          ...(input.timeLimit !== undefined ? { timeLimit: input.timeLimit } : {}),
        });
        return { sid: call.sid, status: call.status };
      } catch (err) {
        throw carrierError(err);
      }
    },
    async updateCall(sid, update) {
      try {
        await rest.calls(sid).update({ status: update.status });
      } catch (err) {
        // Gone (404) or already over: the call is ended, which is what was asked.
        if (err instanceof twilio.RestException && (err.status === 404 || err.code === CALL_NOT_IN_PROGRESS))
          return;
        throw carrierError(err);
      }
    },
  };
}
