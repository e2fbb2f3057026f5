import { schema } from "@poundline/db";
import { eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { createWidget, insertNumber } from "./helpers";
import {
  addresses,
  attemptsOf,
  SITE,
  solvedChallenge,
  TEST_POW_DIFFICULTY,
  unsolved,
  useVisitorTestApp,
  visitorAttempt,
} from "./visitor-helpers";

const env = useVisitorTestApp();

let publicKey: string;
let widgetId: string;
// Each test from an address of its own, so the per-address rate limit stays out of the way.
const freshIp = addresses("198.51.100");
let ip: string;
beforeEach(async () => {
  ip = freshIp();
  ({ publicKey, id: widgetId } = await env.newWidget());
});

const logged = () => attemptsOf(env.t, widgetId);

describe("widgets: refused visitor input", () => {
  it.each([
    ["not a number", "hello", "Enter a valid phone number."],
    ["outside the US and Canada", "+442079460000", "Enter a US or Canadian phone number."],
    ["a premium-rate number", "+19005550100", "Premium-rate numbers are not accepted."],
    ["toll-free", "+18005550100", "Enter a US or Canadian phone number."],
  ])("%s is 400 with the number's message, logged, and nothing rings", async (_, typed, message) => {
    const res = await visitorAttempt(env.t, publicKey, "callback", { visitorNumber: typed }, { ip });
    expect(res.statusCode).toBe(400);
    expect(res.headers["access-control-allow-origin"]).toBe(SITE);
    expect(res.json().error).toMatchObject({ message, fields: { "body.visitorNumber": [message] } });
    expect(await logged()).toMatchObject([
      { outcome: "invalid_number", visitorNumber: typed, detail: message },
    ]);
    const calls = await env.t.db.db
      .select()
      .from(schema.callLogs)
      .where(eq(schema.callLogs.accountId, env.alice.accountId));
    expect(calls).toEqual([]);
  });

  it("the business's own number is refused", async () => {
    const res = await visitorAttempt(
      env.t,
      publicKey,
      "text",
      { visitorNumber: env.business.e164, message: "Hi" },
      { ip },
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe("Enter your own number, not the business's.");
  });

  it.each([
    ["no number", { message: "Hi" }, "body.visitorNumber"],
    ["an empty message", { visitorNumber: "+14045550123", message: "   " }, "body.message"],
    ["a message too long", { visitorNumber: "+14045550123", message: "x".repeat(501) }, "body.message"],
  ])("a text with %s is 400 on that field", async (_, fields, field) => {
    const res = await visitorAttempt(env.t, publicKey, "text", fields, { ip });
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().error.fields)).toContain(field);
  });

  it("a wrong or forged solution is refused, and writes nothing", async () => {
    const { challenge } = await solvedChallenge(env.t, publicKey);
    const wrong = await visitorAttempt(
      env.t,
      publicKey,
      "callback",
      { visitorNumber: "+14045550123" },
      { ip, proof: { challenge, solution: unsolved(challenge, Number(TEST_POW_DIFFICULTY)) } },
    );
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error.message).toBe("The security check failed. Please try again.");
    const forged = await visitorAttempt(
      env.t,
      publicKey,
      "callback",
      { visitorNumber: "+14045550123" },
      { ip, proof: { challenge: `${publicKey}.99999999999999.1.x.forged`, solution: "1" } },
    );
    expect(forged.statusCode).toBe(400);
    // Unsolved work costs the sender nothing: it must cost us no write either.
    expect(await logged()).toEqual([]);
  });

  it("a call-only widget refuses a text", async () => {
    await env.t.app.inject({
      method: "PATCH",
      url: `/api/widgets/${widgetId}`,
      headers: env.aliceIn.headers,
      payload: { type: "call" },
    });
    const res = await visitorAttempt(
      env.t,
      publicKey,
      "text",
      { visitorNumber: "+14045550123", message: "Hi" },
      { ip },
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe("This widget does not take that kind of request.");
  });

  it("a widget whose number is gone refuses with a sentence and logs why", async () => {
    const other = await insertNumber(env.t, env.alice.accountId);
    const created = await createWidget(env.t, env.aliceIn, {
      allowedOrigins: [SITE],
      licensedNumberId: other.id,
    });
    await env.t.db.db.delete(schema.phoneNumbers).where(eq(schema.phoneNumbers.id, other.id));
    const res = await visitorAttempt(
      env.t,
      created.json().publicKey,
      "callback",
      { visitorNumber: "+14045550123" },
      { ip },
    );
    expect(res.statusCode).toBe(409);
    expect(res.json().error.message).toMatch(/not available/);
  });
});

describe("widgets: an unpaid trial's callback", () => {
  it("does not call back a visitor's unverified number: refused, logged, nothing rings", async () => {
    const { accounts } = schema;
    const [before] = await env.t.db.db.select().from(accounts).where(eq(accounts.id, env.alice.accountId));
    // Registered for the free trial, with no plan and no top-up: it dials only verified and own numbers.
    await env.t.db.db
      .update(accounts)
      .set({ status: "trialing", trialEndsAt: new Date(Date.now() + 7 * 86_400_000) })
      .where(eq(accounts.id, env.alice.accountId));
    try {
      const res = await visitorAttempt(
        env.t,
        publicKey,
        "callback",
        { visitorNumber: "+14045550123" },
        { ip },
      );
      expect(res.statusCode, res.body).toBe(409);
      expect(res.json().error.message).toBe(
        "This service is not available right now. Please call or text the business directly.",
      );
      expect(await logged()).toMatchObject([
        { outcome: "failed", detail: "Unpaid trial: visitor number not verified" },
      ]);
      const calls = await env.t.db.db
        .select()
        .from(schema.callLogs)
        .where(eq(schema.callLogs.accountId, env.alice.accountId));
      expect(calls).toEqual([]);
    } finally {
      await env.t.db.db
        .update(accounts)
        .set({ status: before?.status ?? "active", trialEndsAt: before?.trialEndsAt ?? null })
        .where(eq(accounts.id, env.alice.accountId));
    }
  });
});
