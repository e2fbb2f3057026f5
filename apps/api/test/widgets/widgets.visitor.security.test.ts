import { schema } from "@poundline/db";
import { WIDGET_RATE_LIMITS } from "@poundline/modules/widgets/abuse-limits";
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { createUser, signIn } from "../fixtures";
import {
  addresses,
  attemptsOf,
  fetchChallenge,
  SITE,
  solvedChallenge,
  useVisitorTestApp,
  visitorAttempt,
} from "./visitor-helpers";

const env = useVisitorTestApp();
const { newWidget } = env;

const freshIp = addresses("192.0.2");

const challengeUsesOf = (widgetId: string) =>
  env.t.db.db
    .select()
    .from(schema.widgetChallengeUses)
    .where(eq(schema.widgetChallengeUses.widgetId, widgetId));

const text = (publicKey: string, ip: string, body = "Hello") =>
  visitorAttempt(env.t, publicKey, "text", { visitorNumber: "+14045550199", message: body }, { ip });

describe("widgets: abuse protection", () => {
  it.each([
    ["another website", "https://evil.example"],
    ["no Origin at all", undefined],
  ])("%s cannot get a challenge or start a callback, and writes nothing", async (_, origin) => {
    const { id, publicKey } = await newWidget();
    const challenge = await fetchChallenge(env.t, publicKey, { origin });
    expect(challenge.statusCode).toBe(403);
    expect(challenge.headers["access-control-allow-origin"]).toBeUndefined();

    const proof = await solvedChallenge(env.t, publicKey);
    const res = await visitorAttempt(
      env.t,
      publicKey,
      "callback",
      { visitorNumber: "+14045550199" },
      { origin, proof },
    );
    expect(res.statusCode).toBe(403);
    expect(res.headers["access-control-allow-origin"]).toBeUndefined();
    expect(res.json().error.message).toBe("This website is not allowed to use this widget.");
    // Anyone can send a wrong Origin for free: no attempt row, and the challenge is not spent.
    expect(await attemptsOf(env.t, id)).toEqual([]);
    expect(await challengeUsesOf(id)).toEqual([]);
    const calls = await env.t.db.db
      .select()
      .from(schema.callLogs)
      .where(eq(schema.callLogs.accountId, env.alice.accountId));
    expect(calls).toEqual([]);
  });

  it("a preflight from another website is refused", async () => {
    const { publicKey } = await newWidget();
    const res = await env.t.app.inject({
      method: "OPTIONS",
      url: `/widget/${publicKey}/text`,
      headers: { origin: "https://evil.example", "access-control-request-method": "POST" },
    });
    expect(res.statusCode).toBe(403);
    expect(res.headers["access-control-allow-origin"]).toBeUndefined();
  });

  it("a challenge of one widget does not open another", async () => {
    const first = await newWidget();
    const second = await newWidget();
    const proof = await solvedChallenge(env.t, first.publicKey);
    const res = await visitorAttempt(
      env.t,
      second.publicKey,
      "text",
      { visitorNumber: "+14045550199", message: "x" },
      { proof },
    );
    expect(res.statusCode).toBe(400);
    expect(await attemptsOf(env.t, second.id)).toEqual([]);
    expect(await challengeUsesOf(second.id)).toEqual([]);
  });

  it("the destination is always the widget's own number: a `to` in the body changes nothing", async () => {
    const { publicKey } = await newWidget();
    const res = await visitorAttempt(
      env.t,
      publicKey,
      "text",
      { visitorNumber: "+14045550177", message: "Routed?", to: "+14045550100", accountId: "acct_other" },
      { ip: freshIp() },
    );
    expect(res.statusCode).toBe(201);
    const [message] = await env.t.db.db
      .select()
      .from(schema.messages)
      .where(eq(schema.messages.body, "Routed?"));
    expect(message).toMatchObject({ accountId: env.alice.accountId, toNumber: env.business.e164 });
  });

  it("another account's widget and attempts are 404 in the console", async () => {
    const { id } = await newWidget();
    const bobIn = await signIn(env.t, await createUser(env.t));
    for (const url of [`/api/widgets/${id}`, `/api/widgets/${id}/attempts`]) {
      const res = await env.t.app.inject({ method: "GET", url, headers: bobIn.headers });
      expect(res.statusCode).toBe(404);
    }
  });

  it("one address is limited across widgets: past the limit, 429 with a sentence, logged", async () => {
    const first = await newWidget();
    const second = await newWidget();
    const ip = freshIp();
    for (let i = 0; i < WIDGET_RATE_LIMITS.attemptsPerIp; i++) {
      const res = await text(i % 2 ? first.publicKey : second.publicKey, ip);
      expect(res.statusCode, res.body).toBe(201);
    }
    const refused = await text(first.publicKey, ip);
    expect(refused.statusCode).toBe(429);
    expect(refused.headers["access-control-allow-origin"]).toBe(SITE);
    expect(refused.json().error.message).toBe("Too many requests. Please try again in 10 minutes.");
    const logged = (await attemptsOf(env.t, first.id)).filter((a) => a.outcome === "rate_limited");
    expect(logged).toHaveLength(1);
    // Another address still gets through.
    expect((await text(first.publicKey, freshIp())).statusCode).toBe(201);
  });

  it("one widget is limited across addresses", async () => {
    const { publicKey } = await newWidget({ dailyCap: 1000 });
    for (let i = 0; i < WIDGET_RATE_LIMITS.attemptsPerWidget; i++)
      expect((await text(publicKey, freshIp())).statusCode).toBe(201);
    const refused = await text(publicKey, freshIp());
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error.message).toMatch(/^Too many requests/);
  });

  it("the daily cap refuses past its count, race-safe, with a clear sentence", async () => {
    const { id, publicKey } = await newWidget({ dailyCap: 2 });
    const results = await Promise.all(
      Array.from({ length: 5 }, (_, i) => text(publicKey, freshIp(), `Cap ${i}`)),
    );
    const statuses = results.map((r) => r.statusCode).sort();
    expect(statuses).toEqual([201, 201, 429, 429, 429]);
    const refusal = results.find((r) => r.statusCode === 429);
    expect(refusal?.json().error.message).toBe(
      "This business is not taking more requests from its website today. Please try again tomorrow.",
    );
    const attempts = await attemptsOf(env.t, id);
    expect(attempts.filter((a) => a.outcome === "accepted")).toHaveLength(2);
    expect(attempts.filter((a) => a.outcome === "daily_cap")).toHaveLength(3);
    const stored = await env.t.db.db
      .select()
      .from(schema.messages)
      .where(
        and(
          eq(schema.messages.accountId, env.alice.accountId),
          eq(schema.messages.fromNumber, "+14045550199"),
        ),
      );
    expect(stored.filter((m) => m.body.startsWith("Cap "))).toHaveLength(2);
  });
});
