/**
 * The legs a `<Dial>` bridged to a softphone, while bridged: the app may redirect one through the
 * REST API (its CallSid), as the carrier allows for a child call. The bridge then ends, the
 * parent call goes on to its Dial's action, and the leg follows the new TwiML with its device
 * still connected (how a call answered in a browser is moved into a conference).
 */
import type { LiveTalk } from "./devices";
import type { HttpMethod } from "./signing";
import type { Redirect } from "./twiml-runner";

/** A leg leaving its bridge for new TwiML: what the sim needs to run it on as a call of its own. */
export interface HandedOverLeg {
  callSid: string;
  parentCallSid: string;
  from: string;
  to: string;
  talk: LiveTalk;
  redirect: Redirect;
  /** The `<Client statusCallback>`: reported when the leg really ends. */
  statusCallback: { url: string; method: HttpMethod } | null;
  /** Seconds the leg was bridged before it was handed over (its duration counts them). */
  priorSeconds: number;
  /** Callbacks the leg already sent (its answer): its end's SequenceNumber follows them. */
  reported: number;
}

/** The bridges of softphone legs a parent call holds; the sim keeps them as calls one can update. */
export interface BridgedLegs {
  /** The leg is bridged: it can be fetched and redirected by its CallSid. */
  open(leg: { callSid: string; parentCallSid: string; from: string; to: string }): void;
  /** The app asked for new TwiML for the leg. */
  pending(callSid: string): boolean;
  /** The leg was hung up through the REST API (a phone that hangs up). */
  hungUp(callSid: string): boolean;
  /** The bridge ended: the redirect the app asked for, if any (the leg then runs on). */
  close(callSid: string): Redirect | null;
  /** Runs a handed-over leg on as a call of its own. */
  continue(leg: HandedOverLeg): void;
}
