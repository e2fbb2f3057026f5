import { describe, expect, it } from "vitest";
import { SIM_SOFTPHONE, softphoneKeysOf } from "../../src/softphone/token";

const twilioCarrier = { mode: "twilio" as const, accountSid: `AC${"1".repeat(32)}`, authToken: "auth" };
const simulator = { mode: "simulator" as const, accountSid: `AC${"c".repeat(32)}`, authToken: "per-process" };
const settings = {
  TWILIO_API_KEY_SID: `SK${"2".repeat(32)}`,
  TWILIO_API_KEY_SECRET: "secret",
  TWILIO_TWIML_APP_SID: `AP${"3".repeat(32)}`,
};

describe("softphoneKeysOf: what signs a softphone's token", () => {
  it.each([
    [
      "a carrier account with its API key: the key, never the auth token",
      twilioCarrier,
      settings,
      {
        accountSid: twilioCarrier.accountSid,
        apiKeySid: settings.TWILIO_API_KEY_SID,
        apiKeySecret: "secret",
        twimlAppSid: settings.TWILIO_TWIML_APP_SID,
      },
    ],
    ["a carrier account without one: none (the route answers 503)", twilioCarrier, {}, null],
    [
      "the simulator: its stand-ins, signed with its per-process token",
      simulator,
      {},
      { accountSid: simulator.accountSid, apiKeySecret: "per-process", ...SIM_SOFTPHONE },
    ],
  ])("%s", (_name, carrier, given, want) => {
    expect(softphoneKeysOf(carrier, given)).toEqual(want);
  });
});
