/**
 * Softphones registered with the sim, as the carrier's Voice SDK devices register with the
 * carrier: by client identity. A `<Dial><Client>` rings every device of the identity at once, in
 * real time (a person answers in a browser); the first to accept takes the call and the others
 * are told it is gone. Scripted devices stand in for a browser in tests.
 */
import type { DeviceCallParameters, DeviceMessage, SimDeviceMessage } from "./device-protocol";

/** What a device connection needs of its transport: a way to send the sim's messages. */
export interface DeviceLink {
  send(message: SimDeviceMessage): void;
}

/** How a ring of one identity ended. */
export type RingOutcome =
  | { outcome: "answer"; talk: LiveTalk }
  | { outcome: "busy" | "no-answer" | "failed" | "canceled" };

/** An answered leg: it lasts until the device hangs up, or the other side ends it. */
export interface LiveTalk {
  /** Resolves when the device hung up or went away. */
  readonly ended: Promise<void>;
  /** The other side ended the call: the device is told. */
  hangUp(): void;
  /** Keypad tones the device sent, in order. */
  readonly digits: string[];
  /** A scripted device talks this many virtual seconds, then hangs up (a browser: absent). */
  readonly scriptedSeconds?: number;
  /** What a scripted device does while connected; its seconds count once it is done. */
  readonly busy?: Promise<void>;
}

/** A test's scripted device: how long it talks, and what it does while connected. */
export interface DeviceScripting {
  talkSeconds: number;
  whileConnected?(call: OfferedCall): Promise<void>;
}

interface Offer {
  parameters: DeviceCallParameters;
  custom: Record<string, string>;
  settle(outcome: RingOutcome): void;
}

/** What a device is offered: the call's parameters, and the `<Client>`'s own. */
export interface OfferedCall {
  parameters: DeviceCallParameters;
  custom: Record<string, string>;
}

interface ActiveCall {
  callSid: string;
  end(): void;
  digits: string[];
}

/** One registered device: a browser tab's socket, or a scripted stand-in. */
export class DeviceSession {
  identity: string | null = null;
  private readonly offers = new Map<string, Offer>();
  private readonly calls = new Map<string, ActiveCall>();

  constructor(
    private readonly registry: DeviceRegistry,
    readonly link: DeviceLink,
    /** A test's scripted device: how long it talks once connected, and what it does then. */
    private readonly scripting?: DeviceScripting,
  ) {}

  /** A message from the device (register is handled by whoever verified the token). */
  receive(message: Exclude<DeviceMessage, { type: "register" | "connect" }>): void {
    if (message.type === "accept") this.registry.accept(this, message.callSid);
    else if (message.type === "reject") this.registry.reject(this, message.callSid);
    else if (message.type === "hangup") this.hangUp(message.callSid);
    else if (!this.calls.has(message.callSid)) this.unknown(message.callSid);
    else if (message.type === "mute")
      this.link.send({ type: "muted", callSid: message.callSid, muted: message.muted });
    else this.calls.get(message.callSid)?.digits.push(message.digits);
  }

  offer(offer: Offer): void {
    this.offers.set(offer.parameters.CallSid, offer);
    this.link.send({ type: "incoming", parameters: offer.parameters, customParameters: offer.custom });
  }

  /** The offer is over here (taken elsewhere, canceled, or answered here). */
  withdraw(callSid: string, tell: boolean): Offer | undefined {
    const offer = this.offers.get(callSid);
    this.offers.delete(callSid);
    if (offer && tell) this.link.send({ type: "canceled", callSid });
    return offer;
  }

  offered(callSid: string): boolean {
    return this.offers.has(callSid);
  }

  /** The device is on the call: it ends when either side hangs up. */
  startTalk(parameters: DeviceCallParameters, custom: Record<string, string> = {}): LiveTalk {
    let resolveEnded: () => void = () => {};
    const ended = new Promise<void>((resolve) => {
      resolveEnded = resolve;
    });
    const active: ActiveCall = {
      callSid: parameters.CallSid,
      digits: [],
      end: () => {
        if (!this.calls.delete(parameters.CallSid)) return;
        this.link.send({ type: "disconnected", callSid: parameters.CallSid });
        resolveEnded();
      },
    };
    this.calls.set(parameters.CallSid, active);
    this.link.send({ type: "accepted", parameters });
    const scripting = this.scripting;
    if (!scripting) return { ended, hangUp: active.end, digits: active.digits };
    return {
      ended,
      hangUp: active.end,
      digits: active.digits,
      scriptedSeconds: scripting.talkSeconds,
      busy: scripting.whileConnected?.({ parameters, custom }) ?? Promise.resolve(),
    };
  }

  hangUp(callSid: string): void {
    const active = this.calls.get(callSid);
    if (active) active.end();
    else this.unknown(callSid);
  }

  /** The socket closed: every call of this device ends, every offer is declined here. */
  close(): void {
    for (const active of [...this.calls.values()]) active.end();
    for (const callSid of [...this.offers.keys()]) this.registry.reject(this, callSid, "gone");
    this.registry.unregister(this);
  }

  private unknown(callSid: string): void {
    this.link.send({ type: "error", code: "unknown-call", message: `No call ${callSid} here`, callSid });
  }
}

/** An offered call across the devices of one identity. */
interface Ring {
  parameters: DeviceCallParameters;
  custom: Record<string, string>;
  sessions: Set<DeviceSession>;
  declined: number;
  settle(outcome: RingOutcome): void;
}

export class DeviceRegistry {
  private readonly byIdentity = new Map<string, Set<DeviceSession>>();
  private readonly rings = new Map<string, Ring>();

  session(link: DeviceLink, scripting?: DeviceScripting): DeviceSession {
    return new DeviceSession(this, link, scripting);
  }

  register(session: DeviceSession, identity: string): void {
    if (session.identity) this.unregister(session);
    session.identity = identity;
    const sessions = this.byIdentity.get(identity) ?? new Set<DeviceSession>();
    this.byIdentity.set(identity, sessions);
    sessions.add(session);
  }

  unregister(session: DeviceSession): void {
    if (!session.identity) return;
    const sessions = this.byIdentity.get(session.identity);
    sessions?.delete(session);
    if (sessions?.size === 0) this.byIdentity.delete(session.identity);
  }

  /** Whether any device is registered as `identity`. */
  has(identity: string): boolean {
    return (this.byIdentity.get(identity)?.size ?? 0) > 0;
  }

  /**
   * Rings every device of `identity` for up to `timeoutMs` of real time, or until `signal` says
   * the caller went or another leg answered. No device registered: the leg fails at once.
   */
  ring(identity: string, call: OfferedCall, timeoutMs: number, signal: AbortSignal) {
    const { parameters } = call;
    const sessions = new Set(this.byIdentity.get(identity) ?? []);
    if (sessions.size === 0) return Promise.resolve<RingOutcome>({ outcome: "failed" });
    return new Promise<RingOutcome>((resolve) => {
      const finish = (outcome: RingOutcome) => {
        clearTimeout(timer);
        signal.removeEventListener("abort", abort);
        if (!this.rings.delete(parameters.CallSid)) return;
        // Every other device still offered the call stops ringing (the one that took it has no offer left).
        for (const session of ring.sessions) session.withdraw(parameters.CallSid, true);
        resolve(outcome);
      };
      const ring: Ring = { parameters, custom: call.custom, sessions, declined: 0, settle: finish };
      const abort = () => finish({ outcome: "canceled" });
      const timer = setTimeout(() => finish({ outcome: "no-answer" }), timeoutMs);
      signal.addEventListener("abort", abort, { once: true });
      this.rings.set(parameters.CallSid, ring);
      for (const session of sessions) session.offer({ ...call, settle: finish });
      if (signal.aborted) abort();
    });
  }

  accept(session: DeviceSession, callSid: string): void {
    const ring = this.rings.get(callSid);
    if (!ring || !session.offered(callSid)) {
      session.link.send({ type: "error", code: "unknown-call", message: `No call ${callSid} here`, callSid });
      return;
    }
    session.withdraw(callSid, false);
    ring.sessions.delete(session);
    ring.settle({ outcome: "answer", talk: session.startTalk(ring.parameters, ring.custom) });
  }

  /** Declined on one device: the leg is busy once every device of the identity declined. */
  reject(session: DeviceSession, callSid: string, why: "rejected" | "gone" = "rejected"): void {
    const ring = this.rings.get(callSid);
    if (!ring || !session.withdraw(callSid, false)) return;
    ring.declined++;
    if (why === "rejected") session.link.send({ type: "canceled", callSid });
    if (ring.declined >= ring.sessions.size) ring.settle({ outcome: why === "gone" ? "failed" : "busy" });
  }

  clear(): void {
    for (const ring of [...this.rings.values()]) ring.settle({ outcome: "canceled" });
    this.byIdentity.clear();
  }
}
