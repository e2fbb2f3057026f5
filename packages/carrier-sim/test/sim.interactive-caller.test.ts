import Fastify from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type CallerScript, createCarrierSim, injectTransport } from "../src/index";

const APP = "http://app.test";
const LINE = "+13055550100";

// A menu that rings a number when 1 is pressed.
const app = Fastify();
app.addContentTypeParser("application/x-www-form-urlencoded", { parseAs: "string" }, (_r, body, done) =>
  done(null, body),
);
app.post("/voice", async (_request, reply) =>
  reply
    .type("text/xml")
    .send(
      `<Response><Gather numDigits="1" action="${APP}/pressed"><Say>Press 1.</Say></Gather><Say>Bye.</Say></Response>`,
    ),
);
app.post("/pressed", async (_request, reply) =>
  reply.type("text/xml").send("<Response><Say>Connecting.</Say><Dial>+13055550199</Dial></Response>"),
);

const sim = createCarrierSim({
  accountSid: `AC${"0".repeat(32)}`,
  authToken: "token",
  publicBaseUrl: "http://sim.test/carrier-sim",
  numbers: { [LINE]: { phoneNumber: LINE, voiceUrl: `${APP}/voice` } },
  transport: injectTransport(app),
});

beforeAll(() => app.ready());
afterAll(() => app.close());

const cases: [string, CallerScript, string | null, string[]][] = [
  [
    "hangs up at a Gather with no key left, once its prompts are heard",
    { press: [], hangUpWhenNoKeysLeft: true },
    "Gather",
    ["Press 1."],
  ],
  ["without the option stays silent and the call goes on", { press: [] }, null, ["Press 1.", "Bye."]],
  [
    "hangs up where it would be connected",
    { press: ["1"], hangUpWhenNoKeysLeft: true, hangUpAt: ["Dial"] },
    "Dial",
    ["Press 1.", "Connecting."],
  ],
];

describe("a caller who decides each key after hearing the menu", () => {
  it.each(cases)("%s", async (_name, script, endedAt, spoken) => {
    const call = await sim.placeCall({ from: "+13055551234", to: LINE, ...script });
    expect(call.spoken).toEqual(spoken);
    if (endedAt) expect(call.ended).toMatchObject({ reason: "caller-hangup", verb: endedAt });
    else expect(call.ended.reason).toBe("end-of-twiml");
    expect(call.dials).toEqual([]);
    expect(call.status).toBe("completed");
  });
});
