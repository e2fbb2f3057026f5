import type { DeviceMessage, SimDeviceMessage } from "@poundline/carrier-sim/device-protocol";
import { beforeEach, describe, expect, it } from "vitest";
import {
  loggedCallSid,
  type SoftphoneCall,
  type SoftphoneDevice,
} from "../../../src/modules/softphone/device";
import { createSimDevice, simDeviceUrl, TOKEN_REFRESH_MS } from "../../../src/modules/softphone/sim-device";

/** A WebSocket stand-in: records what the device sends; the test plays the simulator. */
class FakeSocket {
  static made: FakeSocket[] = [];
  readyState = 0;
  sent: DeviceMessage[] = [];
  onopen: (() => void) | null = null;
  onmessage: ((m: { data: string }) => void) | null = null;
  onclose: (() => void) | null = null;
  constructor(readonly url: string) {
    FakeSocket.made.push(this);
  }
  send(data: string) {
    this.sent.push(JSON.parse(data) as DeviceMessage);
  }
  close() {
    this.readyState = 3;
    this.onclose?.();
  }
  open() {
    this.readyState = 1;
    this.onopen?.();
  }
  say(message: SimDeviceMessage) {
    this.onmessage?.({ data: JSON.stringify(message) });
  }
}

const NOW = Date.parse("2026-11-27T12:00:00.000Z");
const EXPIRES_AT = "2026-11-27T13:00:00.000Z";
const inbound = { CallSid: "CA1", From: "+13055550111", To: "client:acct_1_usr_1" };

let timers: { fn: () => void; ms: number; cleared: boolean }[];
let device: SoftphoneDevice;
let socket: () => FakeSocket;

function makeDevice() {
  return createSimDevice({
    url: "ws://x/carrier-sim/device",
    token: "jwt-1",
    WebSocketImpl: FakeSocket as unknown as typeof WebSocket,
    setTimer: (fn, ms) => {
      const timer = { fn, ms, cleared: false };
      timers.push(timer);
      return timer;
    },
    clearTimer: (timer) => {
      (timer as { cleared: boolean }).cleared = true;
    },
    now: () => NOW,
  });
}

/** Registers the device with the fake simulator. */
async function registered() {
  const done = device.register();
  socket().open();
  socket().say({ type: "registered", identity: "acct_1_usr_1", expiresAt: EXPIRES_AT });
  await done;
}

/** Every event of a call, in order, as "name" or "name:arg". */
function record(call: SoftphoneCall) {
  const seen: string[] = [];
  for (const name of ["accept", "ringing", "disconnect", "cancel", "reject"] as const)
    call.on(name, () => seen.push(name));
  call.on("mute", (muted) => seen.push(`mute:${muted}`));
  call.on("error", (error) => seen.push(`error:${error.code}`));
  return seen;
}

async function offered(): Promise<SoftphoneCall> {
  let offer: SoftphoneCall | null = null;
  device.on("incoming", (call) => {
    offer = call;
  });
  socket().say({
    type: "incoming",
    parameters: inbound,
    customParameters: { ParentCallSid: "CA0" },
  });
  if (!offer) throw new Error("no incoming call");
  return offer;
}

beforeEach(() => {
  FakeSocket.made = [];
  timers = [];
  device = makeDevice();
  socket = () => {
    const last = FakeSocket.made.at(-1);
    if (!last) throw new Error("no socket");
    return last;
  };
});

describe("the simulator's device", () => {
  it("connects to the simulator on the page's origin", () => {
    expect(simDeviceUrl({ protocol: "https:", host: "app.example" })).toBe(
      "wss://app.example/carrier-sim/device",
    );
    expect(simDeviceUrl({ protocol: "http:", host: "localhost:3000" })).toBe(
      "ws://localhost:3000/carrier-sim/device",
    );
  });

  it("registers with its token, and says the token ends 10 s before it does", async () => {
    const seen: string[] = [];
    device.on("registered", () => seen.push("registered"));
    device.on("tokenWillExpire", () => seen.push("tokenWillExpire"));
    await registered();
    expect(socket().sent).toEqual([{ type: "register", token: "jwt-1" }]);
    expect(seen).toEqual(["registered"]);
    const warning = timers.at(-1);
    expect(warning?.ms).toBe(Date.parse(EXPIRES_AT) - TOKEN_REFRESH_MS - NOW);
    warning?.fn();
    expect(seen).toEqual(["registered", "tokenWillExpire"]);

    device.updateToken("jwt-2");
    expect(socket().sent.at(-1)).toEqual({ type: "register", token: "jwt-2" });
  });

  it("refuses to register with a token the simulator refuses", async () => {
    const errors: unknown[] = [];
    device.on("error", (error) => errors.push(error));
    const done = device.register();
    socket().open();
    socket().say({ type: "error", code: "invalid-token", message: "expired" });
    await expect(done).rejects.toThrow("expired");
    expect(errors).toEqual([{ code: "invalid-token", message: "expired" }]);
  });

  it("takes an incoming call: accept, then the other side hangs up", async () => {
    await registered();
    const call = await offered();
    const seen = record(call);
    expect(call.direction).toBe("INCOMING");
    expect(call.parameters).toEqual(inbound);
    expect(loggedCallSid(call)).toBe("CA0");
    call.accept();
    expect(socket().sent.at(-1)).toEqual({ type: "accept", callSid: "CA1" });
    socket().say({ type: "accepted", parameters: inbound });
    socket().say({ type: "disconnected", callSid: "CA1" });
    // Frames about a call that ended change nothing.
    socket().say({ type: "disconnected", callSid: "CA1" });
    expect(seen).toEqual(["accept", "disconnect"]);
  });

  it("hangs up a call itself", async () => {
    await registered();
    const call = await offered();
    const seen = record(call);
    call.accept();
    socket().say({ type: "accepted", parameters: inbound });
    call.disconnect();
    expect(socket().sent.at(-1)).toEqual({ type: "hangup", callSid: "CA1" });
    socket().say({ type: "disconnected", callSid: "CA1" });
    expect(seen).toEqual(["accept", "disconnect"]);
  });

  it("rejects an incoming call", async () => {
    await registered();
    const call = await offered();
    const seen = record(call);
    call.reject();
    expect(socket().sent.at(-1)).toEqual({ type: "reject", callSid: "CA1" });
    expect(seen).toEqual(["reject"]);
  });

  it("stops ringing when the caller hangs up or another device answers", async () => {
    await registered();
    const call = await offered();
    const seen = record(call);
    socket().say({ type: "canceled", callSid: "CA1" });
    expect(seen).toEqual(["cancel"]);
  });

  it("places a call: connect, ringing with its sid, accepted, then hung up", async () => {
    await registered();
    const call = await device.connect({ params: { To: "+14045550199", CallerId: "num_1" } });
    const seen = record(call);
    expect(call.direction).toBe("OUTGOING");
    const connect = socket().sent.at(-1);
    expect(connect).toEqual({
      type: "connect",
      ref: expect.any(String),
      params: { To: "+14045550199", CallerId: "num_1" },
    });
    const ref = connect?.type === "connect" ? connect.ref : "";
    const outbound = { CallSid: "CA9", From: "client:acct_1_usr_1", To: "+14045550199" };
    socket().say({ type: "ringing", ref, parameters: outbound });
    expect(call.parameters.CallSid).toBe("CA9");
    socket().say({ type: "accepted", parameters: outbound });
    call.disconnect();
    expect(socket().sent.at(-1)).toEqual({ type: "hangup", callSid: "CA9" });
    expect(seen).toEqual(["ringing", "accept", "disconnect"]);
  });

  it("hangs up a call placed before the simulator has named it, once it does", async () => {
    await registered();
    const call = await device.connect({ params: { To: "+14045550199" } });
    const seen = record(call);
    call.disconnect();
    const connect = socket().sent.find((m) => m.type === "connect");
    expect(connect).toMatchObject({ params: { To: "+14045550199" } });
    const ref = connect?.type === "connect" ? connect.ref : "";
    socket().say({ type: "ringing", ref, parameters: { CallSid: "CA9", From: "c", To: "+14045550199" } });
    expect(socket().sent.at(-1)).toEqual({ type: "hangup", callSid: "CA9" });
    expect(seen).toEqual(["disconnect"]);
  });

  it("mutes and unmutes, and sends keypad tones", async () => {
    await registered();
    const call = await offered();
    const seen = record(call);
    call.accept();
    socket().say({ type: "accepted", parameters: inbound });
    call.mute(true);
    expect(call.isMuted()).toBe(true);
    expect(socket().sent.at(-1)).toEqual({ type: "mute", callSid: "CA1", muted: true });
    // The simulator's echo of the same state says nothing new.
    socket().say({ type: "muted", callSid: "CA1", muted: true });
    call.mute(false);
    expect(call.isMuted()).toBe(false);
    call.sendDigits("12#");
    expect(socket().sent.at(-1)).toEqual({ type: "digits", callSid: "CA1", digits: "12#" });
    call.sendDigits("x");
    expect(socket().sent.at(-1)).toEqual({ type: "digits", callSid: "CA1", digits: "12#" });
    expect(seen).toEqual(["accept", "mute:true", "mute:false", "error:bad-digits"]);
  });

  it("hands an error about a call to that call, which ends; others to the device", async () => {
    await registered();
    const deviceErrors: unknown[] = [];
    device.on("error", (error) => deviceErrors.push(error.code));
    const call = await offered();
    const seen = record(call);
    socket().say({ type: "error", code: "unknown-call", message: "not yours", callSid: "CA1" });
    expect(seen).toEqual(["error:unknown-call", "disconnect"]);

    const placed = await device.connect({ params: { To: "+14045550199" } });
    const placedSeen = record(placed);
    const connect = socket().sent.at(-1);
    const ref = connect?.type === "connect" ? connect.ref : "";
    socket().say({ type: "error", code: "no-application", message: "no app", ref });
    expect(placedSeen).toEqual(["error:no-application", "disconnect"]);

    socket().say({ type: "error", code: "bad-message", message: "?" });
    socket().onmessage?.({ data: "not json" });
    expect(deviceErrors).toEqual(["bad-message"]);
  });

  it("refuses to place a call while its socket is not open", async () => {
    await expect(device.connect({ params: { To: "+14045550199" } })).rejects.toThrow(/not connected/);
  });

  it("fails a registration whose socket closes before the answer", async () => {
    const done = device.register();
    socket().close();
    await expect(done).rejects.toThrow(/could not reach/);
    expect(timers.at(-1)?.ms).toBe(1000);
  });

  it("reopens a lost socket, registers again, and ends the calls it carried", async () => {
    const seen: string[] = [];
    device.on("unregistered", () => seen.push("unregistered"));
    device.on("registered", () => seen.push("registered"));
    await registered();
    const call = await offered();
    const callSeen = record(call);
    socket().close();
    expect(callSeen).toEqual(["disconnect"]);
    expect(seen).toEqual(["registered", "unregistered"]);
    const retry = timers.at(-1);
    expect(retry?.ms).toBe(1000);
    retry?.fn();
    socket().open();
    expect(socket().sent).toEqual([{ type: "register", token: "jwt-1" }]);
    socket().say({ type: "registered", identity: "acct_1_usr_1", expiresAt: EXPIRES_AT });
    expect(seen).toEqual(["registered", "unregistered", "registered"]);
  });

  it("once destroyed, closes its socket and opens no other", async () => {
    await registered();
    const count = timers.length;
    device.destroy();
    expect(socket().readyState).toBe(3);
    expect(timers.slice(count)).toEqual([]);
    expect(timers.every((t) => t.cleared)).toBe(true);
  });
});
