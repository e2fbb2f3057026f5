import { registrationsOf } from "@poundline/carrier-sim";
import type { TextingRegistrationBody } from "@poundline/contracts/texting-registration/schemas";
import { creditWallet, newId, schema } from "@poundline/db";
import type { TestApp } from "../../src/testing";
import type { SignedIn } from "../fixtures";

export const PATH = "/api/texting-registration";

export const validBody = (): TextingRegistrationBody => ({
  business: {
    legalName: "Acme Plumbing LLC",
    ein: "12-3456789",
    businessType: "Limited Liability Corporation",
    industry: "CONSTRUCTION",
    website: "https://acme-plumbing.example",
    street: "1 Main St",
    city: "Austin",
    region: "TX",
    postalCode: "78701",
    contact: {
      firstName: "Ada",
      lastName: "Lovelace",
      title: "Owner",
      email: "ada@acme-plumbing.example",
      phone: "+15125550100",
    },
  },
  campaign: {
    useCase: "MIXED",
    description: "Appointment reminders and replies to customers who text our office first.",
    messageSamples: [
      "Your plumber arrives tomorrow between 9 and 11am. Reply STOP to opt out.",
      "Thanks for your message, we will call you back within the hour.",
    ],
    messageFlow: "Customers opt in on our booking form at acme-plumbing.example/book or by texting us first.",
    hasEmbeddedLinks: false,
    hasEmbeddedPhone: false,
  },
});

export async function fund(t: TestApp, accountId: string, cents: number) {
  await creditWallet(t.db.db, {
    type: "top_up",
    accountId,
    amountCents: cents,
    idempotencyKey: `test-top-up:${newId("transaction")}`,
    reference: null,
    description: "Test top-up",
    now: t.app.deps.clock(),
  });
}

/** A local number bought at the embedded sim and stored as the account's, so it can join a campaign. */
export async function buyLocalNumber(t: TestApp, accountId: string): Promise<string> {
  const carrier = t.app.deps.numberCarrier;
  const [offered] = await carrier.searchAvailable({ type: "local", areaCode: "512", limit: 1 });
  if (!offered) throw new Error("the sim offers no number");
  const base = t.app.deps.carrier.webhookBaseUrl;
  const bought = await carrier.buy({
    e164: offered.e164,
    friendlyName: "Main",
    voiceUrl: `${base}/twilio/voice/incoming`,
    statusCallback: `${base}/twilio/voice/status`,
    smsUrl: `${base}/twilio/sms`,
  });
  const id = newId("number");
  await t.db.db
    .insert(schema.phoneNumbers)
    .values({ id, accountId, e164: bought.e164, numberType: "local", carrierSid: bought.sid });
  await t.db.db.insert(schema.numberRouting).values({ phoneNumberId: id, accountId });
  await t.app.deps.routing.reload();
  return bought.e164;
}

/** The carrier's reviewer decides on a profile or trust product (BU), brand (BN) or campaign (QE) in the embedded sim. */
export function review(t: TestApp, sid: string | null, approved: boolean, reason = "Rejected by review") {
  const sim = t.app.deps.simulator;
  if (!sim || !sid) throw new Error("no embedded sim or nothing to decide");
  registrationsOf(sim).decide(sid, approved ? { approved: true } : { approved: false, reason });
}

export const read = (t: TestApp, session: SignedIn) =>
  t.app.inject({ method: "GET", url: PATH, headers: session.headers });

export const submit = (t: TestApp, session: SignedIn, payload: unknown = validBody()) =>
  t.app.inject({ method: "POST", url: PATH, headers: session.headers, payload: payload as object });

export const sendText = (t: TestApp, session: SignedIn, from: string) =>
  t.app.inject({
    method: "POST",
    url: "/api/messages",
    headers: session.headers,
    payload: { from, to: "+15125559876", body: "Your plumber is on the way." },
  });
