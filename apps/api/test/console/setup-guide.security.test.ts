import { newId, schema } from "@poundline/db";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../src/testing";
import { createUser, signIn } from "../fixtures";
import { addCall, addNumber, fundWallet } from "./seed";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe("the setup guide across accounts", () => {
  it("never shows another account's rows, nor its dismissal", async () => {
    const busy = await createUser(t);
    const fresh = await createUser(t);
    await addNumber(t, busy.accountId, "+13055550171");
    await t.db.db.insert(schema.numberRouting).values({
      phoneNumberId: await addNumber(t, busy.accountId, "+13055550172"),
      accountId: busy.accountId,
    });
    await t.db.db
      .insert(schema.ivrMenus)
      .values({ id: newId("ivrMenu"), accountId: busy.accountId, name: "Main" });
    await t.db.db
      .insert(schema.extensions)
      .values({ id: newId("extension"), accountId: busy.accountId, extensionNumber: 101, name: "Desk" });
    await addCall(t, busy.accountId, new Date(), 0, { answeredAt: new Date() });
    const busySession = await signIn(t, busy);
    await t.app.inject({
      method: "PUT",
      url: "/api/console/setup-guide/dismissal",
      headers: busySession.headers,
      payload: { dismissed: true },
    });

    const res = await t.app.inject({
      method: "GET",
      url: "/api/console/setup-guide",
      headers: (await signIn(t, fresh)).headers,
    });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.steps.filter((s: { done: boolean }) => s.done)).toEqual([]);
    expect(body).toMatchObject({ dismissed: false, testCall: { number: null } });
  });

  it("rings only the caller's own account's number", async () => {
    const other = await createUser(t);
    await addNumber(t, other.accountId, "+13055550181");
    await fundWallet(t, other.accountId, 500);
    const mine = await createUser(t);
    await t.app.deps.routing.changed();
    const res = await t.app.inject({
      method: "POST",
      url: "/api/console/setup-guide/test-call",
      headers: (await signIn(t, mine)).headers,
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().error.message).toMatch(/Get a phone number first/);
    expect(t.app.deps.simulator?.calls().filter((c) => c.to === "+13055550181")).toEqual([]);
  });
});

describe("the setup guide's input", () => {
  it.each([[{}], [{ dismissed: "yes" }], [{ dismissed: null }]])(
    "refuses the dismissal %j with 400",
    async (payload) => {
      const user = await createUser(t);
      const res = await t.app.inject({
        method: "PUT",
        url: "/api/console/setup-guide/dismissal",
        headers: (await signIn(t, user)).headers,
        payload,
      });
      expect(res.statusCode, res.body).toBe(400);
    },
  );

  it.each([
    ["GET", "/api/console/setup-guide"],
    ["PUT", "/api/console/setup-guide/dismissal"],
    ["POST", "/api/console/setup-guide/test-call"],
  ] as const)("answers %s %s with 401 without a session", async (method, url) => {
    const res = await t.app.inject({ method, url, payload: { dismissed: true } });
    expect(res.statusCode).toBe(401);
  });
});

describe("the test call with a carrier account", () => {
  let carrier: TestApp;
  beforeAll(async () => {
    carrier = await createTestApp({
      config: { TWILIO_ACCOUNT_SID: `AC${"1".repeat(32)}`, TWILIO_AUTH_TOKEN: "setup-guide-test-token" },
    });
  });
  afterAll(() => carrier.close());

  it("tells the user to call their number from their own phone, and the guide says so", async () => {
    const user = await createUser(carrier);
    await addNumber(carrier, user.accountId, "+13055550191");
    const session = await signIn(carrier, user);
    const res = await carrier.app.inject({
      method: "POST",
      url: "/api/console/setup-guide/test-call",
      headers: session.headers,
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().error.message).toBe(
      "Your calls go through the carrier: call +13055550191 from your own phone to test it.",
    );
    const guide = await carrier.app.inject({
      method: "GET",
      url: "/api/console/setup-guide",
      headers: session.headers,
    });
    expect(guide.json().testCall).toEqual({ via: "phone", number: "+13055550191" });
  });
});
