import type { PhoneNumberJson } from "@poundline/contracts/numbers/schemas";
import { schema } from "@poundline/db";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { createTestApp, type TestApp } from "../../src/testing";
import { wavBytes } from "../call-routing/helpers";
import { createUser, type SignedIn, signIn, type TestUser } from "../fixtures";
import { addNumberRequest, e911Address, subscribe } from "./helpers";

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function account(plan?: string): Promise<{ user: TestUser; session: SignedIn }> {
  const user = await createUser(t);
  if (plan) await subscribe(t, user.accountId, plan);
  return { user, session: await signIn(t, user) };
}

const sim = () => {
  const simulator = t.app.deps.simulator;
  if (!simulator) throw new Error("the tests run on the embedded carrier simulator");
  return simulator;
};

async function search(session: SignedIn, query: string) {
  const res = await t.app.inject({
    method: "GET",
    url: `/api/numbers/available?${query}`,
    headers: session.headers,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ numbers: { e164: string; region: string | null; numberType: string }[] }>().numbers;
}

async function buy(session: SignedIn, payload: Record<string, unknown>) {
  return t.app.inject({ method: "POST", url: "/api/numbers", headers: session.headers, payload });
}

/** Waits until this instance's routing tables have (or no longer have) the number. */
async function routed(e164: string, present: boolean) {
  await vi.waitFor(() => expect(t.app.deps.routing.current().byNumber.has(e164)).toBe(present));
}

async function rowOf(id: string) {
  const [row] = await t.db.db.select().from(schema.phoneNumbers).where(eq(schema.phoneNumbers.id, id));
  return row;
}

describe("searching numbers for sale", () => {
  it("finds local numbers by area code, by state, and toll-free numbers", async () => {
    const { session } = await account();
    const byCode = await search(session, "type=local&areaCode=407");
    expect(byCode.length).toBeGreaterThan(0);
    expect(byCode.every((n) => n.e164.startsWith("+1407") && n.region === "FL")).toBe(true);

    const byState = await search(session, "type=local&state=GA");
    expect(byState.length).toBeGreaterThan(0);
    expect(byState.every((n) => n.region === "GA")).toBe(true);

    const tollFree = await search(session, "type=toll-free");
    expect(tollFree.length).toBeGreaterThan(0);
    expect(
      tollFree.every((n) => /^\+18(00|33|44|55|66|77|88)/.test(n.e164) && n.numberType === "toll-free"),
    ).toBe(true);
  });
});

describe("buying, renaming, E911 and releasing a number", () => {
  it("buys at the carrier with our webhooks; the number answers a simulated call; release ends that", async () => {
    const { user, session } = await account("Professional");
    const [offer] = await search(session, "areaCode=305");
    if (!offer) throw new Error("nothing for sale");

    const res = await buy(session, { e164: offer.e164, friendlyName: "Miami Sales" });
    expect(res.statusCode, res.body).toBe(201);
    const number = res.json<PhoneNumberJson>();
    expect(number).toMatchObject({
      e164: offer.e164,
      friendlyName: "Miami Sales",
      numberType: "local",
      e911: null,
      routing: { configured: false, businessHoursTarget: "voicemail" },
    });
    expect(number).not.toHaveProperty("carrierSid");

    const row = await rowOf(number.id);
    expect(row).toMatchObject({ accountId: user.accountId, e164: offer.e164, friendlyName: "Miami Sales" });
    const held = sim().inventory.number(row?.carrierSid ?? "");
    expect(held).toMatchObject({ phoneNumber: offer.e164, friendlyName: "Miami Sales" });
    expect(held?.voiceUrl).toMatch(/\/twilio\/voice$/);
    expect(held?.statusCallback).toMatch(/\/twilio\/voice\/status$/);
    expect(held?.smsUrl).toMatch(/\/twilio\/sms$/);

    // The routing tables recompile (announced on the bus): then the number is answered (voicemail).
    await routed(offer.e164, true);
    const call = await sim().placeCall({ from: "+13055550142", to: offer.e164, recordSeconds: 2 });
    expect(call.verbs.map((v) => v.verb)).toContain("Record");
    await sim().idle();
    const [log] = await t.db.db
      .select()
      .from(schema.callLogs)
      .where(eq(schema.callLogs.callSid, call.callSid));
    expect(log).toMatchObject({ accountId: user.accountId, phoneNumberId: number.id, direction: "inbound" });

    // Renamed, here and at the carrier.
    const renamed = await t.app.inject({
      method: "PATCH",
      url: `/api/numbers/${number.id}`,
      headers: session.headers,
      payload: { friendlyName: "Miami Office" },
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect((await rowOf(number.id))?.friendlyName).toBe("Miami Office");
    expect(held?.friendlyName).toBe("Miami Office");

    // E911: registered at the carrier, linked to the number, stored.
    const e911 = await t.app.inject({
      method: "PUT",
      url: `/api/numbers/${number.id}/e911`,
      headers: session.headers,
      payload: e911Address,
    });
    expect(e911.statusCode, e911.body).toBe(200);
    expect(e911.json<PhoneNumberJson>().e911).toMatchObject({ street: "200 S Orange Ave", region: "FL" });
    const [stored] = await t.db.db
      .select()
      .from(schema.emergencyAddresses)
      .where(eq(schema.emergencyAddresses.phoneNumberId, number.id));
    expect(stored).toMatchObject({ accountId: user.accountId, city: "Orlando", postalCode: "32801" });
    expect(held?.emergencyAddressSid).toBe(stored?.carrierSid);
    expect(sim().inventory.address(stored?.carrierSid ?? "")).toMatchObject({
      emergencyEnabled: true,
      validated: true,
    });

    // A second address replaces the first, at the carrier too.
    const moved = await t.app.inject({
      method: "PUT",
      url: `/api/numbers/${number.id}/e911`,
      headers: session.headers,
      payload: { ...e911Address, street: "1 Main St", streetSecondary: null },
    });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(sim().inventory.address(stored?.carrierSid ?? "")).toBeUndefined();

    // A recorded greeting of the number: its file goes with the number.
    const greeting = await t.app.inject({
      method: "POST",
      url: `/api/call-routing/${number.id}/greetings/voicemail/audio`,
      headers: { ...session.headers, "content-type": "audio/wav" },
      payload: wavBytes(),
    });
    expect(greeting.statusCode, greeting.body).toBe(200);
    const greetingPath = new URL(greeting.json().audioUrl).pathname;
    expect((await t.app.inject({ method: "GET", url: greetingPath })).statusCode).toBe(200);

    const released = await t.app.inject({
      method: "DELETE",
      url: `/api/numbers/${number.id}`,
      headers: session.headers,
    });
    expect(released.statusCode, released.body).toBe(204);
    expect(await rowOf(number.id)).toBeUndefined();
    expect((await t.app.inject({ method: "GET", url: greetingPath })).statusCode).toBe(404);
    expect(sim().inventory.byNumber(offer.e164)).toBeUndefined();
    await routed(offer.e164, false);
    await expect(sim().placeCall({ from: "+13055550142", to: offer.e164 })).rejects.toThrow(
      /No number answers/,
    );
  });

  it("lists the account's numbers with E911 status, routing and the plan's usage", async () => {
    const { session } = await account("Starter");
    const [offer] = await search(session, "areaCode=212");
    await buy(session, { e164: offer?.e164 });
    const res = await t.app.inject({ method: "GET", url: "/api/numbers", headers: session.headers });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      numbers: [
        { e164: offer?.e164, friendlyName: "", e911: null, capabilities: { voice: true, sms: true } },
      ],
      usage: { plan: "Starter", maxNumbers: 2, tollFree: true, used: 1 },
    });
  });
});

describe("plan limits", () => {
  it("the trial holds 1 local number: a second, or a toll-free one, is refused before anything is bought", async () => {
    const { user, session } = await account();
    const [first, second] = await search(session, "areaCode=404");
    expect((await buy(session, { e164: first?.e164 })).statusCode).toBe(201);

    for (const e164 of [second?.e164, (await search(session, "type=toll-free"))[0]?.e164]) {
      const res = await buy(session, { e164 });
      expect(res.statusCode, res.body).toBe(403);
      expect(res.json().error.message).toMatch(/^Your Free Trial plan includes 1 local number/);
      expect(sim().inventory.byNumber(e164 ?? "")).toBeUndefined();
    }
    const rows = await t.db.db
      .select()
      .from(schema.phoneNumbers)
      .where(eq(schema.phoneNumbers.accountId, user.accountId));
    expect(rows).toHaveLength(1);
  });

  it.each([
    ["Starter", 2],
    ["Professional", 5],
  ])("%s holds %i numbers", async (plan, max) => {
    const { session } = await account(plan);
    const offers = await search(session, "state=TX");
    for (const offer of offers.slice(0, max))
      expect((await buy(session, { e164: offer.e164 })).statusCode).toBe(201);
    const refused = await buy(session, { e164: offers[max]?.e164 });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.message).toBe(
      `Your ${plan} plan includes up to ${max} numbers and this account has ${max}. Release a number or upgrade to ${max === 2 ? "Professional" : "Enterprise"} to add another.`,
    );
  });
});

describe("phone number requests", () => {
  it("the account's requests from the public form are listed and fulfilled by buying", async () => {
    const { user, session } = await account("Professional");
    const requestId = await addNumberRequest(t, user.accountId, "407");
    const list = await t.app.inject({
      method: "GET",
      url: "/api/numbers/requests",
      headers: session.headers,
    });
    expect(list.json()).toMatchObject({
      requests: [{ id: requestId, numberType: "local", areaCode: "407", quantity: 1, status: "new" }],
    });

    const [offer] = await search(session, "areaCode=407");
    const res = await buy(session, { e164: offer?.e164, requestId });
    expect(res.statusCode, res.body).toBe(201);
    const [request] = await t.db.db
      .select()
      .from(schema.phoneNumberRequests)
      .where(eq(schema.phoneNumberRequests.id, requestId));
    expect(request?.status).toBe("done");

    const again = await buy(session, { e164: (await search(session, "areaCode=407"))[0]?.e164, requestId });
    expect(again.statusCode).toBe(409);
  });
});
