import type { DeviceCallParameters } from "@poundline/carrier-sim/device-protocol";

/**
 * The one softphone the console's UI talks to. Its names are those of the carrier's Voice SDK
 * (`@twilio/voice-sdk`: Device and Call), so the carrier's adapter is thin; the simulator's
 * device (sim-device.ts) does the same over the embedded simulator's socket.
 */

export type SoftphoneCallParameters = DeviceCallParameters;

/** What a device sends with an outgoing call (the contracts' outgoingCallParamsSchema). */
export interface OutgoingCallParams {
  To: string;
  /** The id of the account's number to show; absent, the member's default caller ID. */
  CallerId?: string;
}

/** As the SDK's `Call.CallDirection`. */
export type CallDirection = "INCOMING" | "OUTGOING";

/** A failure the device or a call reports: the SDK's TwilioError code and message, or the sim's. */
export interface SoftphoneError {
  code: string | number;
  message: string;
}

export interface SoftphoneCallEvents {
  /** The call is connected. */
  accept: () => void;
  /** An outgoing call has its sid and rings the other side. */
  ringing: () => void;
  /** The call ended, whoever ended it. */
  disconnect: () => void;
  /** An incoming call stopped ringing here before it was answered. */
  cancel: () => void;
  /** This device turned an incoming call down. */
  reject: () => void;
  mute: (muted: boolean) => void;
  error: (error: SoftphoneError) => void;
}

export interface SoftphoneCall {
  /** CallSid, From and To; an outgoing call's CallSid is "" until it rings (or, on the carrier, connects). */
  readonly parameters: SoftphoneCallParameters;
  /** What the TwiML application sent with an incoming call (`<Client>`'s `<Parameter>`s), as the SDK's. */
  readonly customParameters: ReadonlyMap<string, string>;
  readonly direction: CallDirection;
  accept(): void;
  reject(): void;
  disconnect(): void;
  mute(shouldMute: boolean): void;
  isMuted(): boolean;
  /** Keypad tones (0-9, *, #, w for a pause). */
  sendDigits(digits: string): void;
  on<E extends keyof SoftphoneCallEvents>(event: E, listener: SoftphoneCallEvents[E]): void;
}

export interface SoftphoneDeviceEvents {
  incoming: (call: SoftphoneCall) => void;
  registered: () => void;
  unregistered: () => void;
  error: (error: SoftphoneError) => void;
  /** The token ends soon: give a new one with updateToken. */
  tokenWillExpire: () => void;
}

export interface SoftphoneDevice {
  /** Registers for incoming calls; settles once the carrier (or sim) has said yes or no. */
  register(): Promise<void>;
  /** Places a call through the token's TwiML application. */
  connect(options: { params: OutgoingCallParams }): Promise<SoftphoneCall>;
  updateToken(token: string): void;
  on<E extends keyof SoftphoneDeviceEvents>(event: E, listener: SoftphoneDeviceEvents[E]): void;
  destroy(): void;
}

/**
 * The call the console knows this one by: an incoming call's leg to the browser names the
 * caller's call in its `ParentCallSid` parameter; an outgoing call is its own.
 */
export function loggedCallSid(call: SoftphoneCall): string {
  if (call.direction === "INCOMING")
    return call.customParameters.get("ParentCallSid") ?? call.parameters.CallSid;
  return call.parameters.CallSid;
}

/** The number at the other end: the caller of an incoming call, the number dialled of an outgoing one. */
export const otherParty = (call: SoftphoneCall) =>
  call.direction === "INCOMING" ? call.parameters.From : call.parameters.To;

/** Keypad tones a call may send, as the SDK accepts them. */
export const DIGITS_PATTERN = /^[0-9*#w]+$/;

/** A small typed event emitter: listeners per event, called in the order they were added. */
export function createEmitter<Events extends { [E in keyof Events]: (...args: never[]) => void }>() {
  const listeners = new Map<keyof Events, Set<(...args: never[]) => void>>();
  return {
    on<E extends keyof Events>(event: E, listener: Events[E]) {
      let set = listeners.get(event);
      if (!set) {
        set = new Set();
        listeners.set(event, set);
      }
      set.add(listener);
    },
    emit<E extends keyof Events>(event: E, ...args: Parameters<Events[E]>) {
      for (const listener of listeners.get(event) ?? [])
        (listener as (...a: Parameters<Events[E]>) => void)(...args);
    },
    clear() {
      listeners.clear();
    },
  };
}
