import { schema } from "@poundline/db";
import { SIM_VERIFICATION_CALLER_ID } from "@poundline/modules/verified-numbers/sender";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../src/testing";
import { createUser, type SignedIn, signIn } from "../fixtures";
import { codeSpokenTo, codeTextedTo, createTrialUser, topUp, verifiedNumberRow } from "./helpers";

let t: TestApp;
let session: SignedIn;
let accountId: string;

beforeAll(async () => {
  t = await createTestApp();
  const trial = await createTrialUser(t);
  session = trial.session;
  accountId = trial.user.accountId;
});
afterAll(() => t.close());

const post = (url: string, payload: object) =>
  t.app.inject({ method: "POST", url, headers: session.headers, payload });

describe("verifying a number by text", () => {
  it("adds the number pending, texts a code from the platform's number, and the code verifies it", async () => {
    const added = await post("/api/verified-numbers", { e164: "(404) 555-0101", channel: "sms" });
    expect(added.statusCode, added.body).toBe(201);
    const { id, status, e164 } = added.json<{ id: string; status: string; e164: string }>();
    expect({ status, e164 }).toEqual({ status: "pending", e164: "+14045550101" });

    const code = codeTextedTo(t, "+14045550101");
    const pending = await verifiedNumberRow(t, id);
    expect(pending).toMatchObject({ accountId, channel: "sms", verifiedAt: null, codeAttempts: 0 });
    // Only a hash is kept, salted by the row.
    expect(pending?.codeHash).toMatch(/^[0-9a-f]{64}$/);
    expect(pending?.codeHash).not.toContain(code);

    const verified = await post(`/api/verified-numbers/${id}/verify`, { code });
    expect(verified.statusCode, verified.body).toBe(200);
    expect(verified.json()).toMatchObject({ id, status: "verified" });
    const row = await verifiedNumberRow(t, id);
    expect(row?.verifiedAt).toBeInstanceOf(Date);
    expect(row).toMatchObject({ codeHash: null, codeExpiresAt: null });

    const list = await t.app.inject({
      method: "GET",
      url: "/api/verified-numbers",
      headers: session.headers,
    });
    expect(list.json()).toMatchObject({
      unpaidTrial: true,
      numbers: [{ id, e164: "+14045550101", status: "verified" }],
    });
  });
});

describe("verifying a number by voice call", () => {
  it("calls the number from the platform's number and says the code, which verifies it", async () => {
    const added = await post("/api/verified-numbers", { e164: "+14045550102", channel: "call" });
    expect(added.statusCode, added.body).toBe(201);
    const { id } = added.json<{ id: string }>();
    const sim = t.app.deps.simulator;
    await sim?.idle();
    expect(sim?.calls().some((c) => c.from === SIM_VERIFICATION_CALLER_ID && c.to === "+14045550102")).toBe(
      true,
    );
    const code = await codeSpokenTo(t, "+14045550102");
    const verified = await post(`/api/verified-numbers/${id}/verify`, { code });
    expect(verified.statusCode, verified.body).toBe(200);
    expect((await verifiedNumberRow(t, id))?.channel).toBe("call");
  });
});

describe("a new code", () => {
  it("replaces the pending one: the old code no longer verifies, the new one does", async () => {
    const added = await post("/api/verified-numbers", { e164: "+14045550103", channel: "sms" });
    const { id } = added.json<{ id: string }>();
    const first = codeTextedTo(t, "+14045550103");
    let second = first;
    // Two draws may coincide (one in a million): draw until they differ, within the sending limit.
    for (let i = 0; i < 2 && second === first; i++) {
      const resent = await post(`/api/verified-numbers/${id}/code`, { channel: "sms" });
      expect(resent.statusCode, resent.body).toBe(200);
      second = codeTextedTo(t, "+14045550103");
    }
    expect(second).not.toBe(first);
    expect((await post(`/api/verified-numbers/${id}/verify`, { code: first })).statusCode).toBe(400);
    const verified = await post(`/api/verified-numbers/${id}/verify`, { code: second });
    expect(verified.statusCode, verified.body).toBe(200);
  });

  it("adding a pending number again sends it a new code (200, the same row)", async () => {
    const added = await post("/api/verified-numbers", { e164: "+14045550104", channel: "sms" });
    const again = await post("/api/verified-numbers", { e164: "+14045550104", channel: "call" });
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json().id).toBe(added.json().id);
    expect((await verifiedNumberRow(t, added.json().id))?.channel).toBe("call");
  });
});

describe("DELETE /api/verified-numbers/:id", () => {
  it("forgets the number", async () => {
    const added = await post("/api/verified-numbers", { e164: "+14045550105", channel: "sms" });
    const { id } = added.json<{ id: string }>();
    const res = await t.app.inject({
      method: "DELETE",
      url: `/api/verified-numbers/${id}`,
      headers: session.headers,
    });
    expect(res.statusCode, res.body).toBe(204);
    expect(await verifiedNumberRow(t, id)).toBeUndefined();
  });
});

describe("who is on an unpaid trial (GET /api/verified-numbers)", () => {
  const unpaidTrialOf = async (signedIn: SignedIn) =>
    (await t.app.inject({ method: "GET", url: "/api/verified-numbers", headers: signedIn.headers })).json<{
      unpaidTrial: boolean;
    }>().unpaidTrial;

  it("a trial that topped up its wallet is not", async () => {
    const trial = await createTrialUser(t);
    expect(await unpaidTrialOf(trial.session)).toBe(true);
    await topUp(t, trial.user.accountId);
    expect(await unpaidTrialOf(trial.session)).toBe(false);
  });

  it("a trial with a current subscription is not", async () => {
    const trial = await createTrialUser(t);
    await t.db.db.insert(schema.subscriptions).values({
      id: `sub_${crypto.randomUUID().slice(0, 8)}`,
      accountId: trial.user.accountId,
      serviceName: "Poundline Business Phone",
      planName: "Starter",
      status: "active",
      monthlyFeeCents: 2999,
    });
    expect(await unpaidTrialOf(trial.session)).toBe(false);
  });

  it("an account that never had a trial is not", async () => {
    const user = await createUser(t);
    const [account] = await t.db.db
      .select({ trialEndsAt: schema.accounts.trialEndsAt })
      .from(schema.accounts)
      .where(eq(schema.accounts.id, user.accountId));
    expect(account?.trialEndsAt).toBeNull();
    expect(await unpaidTrialOf(await signIn(t, user))).toBe(false);
  });
});
