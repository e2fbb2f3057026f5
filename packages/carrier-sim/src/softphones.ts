/**
 * The sim's end of a softphone socket: reads the device's messages (device-protocol.ts), checks
 * its access token, registers it by identity, and places its outgoing calls through the token's
 * TwiML application. The transport (a websocket, a test's fake) only moves text frames.
 */
import { type VoiceGrantClaims, verifyAccessToken } from "./access-token";
import type { DeviceMessage } from "./device-protocol";
import type { DeviceLink, DeviceSession, LiveTalk, OfferedCall } from "./devices";
import type { CarrierSim } from "./sim";

const MESSAGE_TYPES = new Set(["register", "accept", "reject", "hangup", "mute", "digits", "connect"]);

function readMessage(text: string): DeviceMessage | null {
  try {
    const message = JSON.parse(text) as DeviceMessage;
    return message && typeof message === "object" && MESSAGE_TYPES.has(message.type) ? message : null;
  } catch {
    return null;
  }
}

export interface SoftphoneSocket {
  /** A text frame from the device. */
  receive(text: string): void;
  /** The socket closed. */
  close(): void;
}

/** One device's socket: nothing but `register` is read until the token is good. */
export function attachSoftphone(sim: CarrierSim, link: DeviceLink): SoftphoneSocket {
  const session = sim.devices.session(link);
  let claims: VoiceGrantClaims | null = null;
  const refuse = (code: "bad-message" | "invalid-token", message: string) =>
    link.send({ type: "error", code, message });
  return {
    receive(text) {
      const message = readMessage(text);
      if (!message) return refuse("bad-message", "Not a softphone message");
      if (message.type === "register") {
        claims = register(sim, session, message.token);
        return;
      }
      if (!claims) return refuse("bad-message", "Register first");
      if (claims.expiresAt.getTime() <= Date.now())
        return refuse("invalid-token", "The access token expired: register again");
      if (message.type === "connect") return connect(sim, session, claims, message);
      session.receive(message);
    },
    close: () => session.close(),
  };
}

function register(sim: CarrierSim, session: DeviceSession, token: string): VoiceGrantClaims | null {
  const keys = sim.apiKeys;
  const checked = verifyAccessToken(token, sim.accountSid, (sid) => keys[sid] ?? null, new Date());
  if (!checked.ok) {
    session.link.send({ type: "error", code: "invalid-token", message: checked.reason });
    return null;
  }
  sim.devices.register(session, checked.claims.identity);
  session.link.send({
    type: "registered",
    identity: checked.claims.identity,
    expiresAt: checked.claims.expiresAt.toISOString(),
  });
  return checked.claims;
}

/** The device's call out: it is on the line from the start, and hangs up when it will. */
function connect(
  sim: CarrierSim,
  session: DeviceSession,
  claims: VoiceGrantClaims,
  message: Extract<DeviceMessage, { type: "connect" }>,
): void {
  const applicationSid = claims.outgoingApplicationSid;
  const application = applicationSid ? sim.applications[applicationSid] : undefined;
  if (!applicationSid || !application) {
    session.link.send({
      type: "error",
      code: "no-application",
      message: "The token names no TwiML application this account has",
      ref: message.ref,
    });
    return;
  }
  let talk: LiveTalk | null = null;
  void sim
    .placeClientCall({
      identity: claims.identity,
      applicationSid,
      application,
      params: { ...message.params },
      device: {
        get ended() {
          return talk?.ended ?? Promise.resolve();
        },
        hangUp: () => talk?.hangUp(),
        digits: [],
      },
      onStart: (call) => {
        const parameters = { CallSid: call.sid, From: call.from, To: call.to };
        session.link.send({ type: "ringing", ref: message.ref, parameters });
        talk = session.startTalk(parameters);
      },
    })
    // The call is over, whoever ended it: the device hears so.
    .finally(() => talk?.hangUp());
}

/** How a scripted softphone (a test's stand-in for a browser) answers the calls it is offered. */
export interface SoftphoneScript {
  answer: "accept" | "reject" | "ignore";
  /** Keypad tones sent once connected. */
  digits?: string;
  /** Virtual seconds it talks once connected, then hangs up. Default 10. */
  talkSeconds?: number;
  /** What it does once connected (a transfer through the app, say), before its seconds count. */
  whileConnected?(call: OfferedCall): Promise<void>;
}

/**
 * Registers a scripted softphone as `identity`: it takes (or turns down, or lets ring) each call
 * as soon as it is offered, and talks for its seconds on the sim's clock. Returns what unregisters it.
 */
export function scriptSoftphone(sim: CarrierSim, identity: string, script: SoftphoneScript): () => void {
  const session = sim.devices.session(
    {
      send(message) {
        if (message.type === "incoming" && script.answer !== "ignore") {
          const type = script.answer;
          queueMicrotask(() => session.receive({ type, callSid: message.parameters.CallSid }));
        }
        const { digits } = script;
        if (message.type === "accepted" && digits)
          queueMicrotask(() =>
            session.receive({ type: "digits", callSid: message.parameters.CallSid, digits }),
          );
      },
    },
    {
      talkSeconds: script.talkSeconds ?? 10,
      ...(script.whileConnected ? { whileConnected: script.whileConnected } : {}),
    },
  );
  sim.devices.register(session, identity);
  return () => session.close();
}
