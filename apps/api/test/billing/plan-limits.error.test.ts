import { type Database, newId, schema } from "@poundline/db";
import { lockMemberships, memberRefusal } from "@poundline/modules/billing/enforce";
import { count, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../src/testing";
import { addNumber, routingBody } from "../call-routing/helpers";
import { createUser, signIn } from "../fixtures";
import { subscribe } from "../numbers/helpers";

const now = new Date("2026-11-20T15:00:00Z");
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ clock: () => now });
});
afterAll(() => t.close());

/** A signed-in owner on `plan` (null: the trial) with a number and a funded wallet. */
async function onPlan(plan: string | null, e164: string) {
  const user = await createUser(t);
  if (plan) await subscribe(t, user.accountId, plan);
  await t.db.db
    .insert(schema.wallets)
    .values({ id: newId("wallet"), accountId: user.accountId, balanceCents: 100_000 });
  const numberId = await addNumber(t, user.accountId, e164);
  await t.app.deps.routing.reload();
  return { user, numberId, session: await signIn(t, user) };
}

/** `count` outbound texts already sent this month. */
async function sentTexts(accountId: string, from: string, count: number) {
  await t.db.db.execute(sql`insert into messages (id, account_id, message_sid, direction, from_number, to_number, body, status, sent_at)
    select 'msg_bulk' || g || ${accountId}, ${accountId}, 'SMbulk' || g || ${accountId}, 'outbound', ${from}, '+13055550199', 'hi', 'delivered',
      ${now.toISOString()}::timestamptz - (g || ' minutes')::interval
    from generate_series(1, ${count}) as g`);
}

describe("the API refuses what the plan does not include, naming the limit and the plan that lifts it", () => {
  it.each([
    [
      null,
      1000,
      "Your Free Trial plan includes 1000 texts a month and this account has sent 1000 this month. Upgrade to Professional to lift it.",
    ],
    [
      "Starter",
      1000,
      "Your Starter plan includes 1000 texts a month and this account has sent 1000 this month. Upgrade to Professional to lift it.",
    ],
    [
      "Professional",
      2500,
      "Your Professional plan includes 2500 texts a month and this account has sent 2500 this month. Upgrade to Enterprise to lift it.",
    ],
  ])("texts a month on %s: %i sent, the next refused", async (plan, sent, message) => {
    const from = `+1305555${String(1000 + sent + (plan?.length ?? 0)).slice(-4)}`;
    const { user, session } = await onPlan(plan, from);
    await sentTexts(user.accountId, from, sent);
    const res = await t.app.inject({
      method: "POST",
      url: "/api/messages",
      headers: session.headers,
      payload: { from, to: "+13055550199", body: "One more" },
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().error.message).toBe(message);
    const [stored] = await t.db.db
      .select({ n: count() })
      .from(schema.messages)
      .where(eq(schema.messages.accountId, user.accountId));
    expect(stored?.n).toBe(sent);
  });

  it.each([
    [null, "Call recording is not included in your Free Trial plan. Upgrade to Professional to lift it."],
    ["Starter", "Call recording is not included in your Starter plan. Upgrade to Professional to lift it."],
  ])("call recording on %s is refused and not saved", async (plan, message) => {
    const { numberId, session } = await onPlan(plan, `+1305556${plan ? "1111" : "2222"}`);
    const res = await t.app.inject({
      method: "PUT",
      url: `/api/call-routing/${numberId}`,
      headers: session.headers,
      payload: routingBody({ recordCalls: true }),
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().error).toMatchObject({ message, fields: { "body.recordCalls": [message] } });
    const rows = await t.db.db.select().from(schema.numberRouting);
    expect(rows.filter((r) => r.phoneNumberId === numberId)).toEqual([]);
  });

  it.each([
    [null, "member", 2, null],
    [
      null,
      "member",
      3,
      "Your Free Trial plan includes 1 admin and 2 users and this account has 3. Upgrade to Starter to lift it.",
    ],
    [
      null,
      "admin",
      1,
      "Your Free Trial plan includes 1 admin and this account has 1. Upgrade to Starter to lift it.",
    ],
    ["Starter", "admin", 4, null],
    [
      "Starter",
      "member",
      5,
      "Your Starter plan includes up to 5 users and this account has 5. Upgrade to Professional to lift it.",
    ],
  ] as const)("a new %s on %s with %i members", async (plan, role, members, expected) => {
    const { user } = await onPlan(
      plan,
      `+1305557${String(members)}${role === "admin" ? "1" : "2"}${plan ? "3" : "4"}0`.slice(0, 12),
    );
    for (let i = 1; i < members; i++) {
      const other = await createUser(t);
      await t.db.db
        .insert(schema.accountMemberships)
        .values({ accountId: user.accountId, userId: other.id, role: "member" });
    }
    const refusal = await t.db.db.transaction(async (tx) => {
      await lockMemberships(tx as Database, user.accountId);
      return memberRefusal(tx as Database, user.accountId, role, now);
    });
    expect(refusal).toBe(expected);
  });
});
