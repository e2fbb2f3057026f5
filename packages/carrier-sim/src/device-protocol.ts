/**
 * The simulator's softphone socket: what a browser device and the sim say to each other, as the
 * carrier's Voice SDK and its signalling servers would. JSON text frames, one message each.
 * Audio is not simulated: signalling, call states and the call log are.
 *
 * A device opens the socket, registers with its access token (the same JWT the carrier's SDK
 * takes), and then:
 * - is offered the calls that dial its identity (`<Dial><Client>`), and accepts or rejects them;
 * - places calls (`connect`), which the sim sends to the TwiML application of the token's grant;
 * - hangs up, mutes and sends keypad tones on a call it holds.
 */

/** Call parameters as the SDK shows them (`call.parameters`): CallSid, From, To. */
export interface DeviceCallParameters {
  CallSid: string;
  From: string;
  To: string;
}

/** From the device. */
export type DeviceMessage =
  | { type: "register"; token: string }
  /** Take an offered call. */
  | { type: "accept"; callSid: string }
  /** Turn an offered call down: the carrier reports the leg busy. */
  | { type: "reject"; callSid: string }
  /** End the call this device is on (or stop an outgoing call still ringing). */
  | { type: "hangup"; callSid: string }
  | { type: "mute"; callSid: string; muted: boolean }
  /** Keypad tones sent into the call (0-9, *, #, w). */
  | { type: "digits"; callSid: string; digits: string }
  /**
   * Place a call through the token's TwiML application; `params` reach its voice URL as form
   * fields (`To`, and any of the app's own). `ref` names the call until the sim gives its sid.
   */
  | { type: "connect"; ref: string; params: Record<string, string> };

/** From the sim. */
export type SimDeviceMessage =
  | { type: "registered"; identity: string; expiresAt: string }
  /** The token was refused, or a message could not be read. */
  | { type: "error"; code: DeviceErrorCode; message: string; callSid?: string; ref?: string }
  /**
   * A call dials this device: it rings until accepted, rejected or canceled. `customParameters`
   * are the `<Client>`'s `<Parameter>`s (the SDK's `call.customParameters`).
   */
  | { type: "incoming"; parameters: DeviceCallParameters; customParameters: Record<string, string> }
  /** An offered call stopped ringing here: the caller hung up, another device took it, or it timed out. */
  | { type: "canceled"; callSid: string }
  /** The call is connected (an accepted incoming call, or an outgoing call that started). */
  | { type: "accepted"; parameters: DeviceCallParameters }
  /** An outgoing call got its sid and is on its way (`ref` as the device sent it). */
  | { type: "ringing"; ref: string; parameters: DeviceCallParameters }
  | { type: "muted"; callSid: string; muted: boolean }
  /** The call ended, whoever ended it. */
  | { type: "disconnected"; callSid: string };

export type DeviceErrorCode =
  /** The access token is malformed, badly signed or expired (the carrier's 20101/20104). */
  | "invalid-token"
  /** A message came before `register`, or could not be read. */
  | "bad-message"
  /** The call named is not this device's. */
  | "unknown-call"
  /** The token grants no outgoing calls, or its TwiML application is unknown. */
  | "no-application";

/** Where the embedded simulator takes device sockets, under its own prefix. */
export const DEVICE_SOCKET_PATH = "/device";
