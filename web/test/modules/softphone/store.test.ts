import { beforeEach, describe, expect, it } from "vitest";
import {
  createEmitter,
  type SoftphoneCall,
  type SoftphoneCallEvents,
  type SoftphoneDevice,
  type SoftphoneDeviceEvents,
} from "../../../src/modules/softphone/device";
import {
  adoptDevice,
  answer,
  decline,
  dismissEndedCall,
  dropDevice,
  hangUp,
  placeCall,
  setMuted,
  setNotesWaiting,
  useSoftphoneStore,
} from "../../../src/modules/softphone/store";

/** A call stand-in: records what the UI asked of it; the test says what the carrier did. */
function fakeCall(direction: SoftphoneCall["direction"], CallSid: string) {
  const events = createEmitter<SoftphoneCallEvents>();
  let muted = false;
  const asked: string[] = [];
  const call: SoftphoneCall & { fire: typeof events.emit; asked: string[] } = {
    parameters: { CallSid, From: "+13055550111", To: "+13055550100" },
    customParameters: new Map(),
    direction,
    accept: () => asked.push("accept"),
    reject: () => {
      asked.push("reject");
      events.emit("reject");
    },
    disconnect: () => {
      asked.push("disconnect");
      events.emit("disconnect");
    },
    mute: (m) => {
      muted = m;
      events.emit("mute", m);
    },
    isMuted: () => muted,
    sendDigits: (d) => asked.push(`digits:${d}`),
    on: events.on,
    fire: events.emit,
    asked,
  };
  return call;
}

function fakeDevice() {
  const events = createEmitter<SoftphoneDeviceEvents>();
  const placed: ReturnType<typeof fakeCall>[] = [];
  const device: SoftphoneDevice & { fire: typeof events.emit; placed: typeof placed } = {
    register: async () => {},
    connect: async ({ params }) => {
      const call = fakeCall("OUTGOING", "");
      call.parameters.To = params.To;
      placed.push(call);
      return call;
    },
    updateToken: () => {},
    on: events.on,
    destroy: () => {},
    fire: events.emit,
    placed,
  };
  return device;
}

let t = 1_000_000;
const state = () => useSoftphoneStore.getState();

beforeEach(() => {
  dropDevice();
  useSoftphoneStore.setState({ panelOpen: false });
});

describe("the softphone's state", () => {
  it("is ready once the device registers, offline when it is lost", () => {
    const device = fakeDevice();
    adoptDevice(device, () => t);
    expect(state().status).toBe("connecting");
    device.fire("registered");
    expect(state().status).toBe("ready");
    device.fire("unregistered");
    expect(state().status).toBe("offline");
  });

  it("shows a ringing call; Answer opens the panel and the timer starts on connect", () => {
    const device = fakeDevice();
    adoptDevice(device, () => t);
    device.fire("registered");
    const call = fakeCall("INCOMING", "CA1");
    device.fire("incoming", call);
    expect(state().incoming).toBe(call);
    answer();
    expect(state().incoming).toBeNull();
    expect(state().panelOpen).toBe(true);
    expect(call.asked).toEqual(["accept"]);
    expect(state().current?.phase).toBe("connecting");
    call.fire("accept");
    expect(state().current).toMatchObject({ phase: "open", startedAt: t });
    setMuted(true);
    expect(state().muted).toBe(true);
    t += 65_000;
    hangUp();
    expect(state().current).toMatchObject({ phase: "ended", endedAt: t });
    expect(state().muted).toBe(false);
    // Notes waiting for the call's log keep the ended call shown.
    setNotesWaiting(true);
    dismissEndedCall();
    expect(state().current?.phase).toBe("ended");
    setNotesWaiting(false);
    dismissEndedCall();
    expect(state().current).toBeNull();
  });

  it("Decline turns the call down; a call that stops ringing goes away", () => {
    const device = fakeDevice();
    adoptDevice(device, () => t);
    const first = fakeCall("INCOMING", "CA1");
    device.fire("incoming", first);
    decline();
    expect(first.asked).toEqual(["reject"]);
    expect(state().incoming).toBeNull();
    const second = fakeCall("INCOMING", "CA2");
    device.fire("incoming", second);
    second.fire("cancel");
    expect(state().incoming).toBeNull();
  });

  it("places a call once ready, and one at a time", async () => {
    const device = fakeDevice();
    adoptDevice(device, () => t);
    expect(await placeCall({ To: "+14045550199" })).toBe(false);
    expect(state().error).toMatch(/offline/);
    device.fire("registered");
    expect(await placeCall({ To: "+14045550199" })).toBe(true);
    expect(state().panelOpen).toBe(true);
    expect(state().current?.call.parameters.To).toBe("+14045550199");
    expect(await placeCall({ To: "+14045550100" })).toBe(false);
    expect(state().error).toMatch(/Hang up/);
    device.placed[0]?.fire("ringing");
    expect(state().current?.phase).toBe("ringing");
    device.placed[0]?.fire("disconnect");
    expect(state().current?.phase).toBe("ended");
  });
});
