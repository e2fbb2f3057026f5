import Fastify from "fastify";
import twilio from "twilio";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import {
  CarrierSimRequestClient,
  carrierSimPlugin,
  createCarrierSim,
  createSpecValidators,
  createVirtualClock,
  type WebhookRequest,
} from "../src/index";
import { LOSING_CARRIER_REVIEW_SECONDS } from "../src/porting";
import { ACCOUNT_SID, AUTH_TOKEN } from "./fixtures/phone-app";

const HOOK = "https://app.test/twilio/porting/port-in";
const clock = createVirtualClock(new Date("2026-11-28T09:00:00Z"));
const delivered: WebhookRequest[] = [];
const sim = createCarrierSim({
  accountSid: ACCOUNT_SID,
  authToken: AUTH_TOKEN,
  publicBaseUrl: "http://sim.test/carrier-sim",
  numbers: {},
  clock,
  transport: async (request) => {
    delivered.push(request);
    return { status: 200, headers: {}, body: "" };
  },
});
const server = Fastify();
server.register(carrierSimPlugin, { prefix: "/carrier-sim", sim });
const client = twilio(ACCOUNT_SID, AUTH_TOKEN, {
  httpClient: new CarrierSimRequestClient({ baseUrl: "http://sim.test/carrier-sim", inject: server }),
});
const validators = createSpecValidators();

beforeAll(() => server.ready());
afterAll(() => server.close());
beforeEach(() => {
  sim.reset();
  delivered.length = 0;
});

const portIn = (numbers: string[], targetDate = "2026-12-01") =>
  // The client sends its params as the JSON body: the description's (snake_case) names.
  client.numbers.v1.portingPortIns.create({
    account_sid: ACCOUNT_SID,
    documents: [],
    phone_numbers: numbers.map((phone_number) => ({ phone_number })),
    losing_carrier_information: {
      customer_name: "Acme Plumbing",
      authorized_representative: "Ana Diaz",
      authorized_representative_email: "ana@acme.test",
      account_number: "12345",
      customer_type: "Business",
      address: { street: "1 Main St", city: "Miami", state: "FL", zip: "33101", country: "US" },
    },
    target_port_in_date: targetDate,
    notification_emails: ["ana@acme.test"],
  } as never);

const decide = (sid: string, decision: string, reason?: string) =>
  server.inject({
    method: "POST",
    url: `/carrier-sim/sim/porting/${sid}/decision`,
    payload: { decision, ...(reason ? { reason } : {}) },
  });

const events = () => delivered.map((request) => JSON.parse(request.body).event_type as string);

describe("port-in requests (numbers v1)", () => {
  it("answers create and fetch in the shapes the description gives", async () => {
    const created = await portIn(["+13055550177"]);
    expect(created.portInRequestStatus).toBe("in_review");
    const raw = await server.inject({
      method: "GET",
      url: `/carrier-sim/numbers/v1/Porting/PortIn/${created.portInRequestSid}`,
      headers: { authorization: `Basic ${Buffer.from(`${ACCOUNT_SID}:${AUTH_TOKEN}`).toString("base64")}` },
    });
    const validate = validators.response("fetchPortingPortIn");
    expect(validate(raw.json()), JSON.stringify(validate.errors)).toBe(true);
    const numberSid = created.phoneNumbers[0]?.portInPhoneNumberSid as string;
    const number = await client.numbers.v1
      .portingPortInPhoneNumber(created.portInRequestSid, numberSid)
      .fetch();
    expect(number).toMatchObject({ phoneNumber: "+13055550177", portInPhoneNumberStatus: "in_review" });
  });

  it.each([
    ["no losing carrier", { account_sid: ACCOUNT_SID, documents: [] }],
    ["no documents", { account_sid: ACCOUNT_SID, losing_carrier_information: {} }],
    [
      "a representative without an e-mail",
      {
        account_sid: ACCOUNT_SID,
        documents: [],
        phone_numbers: [{ phone_number: "+13055550177" }],
        losing_carrier_information: { customer_name: "A", authorized_representative: "B" },
      },
    ],
  ])("refuses a body the description refuses: %s", async (_case, body) => {
    const response = await server.inject({
      method: "POST",
      url: "/carrier-sim/numbers/v1/Porting/PortIn",
      headers: { authorization: `Basic ${Buffer.from(`${ACCOUNT_SID}:${AUTH_TOKEN}`).toString("base64")}` },
      payload: body,
    });
    expect(response.statusCode).toBe(400);
  });

  it("refuses a number that cannot port (toll-free)", async () => {
    await expect(portIn(["+18885550123"])).rejects.toMatchObject({ status: 400, code: 22130 });
  });

  it("moves on its clock once approved, signing each webhook, and the number lands in the inventory", async () => {
    await client.numbers.v1.portingWebhookConfigurations.create({ port_in_target_url: HOOK });
    const created = await portIn(["+13055550177"], "2026-11-30");
    expect((await decide(created.portInRequestSid, "approve")).statusCode).toBe(200);
    expect(events()).toEqual(["PortInInProgress", "PortInPhoneNumberSubmitted"]);
    clock.advance(LOSING_CARRIER_REVIEW_SECONDS);
    await sim.porting.runDue();
    expect(events().at(-1)).toBe("PortInPhoneNumberPending");
    expect(sim.inventory.byNumber("+13055550177")).toBeUndefined();
    clock.set(new Date("2026-11-30T12:00:00Z"));
    const fetched = await client.numbers.v1.portingPortIns(created.portInRequestSid).fetch();
    expect(fetched.portInRequestStatus).toBe("completed");
    expect(events().slice(-2)).toEqual(["PortInPhoneNumberCompleted", "PortInCompleted"]);
    expect(sim.inventory.byNumber("+13055550177")).toBeDefined();
    for (const request of delivered) {
      const signature = request.headers["x-twilio-signature"] ?? "";
      expect(twilio.validateRequestWithBody(AUTH_TOKEN, signature, request.url, request.body)).toBe(true);
    }
    const listed = await client.incomingPhoneNumbers.list({ phoneNumber: "+13055550177" });
    expect(listed.map((n) => n.phoneNumber)).toEqual(["+13055550177"]);
  });

  it("rejects: numbers refused with a reason, the request needs action", async () => {
    await client.numbers.v1.portingWebhookConfigurations.create({ port_in_target_url: HOOK });
    const created = await portIn(["+13055550177"]);
    await decide(created.portInRequestSid, "reject", "Account number does not match");
    expect(events()).toEqual(["PortInPhoneNumberRejected", "PortInActionRequired"]);
    const fetched = await client.numbers.v1.portingPortIns(created.portInRequestSid).fetch();
    expect(fetched.phoneNumbers[0]).toMatchObject({ rejectionReason: "Account number does not match" });
  });

  it("cancels a request (DELETE), and a settled one no more", async () => {
    const created = await portIn(["+13055550177"]);
    await client.numbers.v1.portingPortIns(created.portInRequestSid).remove();
    expect(
      (await client.numbers.v1.portingPortIns(created.portInRequestSid).fetch()).portInRequestStatus,
    ).toBe("canceled");
    await expect(client.numbers.v1.portingPortIns(created.portInRequestSid).remove()).rejects.toMatchObject({
      status: 400,
    });
  });

  it("the reviewer's control answers only callers with every number in scope", async () => {
    const created = await portIn(["+13055550177"]);
    expect((await decide(created.portInRequestSid, "complete")).json()).toMatchObject({
      port_in_request_status: "completed",
    });
    expect((await decide("KW0", "approve")).statusCode).toBe(404);
  });
});
