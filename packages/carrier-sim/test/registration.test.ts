/**
 * Texting registration on the sim through the official client: a customer profile with its end
 * users, address document, assignments and evaluation; a brand; a messaging service with a
 * number; a campaign. Every answer is checked against the carrier's response schema; statuses
 * move on the virtual clock, and the control decides as the carrier's reviewer does.
 */
import Fastify from "fastify";
import twilio from "twilio";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  CarrierSimRequestClient,
  carrierSimPlugin,
  createCarrierSim,
  createSpecValidators,
  createVirtualClock,
  DESCRIPTION_HOSTS,
  SIM_OPERATIONS,
} from "../src/index";
import { IN_REVIEW_AFTER_S, REVIEW_SECONDS } from "../src/registrations";
import { ACCOUNT_SID, AUTH_TOKEN, phoneDirectory } from "./fixtures/phone-app";

const clock = createVirtualClock(new Date("2026-01-05T10:00:00Z"));
const sim = createCarrierSim({
  accountSid: ACCOUNT_SID,
  authToken: AUTH_TOKEN,
  publicBaseUrl: "http://sim.test/carrier-sim",
  numbers: phoneDirectory(() => "http://app.test"),
  transport: async () => ({ status: 204, headers: {}, body: "" }),
  clock,
});
const validators = createSpecValidators();
const server = Fastify();
const answered: { operation: string; ok: boolean; errors: unknown }[] = [];

/** The operation a request is, by method and path template. */
function operationOf(method: string, url: string) {
  const path = url.replace(/^\/carrier-sim/, "").split("?")[0] ?? "";
  return SIM_OPERATIONS.find((op) => {
    const host = DESCRIPTION_HOSTS[op.description ?? "api_v2010"];
    const pattern = new RegExp(`^${host}${op.path.replace(/\{[^}]+\}/g, "[^/]+")}$`);
    return op.method === method.toLowerCase() && pattern.test(path);
  });
}

// Every successful answer of these paths, checked against the operation's response schema.
server.addHook("onSend", async (request, reply, payload) => {
  const operation = operationOf(request.method, request.url);
  if (!operation || reply.statusCode >= 400 || typeof payload !== "string") return payload;
  const validate = validators.response(operation.id);
  answered.push({ operation: operation.id, ok: validate(JSON.parse(payload)), errors: validate.errors });
  return payload;
});
server.register(carrierSimPlugin, { prefix: "/carrier-sim", sim });
const client = new twilio.Twilio(ACCOUNT_SID, AUTH_TOKEN, {
  httpClient: new CarrierSimRequestClient({ baseUrl: "http://sim.test/carrier-sim", inject: server }),
});
const POLICY = "RNdfbf3fae0e1107f8aded0e7cead80bf5";

beforeAll(() => server.ready());
afterAll(() => server.close());

async function submittedProfile() {
  const trust = client.trusthub.v1;
  const business = await trust.endUsers.create({
    friendlyName: "Acme",
    type: "customer_profile_business_information",
    attributes: { business_name: "Acme LLC" },
  });
  const person = await trust.endUsers.create({ friendlyName: "Ada", type: "authorized_representative_1" });
  const address = await client.addresses.create({
    customerName: "Acme",
    street: "1 Main St",
    city: "Austin",
    region: "TX",
    postalCode: "78701",
    isoCountry: "US",
  });
  const document = await trust.supportingDocuments.create({
    friendlyName: "Acme address",
    type: "customer_profile_address",
    attributes: { address_sids: address.sid },
  });
  const profile = await trust.customerProfiles.create({
    friendlyName: "Acme",
    email: "a@acme.test",
    policySid: POLICY,
  });
  const early = await trust
    .customerProfiles(profile.sid)
    .customerProfilesEvaluations.create({ policySid: POLICY });
  expect(early.status).toBe("noncompliant");
  for (const objectSid of [business.sid, person.sid, document.sid])
    await trust.customerProfiles(profile.sid).customerProfilesEntityAssignments.create({ objectSid });
  const evaluation = await trust
    .customerProfiles(profile.sid)
    .customerProfilesEvaluations.create({ policySid: POLICY });
  expect(evaluation.status).toBe("compliant");
  const submitted = await trust.customerProfiles(profile.sid).update({ status: "pending-review" });
  expect(submitted.status).toBe("pending-review");
  return profile.sid;
}

async function boughtNumberSid() {
  const [offered] = await client.availablePhoneNumbers("US").local.list({ areaCode: 512, limit: 1 });
  const number = await client.incomingPhoneNumbers.create({ phoneNumber: offered?.phoneNumber ?? "" });
  return number.sid;
}

async function campaignFor(brandSid: string) {
  const service = await client.messaging.v1.services.create({ friendlyName: "Acme texts", usecase: "mixed" });
  const joined = await client.messaging.v1.services(service.sid).phoneNumbers.create({
    phoneNumberSid: await boughtNumberSid(),
  });
  expect(joined.serviceSid).toBe(service.sid);
  const campaign = await client.messaging.v1.services(service.sid).usAppToPerson.create({
    brandRegistrationSid: brandSid,
    description: "Appointment reminders and replies to customers who write to us first.",
    messageFlow: "Customers opt in by texting us first or on the booking form at acme.test/book.",
    messageSamples: ["Your appointment is tomorrow at 10am. Reply STOP to opt out.", "Thanks, see you soon!"],
    usAppToPersonUsecase: "MIXED",
    hasEmbeddedLinks: false,
    hasEmbeddedPhone: false,
  });
  return { serviceSid: service.sid, campaignSid: campaign.sid };
}

const decide = (sid: string, decision: "approve" | "reject", reason?: string) =>
  server.inject({
    method: "POST",
    url: `/carrier-sim/sim/registrations/${sid}`,
    payload: { decision, ...(reason ? { reason } : {}) },
  });

describe("texting registration on the sim", () => {
  it("moves a profile, brand and campaign through review on the virtual clock", async () => {
    const profileSid = await submittedProfile();
    const brand = await client.messaging.v1.brandRegistrations.create({
      customerProfileBundleSid: profileSid,
      a2PProfileBundleSid: profileSid,
    });
    expect(brand.status).toBe("PENDING");
    const { serviceSid, campaignSid } = await campaignFor(brand.sid);
    const campaign = () => client.messaging.v1.services(serviceSid).usAppToPerson(campaignSid).fetch();
    expect((await campaign()).campaignStatus).toBe("IN_PROGRESS");

    clock.advance(IN_REVIEW_AFTER_S);
    expect((await client.trusthub.v1.customerProfiles(profileSid).fetch()).status).toBe("in-review");
    clock.advance(REVIEW_SECONDS.brand);
    expect((await client.trusthub.v1.customerProfiles(profileSid).fetch()).status).toBe("twilio-approved");
    expect((await client.messaging.v1.brandRegistrations(brand.sid).fetch()).status).toBe("APPROVED");
    expect((await campaign()).campaignStatus).toBe("IN_PROGRESS");
    clock.advance(REVIEW_SECONDS.campaign);
    expect((await campaign()).campaignStatus).toBe("VERIFIED");
    expect(answered.filter((a) => !a.ok)).toEqual([]);
    expect(new Set(answered.map((a) => a.operation)).size).toBeGreaterThanOrEqual(12);
  });

  it("lets the control reject a brand, which fails its campaign with the reason", async () => {
    const profileSid = await submittedProfile();
    const brand = await client.messaging.v1.brandRegistrations.create({
      customerProfileBundleSid: profileSid,
      a2PProfileBundleSid: profileSid,
    });
    const { serviceSid, campaignSid } = await campaignFor(brand.sid);
    const rejected = await decide(brand.sid, "reject", "The EIN does not match the legal name");
    expect(rejected.json()).toMatchObject({ status: "FAILED" });
    const fetched = await client.messaging.v1.brandRegistrations(brand.sid).fetch();
    expect(fetched.failureReason).toBe("The EIN does not match the legal name");
    const campaign = await client.messaging.v1.services(serviceSid).usAppToPerson(campaignSid).fetch();
    expect(campaign.campaignStatus).toBe("FAILED");
    expect(answered.filter((a) => !a.ok)).toEqual([]);
  });

  it("approves at once when the control says so, each part after the one it waits on", async () => {
    const profileSid = await submittedProfile();
    const brand = await client.messaging.v1.brandRegistrations.create({
      customerProfileBundleSid: profileSid,
      a2PProfileBundleSid: profileSid,
    });
    expect((await decide(brand.sid, "approve")).json()).toMatchObject({ status: "IN_REVIEW" });
    expect((await decide(profileSid, "approve")).json()).toMatchObject({ status: "twilio-approved" });
    expect((await client.messaging.v1.brandRegistrations(brand.sid).fetch()).status).toBe("APPROVED");
    expect((await decide("QE00000000000000000000000000000000", "approve")).statusCode).toBe(404);
  });

  it.each([
    ["a profile without its policy", "/trusthub/v1/CustomerProfiles", { FriendlyName: "x", Email: "a@b.c" }],
    [
      "a brand of a malformed profile sid",
      "/messaging/v1/a2p/BrandRegistrations",
      { CustomerProfileBundleSid: "BU1", A2PProfileBundleSid: "BU1" },
    ],
    ["a service without a name", "/messaging/v1/Services", {}],
  ])("refuses %s with the carrier's 400", async (_name, path, body) => {
    const response = await server.inject({
      method: "POST",
      url: `/carrier-sim${path}`,
      headers: {
        authorization: `Basic ${Buffer.from(`${ACCOUNT_SID}:${AUTH_TOKEN}`).toString("base64")}`,
        "content-type": "application/x-www-form-urlencoded",
      },
      payload: new URLSearchParams(body as Record<string, string>).toString(),
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ status: 400 });
  });

  it("refuses to submit a profile that lacks what the policy requires", async () => {
    const profile = await client.trusthub.v1.customerProfiles.create({
      friendlyName: "Bare",
      email: "b@bare.test",
      policySid: POLICY,
    });
    await expect(
      client.trusthub.v1.customerProfiles(profile.sid).update({ status: "pending-review" }),
    ).rejects.toMatchObject({
      status: 400,
      code: 22215,
    });
  });
});
