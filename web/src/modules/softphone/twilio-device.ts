import type { Call, Device, TwilioError as TwilioErrors } from "@twilio/voice-sdk";

/** The SDK's error class (its `TwilioError` export is the namespace of the error classes). */
type TwilioError = TwilioErrors.TwilioError;

import type {
  CallDirection,
  SoftphoneCall,
  SoftphoneCallEvents,
  SoftphoneDevice,
  SoftphoneDeviceEvents,
  SoftphoneError,
} from "./device";

/**
 * The softphone over the carrier's Voice SDK. The SDK is loaded here with `import()`, and this
 * file is itself imported that way, so only a member in carrier mode downloads either.
 */
export async function createTwilioDevice(token: string): Promise<SoftphoneDevice> {
  const sdk = await import("@twilio/voice-sdk");
  // closeProtection: leaving the page during a call asks first.
  return adaptDevice(new sdk.Device(token, { closeProtection: true }));
}

const errorOf = (error: TwilioError): SoftphoneError => ({ code: error.code, message: error.message });

/** The same SDK call gives the same adapter, so the UI can compare calls. */
const adapted = new WeakMap<Call, SoftphoneCall>();

function adaptCall(call: Call): SoftphoneCall {
  const known = adapted.get(call);
  if (known) return known;
  const made: SoftphoneCall = {
    get parameters() {
      const p = call.parameters;
      return {
        CallSid: p.CallSid ?? "",
        From: p.From ?? "",
        To: p.To ?? call.customParameters.get("To") ?? "",
      };
    },
    customParameters: call.customParameters,
    // The SDK's enum values are the strings "INCOMING" and "OUTGOING".
    direction: call.direction as string as CallDirection,
    accept: () => call.accept(),
    reject: () => call.reject(),
    disconnect: () => call.disconnect(),
    mute: (shouldMute) => call.mute(shouldMute),
    isMuted: () => call.isMuted(),
    sendDigits: (digits) => call.sendDigits(digits),
    on(event, listener) {
      onCall(call, event, listener);
    },
  };
  adapted.set(call, made);
  return made;
}

function onCall<E extends keyof SoftphoneCallEvents>(call: Call, event: E, listener: SoftphoneCallEvents[E]) {
  if (event === "mute") {
    const onMute = listener as SoftphoneCallEvents["mute"];
    call.on("mute", (isMuted: boolean) => onMute(isMuted));
  } else if (event === "error") {
    const onError = listener as SoftphoneCallEvents["error"];
    call.on("error", (error: TwilioError) => onError(errorOf(error)));
  } else {
    const plain = listener as () => void;
    call.on(event, () => plain());
  }
}

function adaptDevice(device: Device): SoftphoneDevice {
  return {
    register: () => device.register(),
    connect: async ({ params }) => {
      const sent: Record<string, string> = { To: params.To };
      if (params.CallerId) sent.CallerId = params.CallerId;
      return adaptCall(await device.connect({ params: sent }));
    },
    updateToken: (token) => device.updateToken(token),
    on(event, listener) {
      onDevice(device, event, listener);
    },
    destroy: () => device.destroy(),
  };
}

function onDevice<E extends keyof SoftphoneDeviceEvents>(
  device: Device,
  event: E,
  listener: SoftphoneDeviceEvents[E],
) {
  if (event === "incoming") {
    const onIncoming = listener as SoftphoneDeviceEvents["incoming"];
    device.on("incoming", (call: Call) => onIncoming(adaptCall(call)));
  } else if (event === "error") {
    const onError = listener as SoftphoneDeviceEvents["error"];
    device.on("error", (error: TwilioError) => onError(errorOf(error)));
  } else {
    const plain = listener as () => void;
    device.on(event, () => plain());
  }
}
