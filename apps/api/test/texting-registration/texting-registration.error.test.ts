import { registrationsOf } from "@poundline/carrier-sim";
import { textingRegistrationMessages } from "@poundline/contracts/texting-registration/schemas";
import { schema } from "@poundline/db";
import { walletAndLedger } from "@poundline/db/testing";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../src/testing";
import { createUser, type SignedIn, signIn, type TestUser } from "../fixtures";
import { fund, submit, validBody } from "./helpers";

let t: TestApp;
let owner: TestUser;
let session: SignedIn;

beforeAll(async () => {
  t = await createTestApp();
  owner = await createUser(t, { textingRegistered: false });
  session = await signIn(t, owner);
});
afterAll(() => t.close());

const profilesAtCarrier = () =>
  t.app.deps.simulator ? registrationsOf(t.app.deps.simulator).profiles.size : 0;

/** Nothing written: no registration, no ledger entry, nothing at the carrier. */
async function nothingWritten(profilesBefore: number) {
  const rows = await t.db.db
    .select()
    .from(schema.textingRegistrations)
    .where(eq(schema.textingRegistrations.accountId, owner.accountId));
  expect(rows).toEqual([]);
  expect((await walletAndLedger(t.db.db, owner.accountId)).entries).toBe(0);
  expect(profilesAtCarrier()).toBe(profilesBefore);
}

const body = validBody();
const m = textingRegistrationMessages;

describe.each([
  [
    "a missing legal name",
    { ...body, business: { ...body.business, legalName: "" } },
    "body.business.legalName",
    m.required,
  ],
  ["a malformed EIN", { ...body, business: { ...body.business, ein: "123" } }, "body.business.ein", m.ein],
  [
    "a plain-http website",
    { ...body, business: { ...body.business, website: "http://a.example" } },
    "body.business.website",
    m.website,
  ],
  [
    "an unknown state",
    { ...body, business: { ...body.business, region: "ZZ" } },
    "body.business.region",
    m.region,
  ],
  [
    "a bad ZIP code",
    { ...body, business: { ...body.business, postalCode: "7870" } },
    "body.business.postalCode",
    m.postalCode,
  ],
  [
    "a contact phone not in E.164",
    { ...body, business: { ...body.business, contact: { ...body.business.contact, phone: "512-555-0100" } } },
    "body.business.contact.phone",
    m.phone,
  ],
  [
    "an unknown use case",
    { ...body, campaign: { ...body.campaign, useCase: "SPAM" } },
    "body.campaign.useCase",
    m.required,
  ],
  [
    "a short description",
    { ...body, campaign: { ...body.campaign, description: "Texts." } },
    "body.campaign.description",
    m.description,
  ],
  [
    "one sample only",
    { ...body, campaign: { ...body.campaign, messageSamples: ["Your plumber arrives tomorrow at 9am."] } },
    "body.campaign.messageSamples",
    m.samples,
  ],
  [
    "a short opt-in description",
    { ...body, campaign: { ...body.campaign, messageFlow: "They agree." } },
    "body.campaign.messageFlow",
    m.messageFlow,
  ],
])("a body with %s", (_name, payload, field, message) => {
  it("is refused with the field's message, nothing written", async () => {
    const before = profilesAtCarrier();
    const res = await submit(t, session, payload);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().error.fields[field]).toContain(message);
    await nothingWritten(before);
  });
});

describe("a wallet that cannot pay the fees", () => {
  it("is refused with what to do, before the carrier, nothing charged", async () => {
    const before = profilesAtCarrier();
    const res = await submit(t, session);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe(m.lowBalance(1941));
    await nothingWritten(before);
  });
});

describe("a second submission while the first is under review", () => {
  it("is refused (409) and charges nothing more", async () => {
    await fund(t, owner.accountId, 10_000);
    expect((await submit(t, session)).statusCode).toBe(201);
    const after = await walletAndLedger(t.db.db, owner.accountId);
    const res = await submit(t, session);
    expect(res.statusCode).toBe(409);
    expect(res.json().error.message).toBe(m.already);
    expect(await walletAndLedger(t.db.db, owner.accountId)).toEqual(after);
  });
});
