/**
 * What a flood of cheap requests can cost a widget's owner: unsolved proofs of work count against
 * no shared quota and write nothing, the attempts log stops at a bound per widget per day, and a
 * NUL in the visitor's number is a 400 (never a 500 from the database).
 */
import { newId, schema } from "@poundline/db";
import { WIDGET_RATE_LIMITS } from "@poundline/modules/widgets/abuse-limits";
import { WIDGET_REFUSALS_LOGGED_PER_DAY } from "@poundline/modules/widgets/attempts";
import { count, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import {
  addresses,
  attemptsOf,
  TEST_POW_DIFFICULTY,
  unsolved,
  useVisitorTestApp,
  visitorAttempt,
} from "./visitor-helpers";

const env = useVisitorTestApp();
const freshIp = addresses("198.51.100");

const attemptCount = async (widgetId: string) =>
  (
    await env.t.db.db
      .select({ n: count() })
      .from(schema.widgetAttempts)
      .where(eq(schema.widgetAttempts.widgetId, widgetId))
  )[0]?.n ?? 0;

describe("widgets: a flood of cheap requests", () => {
  it("unsolved proofs of work count against no shared quota: the widget still takes a real visitor", async () => {
    const { id, publicKey } = await env.newWidget({ dailyCap: 1000 });
    // More than the widget's limit, each from its own address, none with the work done.
    for (let i = 0; i < WIDGET_RATE_LIMITS.attemptsPerWidget + 5; i++) {
      const challenge = `${publicKey}.${Date.now() + 60_000}.${TEST_POW_DIFFICULTY}.x.y`;
      const res = await visitorAttempt(
        env.t,
        publicKey,
        "text",
        { visitorNumber: "+14045550199", message: "flood" },
        { ip: freshIp(), proof: { challenge, solution: unsolved(challenge, Number(TEST_POW_DIFFICULTY)) } },
      );
      expect(res.statusCode).toBe(400);
    }
    expect(await attemptsOf(env.t, id)).toEqual([]);
    const real = await visitorAttempt(
      env.t,
      publicKey,
      "text",
      { visitorNumber: "+14045550199", message: "A real visitor" },
      { ip: freshIp() },
    );
    expect(real.statusCode, real.body).toBe(201);
  });

  it("stops logging refusals at the day's bound, and still refuses", async () => {
    const { id, publicKey } = await env.newWidget();
    const [widget] = await env.t.db.db
      .select({ accountId: schema.widgetConfigurations.accountId })
      .from(schema.widgetConfigurations)
      .where(eq(schema.widgetConfigurations.id, id));
    const now = env.t.app.deps.clock();
    await env.t.db.db.insert(schema.widgetAttempts).values(
      Array.from({ length: WIDGET_REFUSALS_LOGGED_PER_DAY }, () => ({
        id: newId("widgetAttempt"),
        widgetId: id,
        accountId: widget?.accountId ?? "",
        kind: "call" as const,
        outcome: "invalid_number" as const,
        visitorNumber: "+1900",
        detail: "seeded",
        createdAt: now,
      })),
    );
    const refused = await visitorAttempt(
      env.t,
      publicKey,
      "callback",
      { visitorNumber: "+19005550123" },
      { ip: freshIp() },
    );
    expect(refused.statusCode).toBe(400);
    expect(await attemptCount(id)).toBe(WIDGET_REFUSALS_LOGGED_PER_DAY);
    // A visitor within the daily cap is still taken (and logged: accepted ones are bounded by the cap).
    const taken = await visitorAttempt(
      env.t,
      publicKey,
      "text",
      { visitorNumber: "+14045550199", message: "Still open" },
      { ip: freshIp() },
    );
    expect(taken.statusCode, taken.body).toBe(201);
    expect(await attemptCount(id)).toBe(WIDGET_REFUSALS_LOGGED_PER_DAY + 1);
  });

  it.each([
    ["callback", { visitorNumber: "+1404555\u00000199" }],
    ["text", { visitorNumber: "\u0000", message: "Hi" }],
    ["text", { visitorNumber: "+14045550199", message: "Hi\u0000there" }],
  ] as const)(
    "a NUL in a %s's fields is a 400 with the field, and nothing is written",
    async (action, fields) => {
      const { id, publicKey } = await env.newWidget();
      const res = await visitorAttempt(env.t, publicKey, action, fields, { ip: freshIp() });
      expect(res.statusCode, res.body).toBe(400);
      const [field] = Object.keys(res.json().error.fields ?? {});
      expect(field).toMatch(/^body\.(visitorNumber|message)$/);
      expect(await attemptsOf(env.t, id)).toEqual([]);
    },
  );
});
