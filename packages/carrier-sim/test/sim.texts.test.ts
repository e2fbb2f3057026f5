import Fastify from "fastify";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createCarrierSim, injectTransport } from "../src/index";
import { ACCOUNT_SID, AUTH_TOKEN, CALLER, phoneDirectory, registerPhoneApp } from "./fixtures/phone-app";

const APP = "http://app.test";
const app = Fastify();
const { received } = registerPhoneApp(app, { base: () => APP });
const sim = createCarrierSim({
  accountSid: ACCOUNT_SID,
  authToken: AUTH_TOKEN,
  publicBaseUrl: "http://sim.test/carrier-sim",
  numbers: {
    ...phoneDirectory(() => APP),
    "+18005550110": { phoneNumber: "+18005550110", voiceUrl: `${APP}/voice/ivr` },
  },
  transport: injectTransport(app),
});

beforeAll(() => app.ready());
afterAll(() => app.close());
beforeEach(() => {
  received.length = 0;
  sim.reset();
});

describe("inbound texts", () => {
  it("posts the carrier's parameters, signed, and takes <Message> as a reply", async () => {
    const text = await sim.sendText({ from: CALLER, to: "#4LAW", body: "STOP", fromState: "FL" });
    expect(text.messageSid).toMatch(/^SM[0-9a-f]{32}$/);
    expect(received[0]).toMatchObject({
      path: "/sms",
      signatureValid: true,
      params: {
        MessageSid: text.messageSid,
        SmsSid: text.messageSid,
        SmsMessageSid: text.messageSid,
        AccountSid: ACCOUNT_SID,
        From: CALLER,
        To: "+18005550100",
        Body: "STOP",
        NumMedia: "0",
        NumSegments: "1",
        SmsStatus: "received",
        FromState: "FL",
        FromCountry: "",
        ToState: "FL",
        ApiVersion: "2010-04-01",
      },
    });
    expect(text.replies).toHaveLength(1);
    expect(text.replies[0]).toMatchObject({
      direction: "outbound-reply",
      from: "+18005550100",
      to: CALLER,
      body: "You are unsubscribed.",
      status: "delivered",
      inReplyTo: text.messageSid,
    });
    expect(sim.sentMessages()).toEqual(text.replies);
  });

  it("sends media as MediaUrlN, and reports a reply's status to its action", async () => {
    const text = await sim.sendText({
      from: CALLER,
      to: "+18005550100",
      body: "hello",
      mediaUrls: ["https://media.example/cat.jpg"],
    });
    expect(text.messageSid).toMatch(/^MM/);
    expect(received[0]?.params).toMatchObject({
      NumMedia: "1",
      MediaUrl0: "https://media.example/cat.jpg",
      MediaContentType0: "image/jpeg",
    });
    const reply = text.replies[0];
    expect(reply).toMatchObject({ body: "Echo: hello", mediaUrls: ["https://media.example/logo.png"] });
    expect(reply?.statusCallback).toBe(`${APP}/sms/status`);
    const statuses = text.webhooks.filter((w) => w.kind === "message-status");
    expect(statuses.map((w) => w.params.MessageStatus)).toEqual(["queued", "sent", "delivered"]);
    expect(statuses.every((w) => w.params.MessageSid === reply?.sid)).toBe(true);
    expect(received.filter((r) => r.path === "/sms/status").every((r) => r.signatureValid)).toBe(true);
  });

  it("reports the scripted failure of a reply", async () => {
    sim.setTextOutcome(CALLER, "undelivered");
    const text = await sim.sendText({ from: CALLER, to: "+18005550100", body: "hi" });
    const statuses = text.webhooks.filter((w) => w.kind === "message-status");
    expect(statuses.map((w) => [w.params.MessageStatus, w.params.ErrorCode])).toEqual([
      ["queued", undefined],
      ["sent", undefined],
      ["undelivered", "30003"],
    ]);
    expect(text.replies[0]).toMatchObject({ status: "undelivered", errorCode: 30003 });
  });

  it("counts segments as the carrier does", async () => {
    await sim.sendText({ from: CALLER, to: "#4LAW", body: "x".repeat(161) });
    await sim.sendText({ from: CALLER, to: "#4LAW", body: "ü".repeat(10) + "😀".repeat(40) });
    expect(received.filter((r) => r.path === "/sms").map((r) => r.params.NumSegments)).toEqual(["2", "2"]);
  });

  it("refuses a number without a messaging URL", async () => {
    await expect(sim.sendText({ from: CALLER, to: "+18005550110", body: "hi" })).rejects.toMatchObject({
      code: "no-sms-url",
    });
  });
});
