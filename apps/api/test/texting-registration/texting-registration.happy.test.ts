import { type CarrierSim, registrationsOf } from "@poundline/carrier-sim";
import { textingRegistrationMessages } from "@poundline/contracts/texting-registration/schemas";
import { schema } from "@poundline/db";
import { walletAndLedger } from "@poundline/db/testing";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../src/testing";
import { createUser, type SignedIn, signIn, type TestUser } from "../fixtures";
import { subscribe } from "../numbers/helpers";
import { buyLocalNumber, fund, read, review, sendText, submit } from "./helpers";

let t: TestApp;
let owner: TestUser;
let session: SignedIn;
let ourNumber: string;

beforeAll(async () => {
  t = await createTestApp();
  owner = await createUser(t, { textingRegistered: false });
  session = await signIn(t, owner);
  ourNumber = await buyLocalNumber(t, owner.accountId);
  await fund(t, owner.accountId, 5_000);
});
afterAll(() => t.close());

const row = async () => {
  const [found] = await t.db.db
    .select()
    .from(schema.textingRegistrations)
    .where(eq(schema.textingRegistrations.accountId, owner.accountId));
  if (!found) throw new Error("no registration stored");
  return found;
};

describe("texting registration", () => {
  it("shows no registration and the fees before one is submitted", async () => {
    const res = await read(t, session);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      registration: null,
      fees: {
        brandCents: 441,
        campaignVettingCents: 1500,
        totalCents: 1941,
        campaignMonthlyCents: 1000,
        lowVolumeCampaignMonthlyCents: 150,
      },
    });
  });

  it("refuses a text from a local number before registration, before the carrier", async () => {
    const sentBefore = t.app.deps.simulator?.sentMessages().length ?? 0;
    const res = await sendText(t, session, ourNumber);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe(textingRegistrationMessages.unregistered);
    expect(res.json().error.fields["body.from"]).toEqual([textingRegistrationMessages.unregistered]);
    expect(await t.db.db.select().from(schema.messages)).toHaveLength(0);
    expect(t.app.deps.simulator?.sentMessages().length ?? 0).toBe(sentBefore);
  });

  it("submits the profile, charges the fees in the ledger, and follows each review to approval", async () => {
    const res = await submit(t, session);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().registration).toMatchObject({
      stage: "profile_review",
      profileStatus: "pending-review",
      trustProductStatus: "pending-review",
    });
    expect((await row()).trustProductSid).toMatch(/^BU/);
    const money = await walletAndLedger(t.db.db, owner.accountId);
    expect(money.balanceCents).toBe(5_000 - 1941);
    expect(money.ledgerCents).toBe(money.balanceCents);
    const fees = await t.db.db
      .select()
      .from(schema.ledgerEntries)
      .where(eq(schema.ledgerEntries.transactionType, "registration_fee"));
    expect(fees.map((e) => e.amountCents).sort()).toEqual([-1500, -441]);
    expect((await sendText(t, session, ourNumber)).json().error.message).toBe(
      textingRegistrationMessages.pending,
    );

    review(t, (await row()).profileSid, true);
    // The brand names the trust product too: nothing is registered before it is approved.
    expect((await read(t, session)).json().registration).toMatchObject({
      stage: "profile_review",
      profileStatus: "twilio-approved",
    });
    expect((await row()).brandSid).toBeNull();
    review(t, (await row()).trustProductSid, true);
    expect((await read(t, session)).json().registration).toMatchObject({
      stage: "brand_review",
      brandStatus: "PENDING",
    });
    review(t, (await row()).brandSid, true);
    const campaign = (await read(t, session)).json().registration;
    expect(campaign).toMatchObject({ stage: "campaign_review", campaignStatus: "IN_PROGRESS" });
    expect(campaign.joinedNumbers).toEqual([ourNumber]);
    review(t, (await row()).campaignSid, true);
    expect((await read(t, session)).json().registration).toMatchObject({
      stage: "approved",
      campaignStatus: "VERIFIED",
    });
    expect(await row()).toMatchObject({ stage: "approved", feeCents: 1941 });
  });

  it("accepts the text once the campaign is approved", async () => {
    const res = await sendText(t, session, ourNumber);
    expect(res.statusCode, res.body).toBe(201);
    expect(await t.db.db.select().from(schema.messages)).toHaveLength(1);
  });

  it("adds a local number bought after the approval to the campaign's messaging service; it texts", async () => {
    await subscribe(t, owner.accountId, "Professional");
    const offered = await t.app.inject({
      method: "GET",
      url: "/api/numbers/available?areaCode=512",
      headers: session.headers,
    });
    const e164 = offered.json().numbers[0].e164 as string;
    const bought = await t.app.inject({
      method: "POST",
      url: "/api/numbers",
      headers: session.headers,
      payload: { e164, friendlyName: "Second line" },
    });
    expect(bought.statusCode, bought.body).toBe(201);
    const registration = await row();
    expect(registration.joinedNumbers).toEqual([ourNumber, e164]);
    const [number] = await t.db.db
      .select({ carrierSid: schema.phoneNumbers.carrierSid })
      .from(schema.phoneNumbers)
      .where(eq(schema.phoneNumbers.e164, e164));
    const service = registrationsOf(t.app.deps.simulator as CarrierSim).services.get(
      registration.messagingServiceSid ?? "",
    );
    expect([...(service?.numbers.keys() ?? [])]).toContain(number?.carrierSid);
    expect((await sendText(t, session, e164)).statusCode).toBe(201);
    // Read again: nothing joins twice.
    await read(t, session);
    expect((await row()).joinedNumbers).toEqual([ourNumber, e164]);
  });

  it("lets a toll-free number text whatever the registration (not this rule's concern)", async () => {
    const other = await createUser(t, { textingRegistered: false });
    await fund(t, other.accountId, 1_000);
    const [number] = await t.db.db
      .insert(schema.phoneNumbers)
      .values({
        id: `num_${crypto.randomUUID().slice(0, 8)}`,
        accountId: other.accountId,
        e164: "+18885550199",
        numberType: "toll-free",
      })
      .returning();
    const res = await sendText(t, await signIn(t, other), number?.e164 ?? "");
    expect(res.json().error?.message).not.toBe(textingRegistrationMessages.unregistered);
  });
});

describe("a rejected registration", () => {
  it("records the carrier's reason, refuses texts saying so, and may be submitted again", async () => {
    const other = await createUser(t, { textingRegistered: false });
    const otherSession = await signIn(t, other);
    const number = await buyLocalNumber(t, other.accountId);
    await fund(t, other.accountId, 5_000);
    expect((await submit(t, otherSession)).statusCode).toBe(201);
    const [stored] = await t.db.db
      .select()
      .from(schema.textingRegistrations)
      .where(eq(schema.textingRegistrations.accountId, other.accountId));
    review(t, stored?.profileSid ?? null, true);
    review(t, stored?.trustProductSid ?? null, true);
    await read(t, otherSession);
    const [branded] = await t.db.db
      .select()
      .from(schema.textingRegistrations)
      .where(eq(schema.textingRegistrations.accountId, other.accountId));
    review(t, branded?.brandSid ?? null, false, "The EIN does not match the legal name");
    expect((await read(t, otherSession)).json().registration).toMatchObject({
      stage: "rejected",
      failureReason: "The carrier rejected the brand: The EIN does not match the legal name",
    });
    expect((await sendText(t, otherSession, number)).json().error.message).toBe(
      textingRegistrationMessages.rejected,
    );
    const again = await submit(t, otherSession);
    expect(again.statusCode).toBe(201);
    expect(again.json().registration).toMatchObject({ stage: "profile_review", failureReason: null });
    expect((await walletAndLedger(t.db.db, other.accountId)).balanceCents).toBe(5_000 - 2 * 1941);
  });

  it("is rejected with its A2P trust product, the brand never registered", async () => {
    const other = await createUser(t, { textingRegistered: false });
    const otherSession = await signIn(t, other);
    await fund(t, other.accountId, 5_000);
    expect((await submit(t, otherSession)).statusCode).toBe(201);
    const stored = () =>
      t.db.db
        .select()
        .from(schema.textingRegistrations)
        .where(eq(schema.textingRegistrations.accountId, other.accountId))
        .then(([found]) => found);
    review(t, (await stored())?.profileSid ?? null, true);
    review(t, (await stored())?.trustProductSid ?? null, false, "The company type does not match");
    expect((await read(t, otherSession)).json().registration).toMatchObject({
      stage: "rejected",
      failureReason: "The carrier rejected the A2P messaging profile.",
    });
    expect(await stored()).toMatchObject({ trustProductStatus: "twilio-rejected", brandSid: null });
  });
});

describe("a registration submitted before trust products were made", () => {
  it("gets its trust product at the next reading, and its brand once both are approved", async () => {
    const other = await createUser(t, { textingRegistered: false });
    const otherSession = await signIn(t, other);
    await fund(t, other.accountId, 5_000);
    expect((await submit(t, otherSession)).statusCode).toBe(201);
    const byAccount = eq(schema.textingRegistrations.accountId, other.accountId);
    const stored = () =>
      t.db.db
        .select()
        .from(schema.textingRegistrations)
        .where(byAccount)
        .then(([found]) => found);
    await t.db.db
      .update(schema.textingRegistrations)
      .set({ trustProductSid: null, trustProductStatus: null })
      .where(byAccount);
    review(t, (await stored())?.profileSid ?? null, true);
    expect((await read(t, otherSession)).json().registration).toMatchObject({ stage: "profile_review" });
    const renewed = await stored();
    expect(renewed).toMatchObject({ trustProductStatus: "pending-review", brandSid: null });
    review(t, renewed?.trustProductSid ?? null, true);
    expect((await read(t, otherSession)).json().registration).toMatchObject({ stage: "brand_review" });
  });
});
