import { schema } from "@poundline/db";
import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import {
  attemptsOf,
  SITE,
  solvedChallenge,
  TEST_POW_DIFFICULTY,
  useVisitorTestApp,
  visitorAttempt,
} from "./visitor-helpers";

const env = useVisitorTestApp();
let publicKey: string;
let widgetId: string;
const VISITOR = "+14045550123";

beforeAll(async () => {
  ({ publicKey, id: widgetId } = await env.newWidget());
});

const logged = () => attemptsOf(env.t, widgetId);

describe("widgets: a visitor's callback and text", () => {
  it("issues a challenge of the configured difficulty, with CORS for the widget's site", async () => {
    const res = await env.t.app.inject({
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
    const res = await env.t.app.inject({
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
    const res = await visitorAttempt(env.t, publicKey, "callback", { visitorNumber: "(404) 555-0123" });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.headers["access-control-allow-origin"]).toBe(SITE);
    expect(res.json().message).toMatch(/calling the business/);

    const [log] = await env.t.db.db
      .select()
      .from(schema.callLogs)
      .where(and(eq(schema.callLogs.accountId, env.alice.accountId), eq(schema.callLogs.toNumber, VISITOR)));
    expect(log).toMatchObject({
      direction: "outbound",
      fromNumber: env.business.e164,
      phoneNumberId: env.business.id,
    });

    const sim = env.t.app.deps.simulator;
    await sim?.idle();
    const call = sim?.call(log?.callSid ?? "");
    // First leg: the business's own number; second: the visitor, shown the business number.
    expect(call).toMatchObject({ from: env.business.e164, to: env.business.e164, status: "completed" });
    const legs = call?.transcript?.dials.flatMap((d) =>
      d.legs.map((l) => ({ to: l.target, callerId: d.callerId })),
    );
    expect(legs).toEqual([{ to: VISITOR, callerId: env.business.e164 }]);

    const attempts = await logged();
    expect(attempts).toHaveLength(1);
    expect(attempts[0]).toMatchObject({
      kind: "call",
      outcome: "accepted",
      origin: SITE,
      ip: "203.0.113.7",
      visitorNumber: VISITOR,
      // In words, not the call's id.
      detail: "Callback placed: your number rings first, then the visitor",
    });
  });

  it("a text lands in the account's inbox as an inbound message from the visitor", async () => {
    const res = await visitorAttempt(env.t, publicKey, "text", {
      visitorNumber: "+1 404 555 0124",
      message: "  Do you deliver on Sundays?  ",
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().message).toBe("Thank you! Your message has been sent.");

    const [message] = await env.t.db.db
      .select()
      .from(schema.messages)
      .where(
        and(
          eq(schema.messages.accountId, env.alice.accountId),
          eq(schema.messages.fromNumber, "+14045550124"),
        ),
      );
    expect(message).toMatchObject({
      direction: "inbound",
      toNumber: env.business.e164,
      phoneNumberId: env.business.id,
      body: "Do you deliver on Sundays?",
      status: "received",
    });
    expect(message?.contactId).not.toBeNull();

    // Shown in Messages like any text.
    const list = await env.t.app.inject({
      method: "GET",
      url: "/api/messages",
      headers: env.aliceIn.headers,
    });
    expect(list.statusCode).toBe(200);
    expect(list.body).toContain("Do you deliver on Sundays?");

    const accepted = (await logged()).filter((a) => a.kind === "sms");
    // The visitor's words, not the id the text is stored under (WIDGET_wga_…).
    expect(accepted).toMatchObject([
      { outcome: "accepted", detail: "Text in Messages: “Do you deliver on Sundays?”" },
    ]);
  });

  it("a solved challenge is good for one attempt: the second use is refused and logged", async () => {
    const proof = await solvedChallenge(env.t, publicKey);
    const first = await visitorAttempt(
      env.t,
      publicKey,
      "text",
      { visitorNumber: VISITOR, message: "One" },
      { proof },
    );
    expect(first.statusCode).toBe(201);
    const again = await visitorAttempt(
      env.t,
      publicKey,
      "text",
      { visitorNumber: VISITOR, message: "Two" },
      { proof },
    );
    expect(again.statusCode).toBe(400);
    expect(again.json().error.message).toBe("This security check was already used. Please try again.");
    const refused = (await logged()).filter((a) => a.outcome === "challenge_failed");
    expect(refused).toMatchObject([{ detail: "Challenge replayed" }]);
    const twos = await env.t.db.db.select().from(schema.messages).where(eq(schema.messages.body, "Two"));
    expect(twos).toEqual([]);
  });
});
