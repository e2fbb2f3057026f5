import { schema } from "@poundline/db";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TestApp } from "../../src/testing";
import type { SignedIn, TestUser } from "../fixtures";
import { createWidget } from "./helpers";
import {
  attemptsOf,
  SITE,
  solvedChallenge,
  TEST_POW_DIFFICULTY,
  visitorAttempt,
  visitorTestApp,
} from "./visitor-helpers";

let t: TestApp;
let alice: TestUser;
let aliceIn: SignedIn;
let business: { id: string; e164: string };
let publicKey: string;
let widgetId: string;
const VISITOR = "+14045550123";

beforeAll(async () => {
  ({ t, alice, aliceIn, business } = await visitorTestApp());
  const res = await createWidget(t, aliceIn, { allowedOrigins: [SITE], licensedNumberId: business.id });
  ({ publicKey, id: widgetId } = res.json());
});
afterAll(() => t.close());

const logged = () => attemptsOf(t, widgetId);

describe("widgets: a visitor's callback and text", () => {
  it("issues a challenge of the configured difficulty, with CORS for the widget's site", async () => {
    const res = await t.app.inject({
      method: "POST",
      url: `/widget/${publicKey}/challenge`,
      headers: { origin: SITE },
    });
    expect(res.statusCode).toBe(201);
    expect(res.headers["access-control-allow-origin"]).toBe(SITE);
    expect(res.json()).toMatchObject({ difficulty: Number(TEST_POW_DIFFICULTY) });
    expect(res.json().challenge.split(".")[0]).toBe(publicKey);
  });

  it("answers the preflight of its POSTs for the widget's site", async () => {
    const res = await t.app.inject({
      method: "OPTIONS",
      url: `/widget/${publicKey}/callback`,
      headers: {
        origin: SITE,
        "access-control-request-method": "POST",
        "access-control-request-headers": "content-type",
      },
    });
    expect(res.statusCode).toBe(204);
    expect(res.headers["access-control-allow-origin"]).toBe(SITE);
    expect(res.headers["access-control-allow-headers"]).toContain("content-type");
  });

  it("a callback rings the business number first, then bridges the visitor, and is logged", async () => {
    const res = await visitorAttempt(t, publicKey, "callback", { visitorNumber: "(404) 555-0123" });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.headers["access-control-allow-origin"]).toBe(SITE);
    expect(res.json().message).toMatch(/calling the business/);

    const [log] = await t.db.db
      .select()
      .from(schema.callLogs)
      .where(and(eq(schema.callLogs.accountId, alice.accountId), eq(schema.callLogs.toNumber, VISITOR)));
    expect(log).toMatchObject({
      direction: "outbound",
      fromNumber: business.e164,
      phoneNumberId: business.id,
    });

    const sim = t.app.deps.simulator;
    await sim?.idle();
    const call = sim?.call(log?.callSid ?? "");
    // First leg: the business's own number; second: the visitor, shown the business number.
    expect(call).toMatchObject({ from: business.e164, to: business.e164, status: "completed" });
    const legs = call?.transcript?.dials.flatMap((d) =>
      d.legs.map((l) => ({ to: l.target, callerId: d.callerId })),
    );
    expect(legs).toEqual([{ to: VISITOR, callerId: business.e164 }]);

    const attempts = await logged();
    expect(attempts).toHaveLength(1);
    expect(attempts[0]).toMatchObject({
      kind: "call",
      outcome: "accepted",
      origin: SITE,
      ip: "203.0.113.7",
      visitorNumber: VISITOR,
      detail: `Call ${log?.callSid}`,
    });
  });

  it("a text lands in the account's inbox as an inbound message from the visitor", async () => {
    const res = await visitorAttempt(t, publicKey, "text", {
      visitorNumber: "+1 404 555 0124",
      message: "  Do you deliver on Sundays?  ",
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().message).toBe("Thank you! Your message has been sent.");

    const [message] = await t.db.db
      .select()
      .from(schema.messages)
      .where(
        and(eq(schema.messages.accountId, alice.accountId), eq(schema.messages.fromNumber, "+14045550124")),
      );
    expect(message).toMatchObject({
      direction: "inbound",
      toNumber: business.e164,
      phoneNumberId: business.id,
      body: "Do you deliver on Sundays?",
      status: "received",
    });
    expect(message?.contactId).not.toBeNull();

    // Shown in Messages like any text.
    const list = await t.app.inject({ method: "GET", url: "/api/messages", headers: aliceIn.headers });
    expect(list.statusCode).toBe(200);
    expect(list.body).toContain("Do you deliver on Sundays?");

    const accepted = (await logged()).filter((a) => a.kind === "sms");
    expect(accepted).toMatchObject([{ outcome: "accepted", detail: `Message ${message?.messageSid}` }]);
  });

  it("a solved challenge is good for one attempt: the second use is refused and logged", async () => {
    const proof = await solvedChallenge(t, publicKey);
    const first = await visitorAttempt(
      t,
      publicKey,
      "text",
      { visitorNumber: VISITOR, message: "One" },
      { proof },
    );
    expect(first.statusCode).toBe(201);
    const again = await visitorAttempt(
      t,
      publicKey,
      "text",
      { visitorNumber: VISITOR, message: "Two" },
      { proof },
    );
    expect(again.statusCode).toBe(400);
    expect(again.json().error.message).toBe("This security check was already used. Please try again.");
    const refused = (await logged()).filter((a) => a.outcome === "challenge_failed");
    expect(refused).toMatchObject([{ detail: "Challenge replayed" }]);
    const twos = await t.db.db.select().from(schema.messages).where(eq(schema.messages.body, "Two"));
    expect(twos).toEqual([]);
  });
});
