import {
  DEVICE_SOCKET_PATH,
  type DeviceMessage,
  type SimDeviceMessage,
} from "@poundline/carrier-sim/device-protocol";
import { reconnectDelay } from "../live/events";
import {
  type CallDirection,
  createEmitter,
  DIGITS_PATTERN,
  type OutgoingCallParams,
  type SoftphoneCall,
  type SoftphoneCallEvents,
  type SoftphoneCallParameters,
  type SoftphoneDevice,
  type SoftphoneDeviceEvents,
} from "./device";

/** Where the API mounts the embedded simulator (SIM_PREFIX of the carrier's config). */
const SIM_PREFIX = "/carrier-sim";

/** The simulator's device socket on the page's own origin (the session cookie rides along). */
export function simDeviceUrl(location: Pick<Location, "protocol" | "host">): string {
  return `${location.protocol === "https:" ? "wss:" : "ws:"}//${location.host}${SIM_PREFIX}${DEVICE_SOCKET_PATH}`;
}

/** As the SDK's `tokenRefreshMs`: how long before the token's end `tokenWillExpire` is said. */
export const TOKEN_REFRESH_MS = 10_000;

export interface SimDeviceOptions {
  url: string;
  token: string;
  /** The WebSocket constructor (tests pass a fake). */
  WebSocketImpl?: typeof WebSocket;
  setTimer?: (fn: () => void, ms: number) => unknown;
  clearTimer?: (timer: unknown) => void;
  now?: () => number;
}

type Send = (message: DeviceMessage) => void;

/** One call on the simulator's socket: what the UI calls turns into a frame, what the sim says into events. */
class SimCall implements SoftphoneCall {
  readonly events = createEmitter<SoftphoneCallEvents>();
  private muted = false;
  private ended = false;
  private hangupWhenKnown = false;

  constructor(
    readonly direction: CallDirection,
    public parameters: SoftphoneCallParameters,
    readonly customParameters: ReadonlyMap<string, string>,
    private readonly send: Send,
    private readonly forget: (call: SimCall) => void,
  ) {}

  get isEnded() {
    return this.ended;
  }

  on<E extends keyof SoftphoneCallEvents>(event: E, listener: SoftphoneCallEvents[E]) {
    this.events.on(event, listener);
  }

  accept() {
    if (!this.ended) this.send({ type: "accept", callSid: this.parameters.CallSid });
  }

  reject() {
    if (this.ended || this.direction !== "INCOMING") return;
    this.send({ type: "reject", callSid: this.parameters.CallSid });
    this.end("reject");
  }

  disconnect() {
    if (this.ended) return;
    // An outgoing call without its sid yet is hung up as soon as the sim names it.
    if (this.parameters.CallSid) this.send({ type: "hangup", callSid: this.parameters.CallSid });
    else this.hangupWhenKnown = true;
    this.end("disconnect");
  }

  mute(shouldMute: boolean) {
    if (this.ended || !this.parameters.CallSid) return;
    this.send({ type: "mute", callSid: this.parameters.CallSid, muted: shouldMute });
    this.setMuted(shouldMute);
  }

  isMuted() {
    return this.muted;
  }

  sendDigits(digits: string) {
    if (this.ended || !this.parameters.CallSid) return;
    if (!DIGITS_PATTERN.test(digits)) {
      this.events.emit("error", {
        code: "bad-digits",
        message: `Keypad tones are 0-9, * and #: "${digits}"`,
      });
      return;
    }
    this.send({ type: "digits", callSid: this.parameters.CallSid, digits });
  }

  /** The sim named an outgoing call: it rings the other side. */
  ringing(parameters: SoftphoneCallParameters) {
    this.parameters = parameters;
    if (this.hangupWhenKnown) {
      this.send({ type: "hangup", callSid: parameters.CallSid });
      return;
    }
    this.events.emit("ringing");
  }

  accepted(parameters: SoftphoneCallParameters) {
    if (this.ended) return;
    this.parameters = { ...this.parameters, ...parameters };
    this.events.emit("accept");
  }

  setMuted(muted: boolean) {
    if (muted === this.muted) return;
    this.muted = muted;
    this.events.emit("mute", muted);
  }

  end(event: "disconnect" | "cancel" | "reject") {
    if (this.ended) return;
    this.ended = true;
    this.forget(this);
    this.events.emit(event);
  }
}

/**
 * The softphone over the embedded simulator's socket (packages/carrier-sim/src/device-protocol.ts):
 * registers with the access token, is offered the calls that dial it, and places calls. A lost
 * socket is opened again after 1, 2, 5, then every 10 s, and registers again with the latest token.
 */
export function createSimDevice(options: SimDeviceOptions): SoftphoneDevice {
  return new SimDevice(options);
}

class SimDevice implements SoftphoneDevice {
  private readonly events = createEmitter<SoftphoneDeviceEvents>();
  private readonly timers: Pick<Required<SimDeviceOptions>, "setTimer" | "clearTimer" | "now">;
  private readonly bySid = new Map<string, SimCall>();
  /** Outgoing calls the sim has not named yet, by the ref they were placed with. */
  private readonly byRef = new Map<string, SimCall>();
  private token: string;
  private socket: WebSocket | null = null;
  private wanted = false;
  private registered = false;
  private reconnectTimer: unknown = null;
  private expiryTimer: unknown = null;
  private attempt = 0;
  private nextRef = 0;
  private pendingRegister: { resolve: () => void; reject: (error: Error) => void } | null = null;

  constructor(private readonly options: SimDeviceOptions) {
    this.token = options.token;
    this.timers = {
      setTimer: options.setTimer ?? ((fn, ms) => setTimeout(fn, ms)),
      clearTimer: options.clearTimer ?? ((t) => clearTimeout(t as ReturnType<typeof setTimeout>)),
      now: options.now ?? Date.now,
    };
  }

  private readonly send: Send = (message) => {
    if (this.socket?.readyState === 1) this.socket.send(JSON.stringify(message));
  };

  // An outgoing call stays known by its ref until the sim names it, even once hung up here.
  private readonly forget = (call: SimCall) => this.bySid.delete(call.parameters.CallSid);

  on<E extends keyof SoftphoneDeviceEvents>(event: E, listener: SoftphoneDeviceEvents[E]) {
    this.events.on(event, listener);
  }

  register() {
    this.wanted = true;
    return new Promise<void>((resolve, reject) => {
      this.pendingRegister = { resolve, reject };
      if (!this.socket && this.reconnectTimer === null) this.open();
      else this.send({ type: "register", token: this.token });
    });
  }

  async connect({ params }: { params: OutgoingCallParams }) {
    if (this.socket?.readyState !== 1) throw new Error("The phone is not connected: try again in a moment.");
    const ref = `ref${++this.nextRef}`;
    const sent: Record<string, string> = { To: params.To };
    if (params.CallerId) sent.CallerId = params.CallerId;
    const custom = new Map(Object.entries(sent));
    const call = new SimCall(
      "OUTGOING",
      { CallSid: "", From: "", To: params.To },
      custom,
      this.send,
      this.forget,
    );
    this.byRef.set(ref, call);
    this.send({ type: "connect", ref, params: sent });
    return call;
  }

  updateToken(token: string) {
    this.token = token;
    if (this.registered) this.send({ type: "register", token });
  }

  destroy() {
    this.wanted = false;
    this.clearTimers();
    const ws = this.socket;
    if (ws) this.onClose(ws);
    ws?.close();
    this.events.clear();
  }

  private clearTimers() {
    if (this.reconnectTimer !== null) this.timers.clearTimer(this.reconnectTimer);
    if (this.expiryTimer !== null) this.timers.clearTimer(this.expiryTimer);
    this.reconnectTimer = null;
    this.expiryTimer = null;
  }

  private open() {
    const ws = new (this.options.WebSocketImpl ?? WebSocket)(this.options.url);
    this.socket = ws;
    ws.onopen = () => {
      this.attempt = 0;
      this.send({ type: "register", token: this.token });
    };
    ws.onmessage = (event) => {
      let message: SimDeviceMessage;
      try {
        message = JSON.parse(String(event.data)) as SimDeviceMessage;
      } catch {
        return;
      }
      this.onFrame(message);
    };
    ws.onclose = () => this.onClose(ws);
  }

  private onClose(ws: WebSocket) {
    if (this.socket !== ws) return;
    this.socket = null;
    // Calls do not outlive the socket that carried them: the sim ends them too.
    for (const call of [...this.bySid.values(), ...this.byRef.values()]) call.end("disconnect");
    this.bySid.clear();
    this.byRef.clear();
    if (this.registered) this.events.emit("unregistered");
    this.registered = false;
    // A registration the socket did not live to answer has failed (the next socket tries again).
    this.settleRegister(new Error("The phone could not reach the carrier simulator."));
    if (!this.wanted) return;
    this.reconnectTimer = this.timers.setTimer(() => {
      this.reconnectTimer = null;
      this.open();
    }, reconnectDelay(this.attempt));
    this.attempt += 1;
  }

  private onFrame(message: SimDeviceMessage) {
    switch (message.type) {
      case "registered":
        return this.onRegistered(message.expiresAt);
      case "error":
        return this.onError(message);
      case "incoming":
        return this.onIncoming(message.parameters, message.customParameters);
      case "ringing":
        return this.onRinging(message.ref, message.parameters);
      case "accepted":
        return this.bySid.get(message.parameters.CallSid)?.accepted(message.parameters);
      case "muted":
        return this.bySid.get(message.callSid)?.setMuted(message.muted);
      case "canceled":
        return this.bySid.get(message.callSid)?.end("cancel");
      case "disconnected":
        return this.bySid.get(message.callSid)?.end("disconnect");
    }
  }

  private onRegistered(expiresAt: string) {
    this.registered = true;
    this.warnBeforeExpiry(expiresAt);
    this.settleRegister();
    this.events.emit("registered");
  }

  private settleRegister(error?: Error) {
    const pending = this.pendingRegister;
    this.pendingRegister = null;
    if (error) pending?.reject(error);
    else pending?.resolve();
  }

  private warnBeforeExpiry(expiresAt: string) {
    if (this.expiryTimer !== null) this.timers.clearTimer(this.expiryTimer);
    const ms = Date.parse(expiresAt) - TOKEN_REFRESH_MS - this.timers.now();
    this.expiryTimer = this.timers.setTimer(
      () => {
        this.expiryTimer = null;
        this.events.emit("tokenWillExpire");
      },
      Math.max(0, ms),
    );
  }

  private onError(message: Extract<SimDeviceMessage, { type: "error" }>) {
    const error = { code: message.code, message: message.message };
    const call =
      (message.callSid && this.bySid.get(message.callSid)) || (message.ref && this.byRef.get(message.ref));
    if (message.ref) this.byRef.delete(message.ref);
    if (call) {
      call.events.emit("error", error);
      // A call the sim does not know, or could not place, is over.
      call.end("disconnect");
      return;
    }
    if (message.code === "invalid-token") this.settleRegister(new Error(message.message));
    this.events.emit("error", error);
  }

  private onIncoming(parameters: SoftphoneCallParameters, custom: Record<string, string>) {
    const call = new SimCall("INCOMING", parameters, new Map(Object.entries(custom)), this.send, this.forget);
    this.bySid.set(parameters.CallSid, call);
    this.events.emit("incoming", call);
  }

  private onRinging(ref: string, parameters: SoftphoneCallParameters) {
    const call = this.byRef.get(ref);
    if (!call) return;
    this.byRef.delete(ref);
    this.bySid.set(parameters.CallSid, call);
    call.ringing(parameters);
  }
}
