/** The sim's own endpoints, as people and the CLI use them through the app that embeds the sim. */
import type { AddressInfo } from "node:net";
import Fastify from "fastify";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { main, parseCommand } from "../src/cli";
import { type CallTranscript, carrierSimPlugin, createCarrierSim, injectTransport } from "../src/index";
import {
  ACCOUNT_SID,
  AUTH_TOKEN,
  CALLER,
  phoneDirectory,
  registerPhoneApp,
  SALES,
} from "./fixtures/phone-app";

const APP = "http://app.test";
/** Every error answer names its request. */
const REQUEST_ID = expect.stringMatching(/\S/);
const TOKEN = "let-me-in";
const server = Fastify();
const { received } = registerPhoneApp(server, { base: () => APP });
const sim = createCarrierSim({
  accountSid: ACCOUNT_SID,
  authToken: AUTH_TOKEN,
  publicBaseUrl: "http://app.test/carrier-sim",
  numbers: phoneDirectory(() => APP),
  transport: injectTransport(server),
});
server.register(carrierSimPlugin, {
  prefix: "/carrier-sim",
  sim,
  guard: async (request, reply) => {
    if (request.headers.authorization !== `Bearer ${TOKEN}`)
      return reply.code(403).send({ error: { code: "forbidden" } });
  },
});
let base = "";

beforeAll(async () => {
  await server.listen({ host: "127.0.0.1", port: 0 });
  base = `http://127.0.0.1:${(server.server.address() as AddressInfo).port}`;
});
afterAll(() => server.close());
beforeEach(() => {
  received.length = 0;
  sim.reset();
});

const control = (url: string, payload: unknown, authorization = `Bearer ${TOKEN}`) =>
  server.inject({
    method: "POST",
    url: `/carrier-sim/sim/${url}`,
    headers: { authorization },
    payload: payload as object,
  });

describe("control endpoints", () => {
  it("places a call and answers its transcript", async () => {
    const response = await control("calls", {
      from: CALLER,
      to: "#4LAW",
      press: "1",
      dial: { [SALES]: { outcome: "answer" } },
    });
    expect(response.statusCode).toBe(200);
    const transcript = response.json<CallTranscript>();
    expect(transcript.spoken).toContain("Connecting you to sales.");
    expect(sim.calls()).toHaveLength(1);
  });

  it("answers text when asked", async () => {
    const response = await control("calls", { from: CALLER, to: "#4LAW", press: ["2"], json: false });
    expect(response.headers["content-type"]).toContain("text/plain");
    expect(response.body).toContain("Connecting you to support.");
    expect(response.body).toContain("ended: ");
  });

  it("sends a text", async () => {
    const response = await control("texts", { from: CALLER, to: "+18005550100", body: "STOP" });
    expect(response.json().replies[0].body).toBe("You are unsubscribed.");
    const sent = await server.inject({
      method: "GET",
      url: "/carrier-sim/sim/messages",
      headers: { authorization: `Bearer ${TOKEN}` },
    });
    expect(sent.json()).toHaveLength(1);
  });

  it.each([
    ["no to", { from: CALLER }],
    ["an unknown field", { from: CALLER, to: "#4LAW", colour: "blue" }],
    ["a bad dial outcome", { from: CALLER, to: "#4LAW", dial: { [SALES]: { outcome: "maybe" } } }],
  ])("refuses a body with %s", async (_name, body) => {
    const response = await control("calls", body);
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toMatchObject({
      code: "BAD_REQUEST",
      requestId: REQUEST_ID,
      fields: expect.any(Object),
    });
  });

  it("answers a body that is not JSON with 400 in the same shape", async () => {
    const response = await server.inject({
      method: "POST",
      url: "/carrier-sim/sim/calls",
      headers: { authorization: `Bearer ${TOKEN}`, "content-type": "application/json" },
      payload: "{not json",
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toMatchObject({ code: "BAD_REQUEST", requestId: REQUEST_ID });
  });

  it("names the field of a bad body", async () => {
    const response = await control("texts", { from: CALLER, to: "#4LAW" });
    expect(response.json().error.fields).toEqual({ "body.body": ["must have required property 'body'"] });
  });

  it("answers 404 for a number nobody answers", async () => {
    const response = await control("calls", { from: CALLER, to: "#NOPE" });
    expect(response.statusCode).toBe(404);
    expect(response.json().error).toEqual({
      code: "NOT_FOUND",
      message: "No number answers to #NOPE",
      requestId: REQUEST_ID,
    });
  });

  it("answers an unknown path of its own in the same shape, and the carrier's paths in the carrier's", async () => {
    const own = await server.inject({ method: "GET", url: "/carrier-sim/sim/nothing-here" });
    expect(own.statusCode).toBe(404);
    expect(own.json().error).toMatchObject({ code: "NOT_FOUND", requestId: REQUEST_ID });
    const carrier = await server.inject({ method: "GET", url: "/carrier-sim/2010-04-01/Nothing.json" });
    expect(carrier.statusCode).toBe(404);
    expect(carrier.json()).toMatchObject({ code: 20404, status: 404 });
  });

  it("is behind the guard the app gives", async () => {
    const response = await control("calls", { from: CALLER, to: "#4LAW" }, "Bearer wrong");
    expect(response.statusCode).toBe(403);
    expect(received).toHaveLength(0);
  });
});

describe("control endpoints confined to some numbers", () => {
  const RECORD_LINE = "+18005550107";
  const scoped = Fastify();
  const scopedReceived = registerPhoneApp(scoped, { base: () => APP }).received;
  const scopedSim = createCarrierSim({
    accountSid: ACCOUNT_SID,
    authToken: AUTH_TOKEN,
    publicBaseUrl: "http://app.test/carrier-sim",
    numbers: phoneDirectory(() => APP),
    transport: injectTransport(scoped),
  });
  // The caller whose scope is "all" says so; every other may only use the record line.
  scoped.register(carrierSimPlugin, {
    prefix: "/carrier-sim",
    sim: scopedSim,
    scope: (request) => (request.headers["x-scope"] === "all" ? "all" : new Set([RECORD_LINE])),
  });
  afterAll(() => scoped.close());
  beforeEach(() => {
    scopedReceived.length = 0;
    scopedSim.reset();
  });

  const post = (url: string, payload: object, scope?: string) =>
    scoped.inject({
      method: "POST",
      url: `/carrier-sim/sim/${url}`,
      payload,
      ...(scope ? { headers: { "x-scope": scope } } : {}),
    });

  it.each([
    ["calls", { from: CALLER, to: "#4LAW" }],
    ["texts", { from: CALLER, to: "#4LAW", body: "STOP" }],
  ])(
    "answers 404 for %s into a number outside the caller's, as for a number nobody answers",
    async (kind, body) => {
      const response = await post(kind, body);
      expect(response.statusCode).toBe(404);
      expect(response.json().error).toEqual({
        code: "NOT_FOUND",
        message: "No number answers to #4LAW",
        requestId: REQUEST_ID,
      });
      expect(scopedReceived).toHaveLength(0);
      expect(scopedSim.calls()).toHaveLength(0);
    },
  );

  it("places calls and texts into the caller's own numbers", async () => {
    expect((await post("texts", { from: CALLER, to: RECORD_LINE, body: "hello" })).statusCode).toBe(200);
    expect((await post("calls", { from: CALLER, to: RECORD_LINE, recordSeconds: 2 })).statusCode).toBe(200);
    expect(scopedReceived.length).toBeGreaterThan(0);
  });

  it("lists only the caller's calls and sent texts", async () => {
    await post("calls", { from: CALLER, to: "#4LAW", press: "2" }, "all");
    await post("texts", { from: CALLER, to: "#4LAW", body: "STOP" }, "all");
    await post("calls", { from: CALLER, to: RECORD_LINE, recordSeconds: 2 });
    const everyone = await scoped.inject({
      method: "GET",
      url: "/carrier-sim/sim/messages",
      headers: { "x-scope": "all" },
    });
    expect(everyone.json()).toHaveLength(1);
    const mine = await scoped.inject({ method: "GET", url: "/carrier-sim/sim/messages" });
    expect(mine.json()).toEqual([]);
    const calls = await scoped.inject({ method: "GET", url: "/carrier-sim/sim/calls" });
    expect(calls.json().map((call: { to: string }) => call.to)).toEqual([RECORD_LINE]);
  });
});

describe("the CLI", () => {
  it("parses a call", () => {
    expect(
      parseCommand(
        [
          "call",
          "--from",
          CALLER,
          "--to",
          "#4LAW",
          "--press",
          "1,,2",
          "--dial",
          `${SALES}=answer:4:60`,
          "--json",
        ],
        { POUNDLINE_URL: "http://poundline.test/" },
      ),
    ).toEqual({
      kind: "call",
      json: true,
      url: "http://poundline.test/carrier-sim/sim/calls",
      body: {
        from: CALLER,
        to: "#4LAW",
        press: ["1", "", "2"],
        dial: { [SALES]: { outcome: "answer", ringSeconds: 4, talkSeconds: 60 } },
      },
    });
  });

  it.each([
    [["ring", "--from", CALLER, "--to", "#4LAW"]],
    [["call", "--from", CALLER]],
    [["text", "--from", CALLER, "--to", "#4LAW"]],
    [["call", "--from", CALLER, "--to", "#4LAW", "--dial", "+1305=maybe"]],
    [["call", "--from", CALLER, "--to", "#4LAW", "--colour", "blue"]],
  ])("refuses %j with the usage", async (argv) => {
    const out: string[] = [];
    expect(await main(argv, {}, (text) => out.push(text))).toBe(2);
    expect(out.join("\n")).toContain("Usage:");
  });

  it("prints each webhook, each verb, what was said and where the call ended", async () => {
    const out: string[] = [];
    const code = await main(
      [
        "call",
        "--from",
        CALLER,
        "--to",
        "#4LAW",
        "--press",
        "1",
        "--dial",
        `${SALES}=busy`,
        "--record-seconds",
        "3",
        "--base",
        base,
      ],
      { CARRIER_SIM_TOKEN: TOKEN },
      (text) => out.push(text),
    );
    expect(code).toBe(0);
    const printed = out.join("\n");
    expect(printed).toContain("→ voice POST http://app.test/voice/ivr");
    expect(printed).toContain("<Gather");
    expect(printed).toContain("pressed 1");
    expect(printed).toContain(`${SALES}: busy`);
    expect(printed).toContain('DialCallStatus="busy"');
    expect(printed).toContain('"Please leave a message after the beep."');
    expect(printed).toMatch(/ended: hangup-verb in http:\/\/app\.test\/voice\/recorded; status completed/);
    expect(printed).toContain("call-status POST http://app.test/voice/status");
  });

  it("prints the transcript as JSON with --json", async () => {
    const out: string[] = [];
    await main(
      ["text", "--from", CALLER, "--to", "#4LAW", "--body", "STOP", "--json", "--base", base],
      { CARRIER_SIM_TOKEN: TOKEN },
      (text) => out.push(text),
    );
    expect(JSON.parse(out.join("\n")).replies[0].body).toBe("You are unsubscribed.");
  });

  it("says so when the app refuses", async () => {
    const out: string[] = [];
    expect(
      await main(["call", "--from", CALLER, "--to", "#4LAW", "--base", base], {}, (text) => out.push(text)),
    ).toBe(1);
    expect(out.join("\n")).toContain("answered 403");
  });
});
