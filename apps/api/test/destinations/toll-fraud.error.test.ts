import { planMessages } from "@poundline/contracts/billing/plan-schemas";
import { newId, schema } from "@poundline/db";
import { DESTINATION_MESSAGES } from "@poundline/domain";
import { count, eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../src/testing";
import { addNumber, routingBody, routingRow } from "../call-routing/helpers";
import { addEmergencyAddress, fundWallet } from "../console/seed";
import { createUser, type SignedIn, signIn, type TestUser } from "../fixtures";

/**
 * Toll fraud: every route that names a number we dial or text refuses the ranges a free account
 * could be abused to reach (premium, satellite, the Caribbean NANP countries and any country the
 * account does not allow), with the reason on the field that named it, and nothing is dialled,
 * texted or saved.
 */

const OUR_NUMBER = "+13055550100";
const MY_PHONE = "+13055550142";
const FINE = "+14045550199";

let t: TestApp;
let user: TestUser;
let session: SignedIn;
let numberId: string;
let extensionId: string;
const dialled: string[] = [];
const texted: string[] = [];

beforeAll(async () => {
  t = await createTestApp({
    carrierClient: {
      async createCall(input) {
        dialled.push(input.to);
        return { sid: `CA${crypto.randomUUID().replaceAll("-", "")}`, status: "queued" };
      },
      async sendMessage(input) {
        texted.push(input.to);
        return { sid: `SM${crypto.randomUUID().replaceAll("-", "")}`, status: "queued", errorCode: null };
      },
      fetchMessage: async (sid) => ({ sid, status: "queued", errorCode: null }),
      updateCall: async () => {},
    },
  });
  user = await createUser(t);
  session = await signIn(t, user);
  numberId = await addNumber(t, user.accountId, OUR_NUMBER);
  await addEmergencyAddress(t, user.accountId, numberId);
  // A wallet that pays: the refusals below are the destination policy's, not the wallet's.
  await fundWallet(t, user.accountId, 10_000);
  extensionId = newId("extension");
  await t.db.db.insert(schema.extensions).values({
    id: extensionId,
    accountId: user.accountId,
    extensionNumber: 100,
    name: "Front desk",
    forwardingNumbers: [FINE],
  });
});
afterAll(() => t.close());
beforeEach(() => {
  dialled.length = 0;
  texted.length = 0;
});

interface RouteCase {
  route: string;
  method: "POST" | "PUT" | "PATCH";
  url: () => string;
  payload: (number: string) => Record<string, unknown>;
  /** The field the refusal names. */
  field: string;
  /** Nothing of the number was kept. */
  nothingSaved: (number: string) => Promise<void>;
}

let nextExtension = 200;
const extensionsWith = async (number: string) =>
  (
    await t.db.db.select().from(schema.extensions).where(eq(schema.extensions.accountId, user.accountId))
  ).filter((e) => e.forwardingNumbers.includes(number));
const routingForwardsTo = async (number: string) => {
  const row = await routingRow(t, numberId);
  return [
    row?.businessHoursTargetId,
    row?.afterHoursTargetId,
    ...(row?.holidays ?? []).map((h) => h.targetId),
  ].includes(number);
};
const messagesTo = async (number: string) =>
  (await t.db.db.select({ n: count() }).from(schema.messages).where(eq(schema.messages.toNumber, number)))[0]
    ?.n;

const routes: RouteCase[] = [
  {
    route: "click-to-call, the destination",
    method: "POST",
    url: () => "/api/calls/click-to-call",
    payload: (to) => ({ myPhone: MY_PHONE, to }),
    field: "body.to",
    nothingSaved: async (n) => {
      const logs = await t.db.db.select().from(schema.callLogs).where(eq(schema.callLogs.toNumber, n));
      expect(logs).toEqual([]);
    },
  },
  {
    route: "click-to-call, the user's own phone (the first leg)",
    method: "POST",
    url: () => "/api/calls/click-to-call",
    payload: (myPhone) => ({ myPhone, to: FINE }),
    field: "body.myPhone",
    nothingSaved: async () => {
      const logs = await t.db.db.select().from(schema.callLogs).where(eq(schema.callLogs.toNumber, FINE));
      expect(logs).toEqual([]);
    },
  },
  {
    route: "a console text",
    method: "POST",
    url: () => "/api/messages",
    payload: (to) => ({ from: OUR_NUMBER, to, body: "Hello" }),
    field: "body.to",
    nothingSaved: async (n) => expect(await messagesTo(n)).toBe(0),
  },
  {
    route: "a new extension's forwarding",
    method: "POST",
    url: () => "/api/extensions",
    payload: (n) => ({ extensionNumber: nextExtension++, name: "Night line", forwardingNumbers: [FINE, n] }),
    field: "body.forwardingNumbers",
    nothingSaved: async (n) => expect(await extensionsWith(n)).toEqual([]),
  },
  {
    route: "an extension's forwarding, edited (ring groups ring it)",
    method: "PATCH",
    url: () => `/api/extensions/${extensionId}`,
    payload: (n) => ({ name: "Front desk", forwardingNumbers: [n] }),
    field: "body.forwardingNumbers",
    nothingSaved: async (n) => expect(await extensionsWith(n)).toEqual([]),
  },
  {
    route: "a number's business-hours forward",
    method: "PUT",
    url: () => `/api/call-routing/${numberId}`,
    payload: (target) => routingBody({ businessHoursDestination: { type: "forward", target } }),
    field: "body.businessHoursDestination.target",
    nothingSaved: async (n) => expect(await routingForwardsTo(n)).toBe(false),
  },
  {
    route: "a number's after-hours forward",
    method: "PUT",
    url: () => `/api/call-routing/${numberId}`,
    payload: (target) => routingBody({ afterHoursDestination: { type: "forward", target } }),
    field: "body.afterHoursDestination.target",
    nothingSaved: async (n) => expect(await routingForwardsTo(n)).toBe(false),
  },
  {
    route: "a holiday's forward",
    method: "PUT",
    url: () => `/api/call-routing/${numberId}`,
    payload: (target) =>
      routingBody({
        holidays: [{ date: "2026-12-25", name: "Christmas", destination: { type: "forward", target } }],
      }),
    field: "body.holidays.0.destination.target",
    nothingSaved: async (n) => expect(await routingForwardsTo(n)).toBe(false),
  },
  {
    route: "the profile's phone (notification texts go to it)",
    method: "PUT",
    url: () => "/api/settings/profile",
    payload: (phone) => ({ firstName: "Pat", lastName: "Lee", phone }),
    field: "body.phone",
    nothingSaved: async (n) => {
      const [row] = await t.db.db.select().from(schema.users).where(eq(schema.users.id, user.id));
      expect(row?.phone).not.toBe(n);
    },
  },
];

const refused: [string, string, string][] = [
  ["NANP 900 pay-per-call", "+19005550123", DESTINATION_MESSAGES.premium],
  ["a 976 exchange", "+13059760123", DESTINATION_MESSAGES.premium],
  ["+881 satellite", "+881612345678", DESTINATION_MESSAGES.satellite],
  ["+882 international networks", "+8821234567890", DESTINATION_MESSAGES.satellite],
  ["+883 international networks", "+8831234567890", DESTINATION_MESSAGES.satellite],
  ["Cuba (+53)", "+5352345678", DESTINATION_MESSAGES.country("CU")],
  ["Jamaica (a Caribbean NANP number)", "+18765550123", DESTINATION_MESSAGES.country("JM")],
  ["the UK, not allowed", "+442079460958", DESTINATION_MESSAGES.country("GB")],
];

describe.each(routes)("$route", ({ method, url, payload, field, nothingSaved }) => {
  it.each(refused)(
    "refuses %s (%s) with the reason, and dials, texts and saves nothing",
    async (_n, number, message) => {
      const res = await t.app.inject({
        method,
        url: url(),
        headers: session.headers,
        payload: payload(number),
      });
      expect(res.statusCode, res.body).toBe(400);
      const { error } = res.json<{ error: { message: string; fields?: Record<string, string[]> } }>();
      expect(error.fields?.[field]?.[0]).toContain(message);
      expect(dialled).toEqual([]);
      expect(texted).toEqual([]);
      await nothingSaved(number);
    },
  );
});

describe("the account's allowed countries", () => {
  it("lets a country the owner allows through, never the ranges refused always", async () => {
    const put = (allowedCountries: string[]) =>
      t.app.inject({
        method: "PUT",
        url: "/api/destination-policy",
        headers: session.headers,
        payload: { allowedCountries },
      });
    expect((await put(["US", "JM"])).statusCode).toBe(200);
    try {
      const jamaica = await t.app.inject({
        method: "PATCH",
        url: `/api/extensions/${extensionId}`,
        headers: session.headers,
        payload: { name: "Front desk", forwardingNumbers: ["+18765550123"] },
      });
      expect(jamaica.statusCode, jamaica.body).toBe(200);
      const premium = await t.app.inject({
        method: "PATCH",
        url: `/api/extensions/${extensionId}`,
        headers: session.headers,
        payload: { name: "Front desk", forwardingNumbers: ["+19005550123"] },
      });
      expect(premium.statusCode).toBe(400);

      // Narrowed again: the saved Jamaican forward is left out of the routing tables at once.
      expect((await put(["US"])).statusCode).toBe(200);
      const compiled = t.app.deps.routing.current().accounts.get(user.accountId)?.extensions.get(extensionId);
      expect(compiled?.forwardingNumbers).toEqual([]);
    } finally {
      await put(["US"]);
      await t.db.db
        .update(schema.extensions)
        .set({ forwardingNumbers: [FINE] })
        .where(eq(schema.extensions.id, extensionId));
      await t.app.deps.routing.changed();
    }
  });
});

describe("click-to-call and the billing gate texts answer to", () => {
  const DAY_MS = 86_400_000;
  const month = new Date().toISOString().slice(0, 7);
  const gates = [
    {
      gate: "a trial ended without a plan",
      message: planMessages.trialEndedCalls,
      close: () =>
        t.db.db
          .update(schema.accounts)
          .set({ status: "trialing", trialEndsAt: new Date(Date.now() - DAY_MS) })
          .where(eq(schema.accounts.id, user.accountId)),
    },
    {
      gate: "the monthly spend cap reached",
      message: planMessages.spendCapCalls,
      close: () =>
        t.db.db
          .insert(schema.spendGuards)
          .values({ accountId: user.accountId, monthlySpendCapCents: 100, capReachedMonth: month }),
    },
    {
      gate: "a suspended account",
      message: planMessages.suspendedTelephony,
      close: () =>
        t.db.db
          .update(schema.accounts)
          .set({ status: "suspended" })
          .where(eq(schema.accounts.id, user.accountId)),
    },
  ];

  it.each(gates)("$gate: refused with its message, and nothing is dialled", async ({ close, message }) => {
    const [before] = await t.db.db
      .select()
      .from(schema.accounts)
      .where(eq(schema.accounts.id, user.accountId));
    await close();
    await t.app.deps.routing.reload();
    try {
      const res = await t.app.inject({
        method: "POST",
        url: "/api/calls/click-to-call",
        headers: session.headers,
        payload: { myPhone: MY_PHONE, to: FINE },
      });
      expect(res.statusCode, res.body).toBe(403);
      expect(res.json().error.message).toBe(message);
      expect(dialled).toEqual([]);
    } finally {
      await t.db.db
        .update(schema.accounts)
        .set({ status: before?.status ?? "active", trialEndsAt: before?.trialEndsAt ?? null })
        .where(eq(schema.accounts.id, user.accountId));
      await t.db.db.delete(schema.spendGuards).where(eq(schema.spendGuards.accountId, user.accountId));
      await t.app.deps.routing.reload();
    }
  });
});
