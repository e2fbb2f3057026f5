/**
 * Texting registration on the sim through the official client: a customer profile with its end
 * users, address document, assignments and evaluation; an A2P trust product holding it; a brand
 * naming both; a messaging service with a
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
const A2P_POLICY = "RNb0d4771c2c98518d916a3d4cd70a8f8b";

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

/** The A2P trust product holding a submitted profile: refused until its evaluation is compliant. */
async function submittedTrustProduct(profileSid: string) {
  const trust = client.trusthub.v1;
  const messagingProfile = await trust.endUsers.create({
    friendlyName: "Acme messaging profile",
    type: "us_a2p_messaging_profile_information",
    attributes: { company_type: "private" },
  });
  const product = await trust.trustProducts.create({
    friendlyName: "Acme A2P",
    email: "a@acme.test",
    policySid: A2P_POLICY,
  });
  expect(product.sid).toMatch(/^BU/);
  const assignments = trust.trustProducts(product.sid).trustProductsEntityAssignments;
  await assignments.create({ objectSid: messagingProfile.sid });
  const early = await trust
    .trustProducts(product.sid)
    .trustProductsEvaluations.create({ policySid: A2P_POLICY });
  expect(early.status).toBe("noncompliant");
  await expect(trust.trustProducts(product.sid).update({ status: "pending-review" })).rejects.toMatchObject({
    status: 400,
    code: 22215,
  });
  await assignments.create({ objectSid: profileSid });
  const evaluation = await trust
    .trustProducts(product.sid)
    .trustProductsEvaluations.create({ policySid: A2P_POLICY });
  expect(evaluation.status).toBe("compliant");
  const submitted = await trust.trustProducts(product.sid).update({ status: "pending-review" });
  expect(submitted.status).toBe("pending-review");
  return product.sid;
}

/** A brand on a submitted profile and its submitted trust product. */
async function submittedBrand() {
  const profileSid = await submittedProfile();
  const trustProductSid = await submittedTrustProduct(profileSid);
  const brand = await client.messaging.v1.brandRegistrations.create({
    customerProfileBundleSid: profileSid,
    a2PProfileBundleSid: trustProductSid,
  });
  return { profileSid, trustProductSid, brand };
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
  it("moves a profile, trust product, brand and campaign through review on the virtual clock", async () => {
    const { profileSid, trustProductSid, brand } = await submittedBrand();
    expect(brand.status).toBe("PENDING");
    expect(brand.a2pProfileBundleSid).toBe(trustProductSid);
    const { serviceSid, campaignSid } = await campaignFor(brand.sid);
    const campaign = () => client.messaging.v1.services(serviceSid).usAppToPerson(campaignSid).fetch();
    expect((await campaign()).campaignStatus).toBe("IN_PROGRESS");

    clock.advance(IN_REVIEW_AFTER_S);
    expect((await client.trusthub.v1.customerProfiles(profileSid).fetch()).status).toBe("in-review");
    expect((await client.trusthub.v1.trustProducts(trustProductSid).fetch()).status).toBe("in-review");
    clock.advance(REVIEW_SECONDS.brand);
    expect((await client.trusthub.v1.customerProfiles(profileSid).fetch()).status).toBe("twilio-approved");
    expect((await client.trusthub.v1.trustProducts(trustProductSid).fetch()).status).toBe("twilio-approved");
    expect((await client.messaging.v1.brandRegistrations(brand.sid).fetch()).status).toBe("APPROVED");
    expect((await campaign()).campaignStatus).toBe("IN_PROGRESS");
    clock.advance(REVIEW_SECONDS.campaign);
    expect((await campaign()).campaignStatus).toBe("VERIFIED");
    expect(answered.filter((a) => !a.ok)).toEqual([]);
    const operations = new Set(answered.map((a) => a.operation));
    for (const id of SIM_OPERATIONS.filter((op) => op.path.startsWith("/v1/TrustProducts")).map(
      (op) => op.id,
    ))
      expect(operations).toContain(id);
    expect(operations.size).toBeGreaterThanOrEqual(17);
  });

  it("lets the control reject a brand, which fails its campaign with the reason", async () => {
    const { brand } = await submittedBrand();
    const { serviceSid, campaignSid } = await campaignFor(brand.sid);
    const rejected = await decide(brand.sid, "reject", "The EIN does not match the legal name");
    expect(rejected.json()).toMatchObject({ status: "FAILED" });
    const fetched = await client.messaging.v1.brandRegistrations(brand.sid).fetch();
    expect(fetched.failureReason).toBe("The EIN does not match the legal name");
    const campaign = await client.messaging.v1.services(serviceSid).usAppToPerson(campaignSid).fetch();
    expect(campaign.campaignStatus).toBe("FAILED");
    expect(answered.filter((a) => !a.ok)).toEqual([]);
  });

  it("approves at once when the control says so, each part after the ones it waits on", async () => {
    const { profileSid, trustProductSid, brand } = await submittedBrand();
    expect((await decide(brand.sid, "approve")).json()).toMatchObject({ status: "IN_REVIEW" });
    expect((await decide(profileSid, "approve")).json()).toMatchObject({ status: "twilio-approved" });
    expect((await client.messaging.v1.brandRegistrations(brand.sid).fetch()).status).toBe("IN_REVIEW");
    expect((await decide(trustProductSid, "approve")).json()).toMatchObject({ status: "twilio-approved" });
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

  it("fails the brand when the control rejects its trust product", async () => {
    const { trustProductSid, brand } = await submittedBrand();
    const rejected = await decide(trustProductSid, "reject", "The company type does not match");
    expect(rejected.json()).toMatchObject({ status: "twilio-rejected" });
    const product = await client.trusthub.v1.trustProducts(trustProductSid).fetch();
    expect(product.errors).toEqual([{ code: 22215, message: "The company type does not match" }]);
    expect((await client.messaging.v1.brandRegistrations(brand.sid).fetch()).status).toBe("FAILED");
    expect(answered.filter((a) => !a.ok)).toEqual([]);
  });

  it("refuses a brand naming the customer profile, not a trust product, as its A2P bundle", async () => {
    const profileSid = await submittedProfile();
    await expect(
      client.messaging.v1.brandRegistrations.create({
        customerProfileBundleSid: profileSid,
        a2PProfileBundleSid: profileSid,
      }),
    ).rejects.toMatchObject({ status: 400, code: 20001 });
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
