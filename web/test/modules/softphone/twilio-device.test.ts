import type { EventEmitter } from "node:events";
import { describe, expect, it, vi } from "vitest";
import type { SoftphoneCall } from "../../../src/modules/softphone/device";
import { createTwilioDevice } from "../../../src/modules/softphone/twilio-device";

/** The SDK's Device and Call as far as the adapter uses them (the SDK needs a browser's WebRTC). */
const sdk = vi.hoisted(() => ({ devices: [] as unknown[] }));

vi.mock("@twilio/voice-sdk", async () => {
  const { EventEmitter: Emitter } = await import("node:events");
  class Call extends Emitter {
    parameters: Record<string, string> = {};
    customParameters = new Map<string, string>();
    direction = "OUTGOING";
    muted = false;
    digits: string[] = [];
    accept = vi.fn();
    reject = vi.fn();
    disconnect = vi.fn();
    mute(shouldMute: boolean) {
      this.muted = shouldMute;
      this.emit("mute", shouldMute, this);
    }
    isMuted() {
      return this.muted;
    }
    sendDigits(digits: string) {
      this.digits.push(digits);
    }
  }
  class Device extends Emitter {
    register = vi.fn(async () => {});
    updateToken = vi.fn();
    destroy = vi.fn();
    connect = vi.fn(async ({ params }: { params: Record<string, string> }) => {
      const call = new Call();
      call.customParameters = new Map(Object.entries(params));
      return call;
    });
    constructor(
      readonly token: string,
      readonly options: object,
    ) {
      super();
      sdk.devices.push(this);
    }
  }
  return { Device, Call };
});

type FakeDevice = EventEmitter & {
  token: string;
  options: object;
  register: ReturnType<typeof vi.fn>;
  updateToken: ReturnType<typeof vi.fn>;
  connect: ReturnType<typeof vi.fn>;
};

describe("the carrier's device (over the Voice SDK)", () => {
  it("is the SDK's Device with the token, its events and calls under the softphone's names", async () => {
    const device = await createTwilioDevice("jwt-1");
    const sdkDevice = sdk.devices.at(-1) as FakeDevice;
    expect(sdkDevice.token).toBe("jwt-1");
    expect(sdkDevice.options).toMatchObject({ closeProtection: true });

    const seen: string[] = [];
    device.on("registered", () => seen.push("registered"));
    device.on("error", (error) => seen.push(`error:${error.code}:${error.message}`));
    let offered: SoftphoneCall | null = null;
    device.on("incoming", (call) => {
      offered = call;
    });
    await device.register();
    expect(sdkDevice.register).toHaveBeenCalled();
    sdkDevice.emit("registered");
    sdkDevice.emit("error", Object.assign(new Error("Token expired"), { code: 20104 }));
    device.updateToken("jwt-2");
    expect(sdkDevice.updateToken).toHaveBeenCalledWith("jwt-2");

    const { Call } = (await import("@twilio/voice-sdk")) as unknown as { Call: new () => EventEmitter };
    const sdkCall = Object.assign(new Call(), {
      parameters: { CallSid: "CA1", From: "+13055550111", To: "client:acct_1_usr_1" },
      customParameters: new Map([["ParentCallSid", "CA0"]]),
      direction: "INCOMING",
    });
    sdkDevice.emit("incoming", sdkCall);
    const call = offered as unknown as SoftphoneCall;
    expect(call.direction).toBe("INCOMING");
    expect(call.parameters).toEqual({ CallSid: "CA1", From: "+13055550111", To: "client:acct_1_usr_1" });
    expect(call.customParameters.get("ParentCallSid")).toBe("CA0");
    call.on("accept", () => seen.push("accept"));
    call.on("mute", (muted) => seen.push(`mute:${muted}`));
    call.on("disconnect", () => seen.push("disconnect"));
    sdkCall.emit("accept", sdkCall);
    call.mute(true);
    expect(call.isMuted()).toBe(true);
    call.sendDigits("9");
    sdkCall.emit("disconnect", sdkCall);
    expect(seen).toEqual(["registered", "error:20104:Token expired", "accept", "mute:true", "disconnect"]);
  });

  it("places calls with the outgoing parameters; the number is the call's To until the carrier says", async () => {
    const device = await createTwilioDevice("jwt-1");
    const sdkDevice = sdk.devices.at(-1) as FakeDevice;
    const call = await device.connect({ params: { To: "+14045550199", CallerId: "num_1" } });
    expect(sdkDevice.connect).toHaveBeenCalledWith({ params: { To: "+14045550199", CallerId: "num_1" } });
    expect(call.direction).toBe("OUTGOING");
    expect(call.parameters).toEqual({ CallSid: "", From: "", To: "+14045550199" });
  });
});
