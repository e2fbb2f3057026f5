import type { TollFreeProfileBody } from "@poundline/contracts/toll-free-verification/schemas";
import { newId, schema } from "@poundline/db";
import { expect } from "vitest";
import type { TestApp } from "../../src/testing";
import { fundWallet } from "../console/seed";
import type { SignedIn } from "../fixtures";
import { subscribe } from "../numbers/helpers";

/** A complete business profile, as the console submits it. */
export const profileBody = (): TollFreeProfileBody => ({
  businessName: "Owl Plumbing LLC",
  businessWebsite: "https://owl-plumbing.example",
  businessStreetAddress: "12 Main Street",
  businessCity: "Orlando",
  businessStateProvinceRegion: "FL",
  businessPostalCode: "32801",
  businessCountry: "US",
  businessContactFirstName: "Ada",
  businessContactLastName: "Owl",
  businessContactEmail: "ada@owl-plumbing.example",
  businessContactPhone: "+14075550100",
  notificationEmail: "ops@owl-plumbing.example",
  useCaseCategories: ["CUSTOMER_CARE"],
  useCaseSummary: "Replies to customers who text our service line.",
  productionMessageSample: "Owl Plumbing: your technician arrives at 2pm. Reply STOP to opt out.",
  optInType: "WEB_FORM",
  optInImageUrls: ["https://owl-plumbing.example/opt-in.png"],
  messageVolume: "1000",
  additionalInformation: "",
});

/** An account on a paid plan with money in its wallet (so its texts are refused only for the reason tested). */
export async function payingAccount(t: TestApp, accountId: string) {
  await subscribe(t, accountId, "Professional");
  await fundWallet(t, accountId, 10_000);
}

/** A toll-free number bought by the signed-in owner through the API (the carrier simulator sells it). */
export async function buyTollFree(t: TestApp, session: SignedIn): Promise<{ id: string; e164: string }> {
  const search = await t.app.inject({
    method: "GET",
    url: "/api/numbers/available?type=toll-free",
    headers: session.headers,
  });
  expect(search.statusCode, search.body).toBe(200);
  const offers = search.json<{ numbers: { e164: string }[] }>().numbers;
  for (const offer of offers) {
    const res = await t.app.inject({
      method: "POST",
      url: "/api/numbers",
      headers: session.headers,
      payload: { e164: offer.e164, friendlyName: "Toll-free" },
    });
    if (res.statusCode === 201) return res.json();
  }
  throw new Error("no toll-free number could be bought");
}

/** Gives a toll-free number an approved verification directly (for tests that text from one). */
export async function verifyTollFree(t: TestApp, accountId: string, phoneNumberId: string) {
  const now = new Date();
  await t.db.db.insert(schema.tollFreeVerifications).values({
    id: newId("tollFreeVerification"),
    accountId,
    phoneNumberId,
    carrierSid: `HH${crypto.randomUUID().replaceAll("-", "")}`,
    status: "TWILIO_APPROVED",
    profile: profileBody(),
    submittedAt: now,
    decidedAt: now,
  });
}

export const verificationUrl = (numberId: string) => `/api/numbers/${numberId}/toll-free-verification`;
