import Fastify from "fastify";
import twilio from "twilio";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  CarrierSimRequestClient,
  carrierSimPlugin,
  createCarrierSim,
  createSpecValidators,
  createVirtualClock,
} from "../src/index";
import { REVIEW_PICKUP_SECONDS } from "../src/tollfree-verifications";
import { ACCOUNT_SID, AUTH_TOKEN, phoneDirectory } from "./fixtures/phone-app";

const clock = createVirtualClock(new Date("2026-05-04T09:00:00Z"));
const sim = createCarrierSim({
  accountSid: ACCOUNT_SID,
  authToken: AUTH_TOKEN,
  publicBaseUrl: "http://sim.test/carrier-sim",
  numbers: phoneDirectory(() => "http://app.test"),
  transport: async () => ({ status: 204, headers: {}, body: "" }),
  clock,
});
const server = Fastify();
server.register(carrierSimPlugin, { prefix: "/carrier-sim", sim });
beforeAll(() => server.ready());
afterAll(() => server.close());

const client = new twilio.Twilio(ACCOUNT_SID, AUTH_TOKEN, {
  httpClient: new CarrierSimRequestClient({ baseUrl: "http://sim.test/carrier-sim", inject: server }),
});
const validators = createSpecValidators();
let serial = 0;

async function tollFreeNumber() {
  serial += 1;
  return client.incomingPhoneNumbers.create({ phoneNumber: `+18885550${String(100 + serial)}` });
}

const submission = (tollfreePhoneNumberSid: string) => ({
  tollfreePhoneNumberSid,
  businessName: "Owl, Inc.",
  businessWebsite: "https://owl.example",
  notificationEmail: "ops@owl.example",
  useCaseCategories: ["CUSTOMER_CARE", "ACCOUNT_NOTIFICATIONS"],
  useCaseSummary: "Replies to customers who text our support line.",
  productionMessageSample: "Hi Ada, your order 1234 has shipped.",
  optInImageUrls: ["https://owl.example/opt-in.png"],
  optInType: "WEB_FORM" as const,
  messageVolume: "1000",
});

const review = (sid: string, payload: object) =>
  server.inject({ method: "POST", url: `/carrier-sim/sim/tollfree-verifications/${sid}/review`, payload });

describe("toll-free verifications (messaging v1) through the official client", () => {
  it("submits one: pending review, in review on the sim's clock, approved by a reviewer", async () => {
    const number = await tollFreeNumber();
    const created = await client.messaging.v1.tollfreeVerifications.create(submission(number.sid));
    expect(created).toMatchObject({
      status: "PENDING_REVIEW",
      tollfreePhoneNumber: number.phoneNumber,
      useCaseCategories: ["CUSTOMER_CARE", "ACCOUNT_NOTIFICATIONS"],
      optInImageUrls: ["https://owl.example/opt-in.png"],
      editAllowed: false,
    });
    expect(created.sid).toMatch(/^HH[0-9a-f]{32}$/);

    clock.advance(REVIEW_PICKUP_SECONDS);
    expect((await client.messaging.v1.tollfreeVerifications(created.sid).fetch()).status).toBe("IN_REVIEW");

    expect((await review(created.sid, { decision: "approve" })).statusCode).toBe(200);
    const fetched = await client.messaging.v1.tollfreeVerifications(created.sid).fetch();
    expect(fetched).toMatchObject({ status: "TWILIO_APPROVED", rejectionReason: null });
    expect((await review(created.sid, { decision: "reject", reason: "late" })).statusCode).toBe(409);
  });

  it("answers in the shapes of the carrier's response schemas", async () => {
    const number = await tollFreeNumber();
    const res = await server.inject({
      method: "POST",
      url: "/carrier-sim/messaging/v1/Tollfree/Verifications",
      headers: { authorization: `Basic ${Buffer.from(`${ACCOUNT_SID}:${AUTH_TOKEN}`).toString("base64")}` },
      payload: {
        TollfreePhoneNumberSid: number.sid,
        BusinessName: "Owl, Inc.",
        BusinessWebsite: "https://owl.example",
        NotificationEmail: "ops@owl.example",
        UseCaseCategories: ["MARKETING"],
        UseCaseSummary: "Offers",
        ProductionMessageSample: "Sale today",
        OptInImageUrls: ["https://owl.example/a.png"],
        OptInType: "VERBAL",
        MessageVolume: "10",
      },
    });
    expect(res.statusCode, res.body).toBe(201);
    const validate = validators.response("createTollfreeVerification");
    expect(validate(res.json()), JSON.stringify(validate.errors)).toBe(true);
    const list = await client.messaging.v1.tollfreeVerifications.list({ tollfreePhoneNumberSid: number.sid });
    expect(list.map((v) => v.sid)).toEqual([res.json().sid]);
  });

  it("lets a rejected one be edited and resubmitted, back to pending review", async () => {
    const number = await tollFreeNumber();
    const created = await client.messaging.v1.tollfreeVerifications.create(submission(number.sid));
    await expect(
      client.messaging.v1.tollfreeVerifications(created.sid).update({ businessName: "Early" } as never),
    ).rejects.toMatchObject({ status: 400 });
    const rejected = await review(created.sid, {
      decision: "reject",
      reason: "The opt-in image is unreadable.",
    });
    expect(rejected.json()).toMatchObject({ status: "TWILIO_REJECTED", edit_allowed: true });
    const fetched = await client.messaging.v1.tollfreeVerifications(created.sid).fetch();
    expect(fetched).toMatchObject({ rejectionReason: "The opt-in image is unreadable.", editAllowed: true });

    const resubmitted = await client.messaging.v1.tollfreeVerifications(created.sid).update({
      ...submission(number.sid),
      optInImageUrls: ["https://owl.example/clear.png"],
      editReason: "A readable image",
    } as never);
    expect(resubmitted).toMatchObject({
      status: "PENDING_REVIEW",
      rejectionReason: null,
      optInImageUrls: ["https://owl.example/clear.png"],
    });
  });

  it.each([
    ["no opt-in image", { optInImageUrls: [] }],
    ["an unknown category", { useCaseCategories: ["GOSSIP"] }],
    ["an unknown opt-in type", { optInType: "TELEPATHY" }],
  ])("refuses %s with the carrier's 400", async (_name, change) => {
    const number = await tollFreeNumber();
    await expect(
      client.messaging.v1.tollfreeVerifications.create({ ...submission(number.sid), ...change } as never),
    ).rejects.toMatchObject({ status: 400 });
  });

  it("refuses a local number, a second verification of a number, and an unknown sid", async () => {
    const local = await client.incomingPhoneNumbers.create({ phoneNumber: "+14155550142" });
    await expect(
      client.messaging.v1.tollfreeVerifications.create(submission(local.sid)),
    ).rejects.toMatchObject({
      status: 400,
    });
    const number = await tollFreeNumber();
    await client.messaging.v1.tollfreeVerifications.create(submission(number.sid));
    await expect(
      client.messaging.v1.tollfreeVerifications.create(submission(number.sid)),
    ).rejects.toMatchObject({
      status: 409,
    });
    await expect(
      client.messaging.v1.tollfreeVerifications(`HH${"0".repeat(32)}`).fetch(),
    ).rejects.toMatchObject({ status: 404 });
    expect((await review(`HH${"0".repeat(32)}`, { decision: "approve" })).statusCode).toBe(404);
    expect((await review(`HH${"0".repeat(32)}`, { decision: "reject" })).statusCode).toBe(400);
  });
});
