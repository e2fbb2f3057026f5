import { verifiedNumberMessages } from "@poundline/contracts/verified-numbers/schemas";
import { newId, schema } from "@poundline/db";
import { VERIFICATION_CODE } from "@poundline/modules/verified-numbers/codes";
import { VERIFICATION_SEND_LIMITS } from "@poundline/modules/verified-numbers/send-limits";
import type { CarrierClient } from "@poundline/platform/carrier/client";
import { CarrierError } from "@poundline/platform/carrier/client";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../src/testing";
import type { SignedIn } from "../fixtures";
import { codeTextedTo, createTrialUser, verifiedNumberRow } from "./helpers";

let t: TestApp;
let session: SignedIn;
let accountId: string;
/** The test's clock: moved forward to expire codes. */
let now = new Date("2026-11-26T12:00:00.000Z");

beforeAll(async () => {
  t = await createTestApp({ clock: () => now });
  ({
    session,
    user: { accountId },
  } = await createTrialUser(t));
});
afterAll(() => t.close());

const post = (url: string, payload: object, signedIn = session) =>
  t.app.inject({ method: "POST", url, headers: signedIn.headers, payload });

/** A pending number of a fresh trial account (its own sending budget) and the code texted to it. */
async function pendingNumber(e164: string) {
  const trial = await createTrialUser(t);
  const added = await post("/api/verified-numbers", { e164, channel: "sms" }, trial.session);
  expect(added.statusCode, added.body).toBe(201);
  return { id: added.json<{ id: string }>().id, code: codeTextedTo(t, e164), session: trial.session };
}

const wrongCodeFor = (code: string) => (code === "000000" ? "111111" : "000000");

describe("bad input answers 400 with the field's message and writes nothing", () => {
  it.each([
    ["no number", { channel: "sms" }, "body.e164"],
    ["letters for a number", { e164: "call me", channel: "sms" }, verifiedNumberMessages.invalidPhone],
    ["too short a number", { e164: "+1404555", channel: "sms" }, verifiedNumberMessages.invalidPhone],
    ["no channel", { e164: "+14045550111" }, verifiedNumberMessages.channel],
    ["an unknown channel", { e164: "+14045550111", channel: "fax" }, verifiedNumberMessages.channel],
  ])("POST /api/verified-numbers with %s", async (_case, payload, message) => {
    const res = await post("/api/verified-numbers", payload);
    expect(res.statusCode, res.body).toBe(400);
    expect(JSON.stringify(res.json().error)).toContain(message);
    const rows = await t.db.db
      .select()
      .from(schema.verifiedNumbers)
      .where(eq(schema.verifiedNumbers.accountId, accountId));
    expect(rows.filter((r) => r.e164 === "+14045550111")).toEqual([]);
  });

  it.each([
    ["five digits", "12345", "+14045550121"],
    ["letters", "abcdef", "+14045550122"],
    ["seven digits", "1234567", "+14045550123"],
    ["nothing", "", "+14045550124"],
  ])("a code of %s", async (_case, code, e164) => {
    const { id, session: owner } = await pendingNumber(e164);
    const res = await post(`/api/verified-numbers/${id}/verify`, { code }, owner);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().error.fields["body.code"]).toContain(verifiedNumberMessages.code);
    expect((await verifiedNumberRow(t, id))?.codeAttempts).toBe(0);
  });

  it("an id of the wrong shape is not found", async () => {
    const res = await post("/api/verified-numbers/num_123/verify", { code: "123456" });
    expect(res.statusCode, res.body).toBe(400);
    expect(JSON.stringify(res.json().error)).toContain(verifiedNumberMessages.notFound);
  });
});

describe("numbers that need no code, or take no more", () => {
  it("one of the account's own numbers is refused (400)", async () => {
    await t.db.db
      .insert(schema.phoneNumbers)
      .values({ id: newId("number"), accountId, e164: "+14075550160", friendlyName: "Main" });
    const res = await post("/api/verified-numbers", { e164: "+14075550160", channel: "sms" });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().error.fields["body.e164"]).toEqual([verifiedNumberMessages.ownNumber]);
  });

  it("a code is used once: the verified number takes neither it again, nor a new code (409)", async () => {
    const { id, code, session: owner } = await pendingNumber("+14045550113");
    expect((await post(`/api/verified-numbers/${id}/verify`, { code }, owner)).statusCode).toBe(200);
    const reused = await post(`/api/verified-numbers/${id}/verify`, { code }, owner);
    expect(reused.statusCode, reused.body).toBe(409);
    expect(reused.json().error.message).toBe(verifiedNumberMessages.alreadyVerified);
    expect((await post(`/api/verified-numbers/${id}/code`, { channel: "sms" }, owner)).statusCode).toBe(409);
    expect(
      (await post("/api/verified-numbers", { e164: "+14045550113", channel: "sms" }, owner)).statusCode,
    ).toBe(409);
  });

  it("an expired code is refused, even the right one; a new code then verifies", async () => {
    const { id, code, session: owner } = await pendingNumber("+14045550114");
    now = new Date(now.getTime() + VERIFICATION_CODE.lifetimeMs);
    const late = await post(`/api/verified-numbers/${id}/verify`, { code }, owner);
    expect(late.statusCode, late.body).toBe(400);
    expect(late.json().error.message).toBe(verifiedNumberMessages.expired);
    expect((await verifiedNumberRow(t, id))?.verifiedAt).toBeNull();

    expect((await post(`/api/verified-numbers/${id}/code`, { channel: "sms" }, owner)).statusCode).toBe(200);
    const fresh = codeTextedTo(t, "+14045550114");
    expect((await post(`/api/verified-numbers/${id}/verify`, { code: fresh }, owner)).statusCode).toBe(200);
  });
});

describe("guessing the code is throttled", () => {
  it(`${VERIFICATION_CODE.maxAttempts} wrong codes kill the code: the right one is refused afterwards (429)`, async () => {
    const { id, code, session: owner } = await pendingNumber("+14045550115");
    const wrong = wrongCodeFor(code);
    for (let attempt = 1; attempt < VERIFICATION_CODE.maxAttempts; attempt++) {
      const res = await post(`/api/verified-numbers/${id}/verify`, { code: wrong }, owner);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().error.message).toContain(`${VERIFICATION_CODE.maxAttempts - attempt} attempt`);
    }
    const last = await post(`/api/verified-numbers/${id}/verify`, { code: wrong }, owner);
    expect(last.statusCode, last.body).toBe(429);
    const right = await post(`/api/verified-numbers/${id}/verify`, { code }, owner);
    expect(right.statusCode, right.body).toBe(429);
    expect(right.json().error.message).toBe(verifiedNumberMessages.tooManyAttempts);
    const row = await verifiedNumberRow(t, id);
    expect(row).toMatchObject({ verifiedAt: null, codeAttempts: VERIFICATION_CODE.maxAttempts });
  });

  it("concurrent guesses are counted one by one", async () => {
    const { id, code, session: owner } = await pendingNumber("+14045550116");
    const wrong = wrongCodeFor(code);
    const answers = await Promise.all(
      Array.from({ length: VERIFICATION_CODE.maxAttempts * 2 }, () =>
        post(`/api/verified-numbers/${id}/verify`, { code: wrong }, owner),
      ),
    );
    expect(answers.filter((res) => res.statusCode === 400)).toHaveLength(VERIFICATION_CODE.maxAttempts - 1);
    expect((await verifiedNumberRow(t, id))?.codeAttempts).toBe(VERIFICATION_CODE.maxAttempts);
  });
});

describe("sending codes is rate-limited", () => {
  it(`one number gets at most ${VERIFICATION_SEND_LIMITS.perNumberPerHour} codes an hour, whatever the account`, async () => {
    const target = "+14045550117";
    const first = await pendingNumber(target);
    for (let sent = 1; sent < VERIFICATION_SEND_LIMITS.perNumberPerHour; sent++) {
      const res = await post(`/api/verified-numbers/${first.id}/code`, { channel: "sms" }, first.session);
      expect(res.statusCode, res.body).toBe(200);
    }
    const texts = () => (t.app.deps.simulator?.sentMessages() ?? []).filter((m) => m.to === target).length;
    const before = texts();
    const over = await post(`/api/verified-numbers/${first.id}/code`, { channel: "call" }, first.session);
    expect(over.statusCode, over.body).toBe(429);
    expect(over.headers["retry-after"]).toBeDefined();
    // Another account naming the same number is refused too.
    const other = await createTrialUser(t);
    const elsewhere = await post("/api/verified-numbers", { e164: target, channel: "sms" }, other.session);
    expect(elsewhere.statusCode, elsewhere.body).toBe(429);
    expect(texts()).toBe(before);
  });

  it(`one account sends at most ${VERIFICATION_SEND_LIMITS.perAccountPerDay} codes a day`, async () => {
    const trial = await createTrialUser(t);
    for (let sent = 0; sent < VERIFICATION_SEND_LIMITS.perAccountPerDay; sent++) {
      const e164 = `+1312555${String(100 + sent).padStart(4, "0")}`;
      const res = await post("/api/verified-numbers", { e164, channel: "sms" }, trial.session);
      expect(res.statusCode, res.body).toBe(201);
    }
    const over = await post("/api/verified-numbers", { e164: "+13125550199", channel: "sms" }, trial.session);
    expect(over.statusCode, over.body).toBe(429);
    expect(over.json().error.message).toMatch(/^Too many codes sent\. Please try again in \d+ minutes?\.$/);
  });
});

describe("the carrier", () => {
  const refusingCarrier: CarrierClient = {
    async sendMessage() {
      throw new CarrierError("The 'To' number is not a valid phone number.", 400, 21211);
    },
    async createCall() {
      throw new CarrierError("The 'To' number is not a valid phone number.", 400, 21211);
    },
    async fetchMessage() {
      throw new Error("not used");
    },
    async updateCall() {},
  };

  it("a refusal answers 400 with its reason", async () => {
    const app = await createTestApp({ carrierClient: refusingCarrier });
    try {
      const { session: owner } = await createTrialUser(app);
      const res = await app.app.inject({
        method: "POST",
        url: "/api/verified-numbers",
        headers: owner.headers,
        payload: { e164: "+14045550118", channel: "sms" },
      });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().error.message).toContain("The carrier refused to send the code");
    } finally {
      await app.close();
    }
  });

  it("with a carrier account and no VERIFICATION_CALLER_ID, nothing is sent (503)", async () => {
    const app = await createTestApp({
      carrierClient: refusingCarrier,
      config: { TWILIO_ACCOUNT_SID: `AC${"1".repeat(32)}`, TWILIO_AUTH_TOKEN: "t".repeat(32) },
    });
    try {
      const { session: owner } = await createTrialUser(app);
      const res = await app.app.inject({
        method: "POST",
        url: "/api/verified-numbers",
        headers: owner.headers,
        payload: { e164: "+14045550119", channel: "sms" },
      });
      expect(res.statusCode, res.body).toBe(503);
      expect(res.json().error.message).toBe(verifiedNumberMessages.notConfigured);
    } finally {
      await app.close();
    }
  });
});

describe("codes go only where the account may call", () => {
  it.each([
    ["a premium-rate number", "+19005550140", "Premium-rate numbers cannot be called or texted."],
    [
      "a Caribbean NANP number",
      "+18765550140",
      "Calls and texts to Jamaica are not allowed for this account.",
    ],
    ["a satellite number", "+881612345678", "Satellite"],
  ])("%s is refused (400) and nothing is sent", async (_case, e164, message) => {
    const trial = await createTrialUser(t);
    const before = t.app.deps.simulator?.sentMessages().length ?? 0;
    const res = await post("/api/verified-numbers", { e164, channel: "sms" }, trial.session);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().error.fields["body.e164"][0]).toContain(message);
    expect(t.app.deps.simulator?.sentMessages().length ?? 0).toBe(before);
    const rows = await t.db.db
      .select()
      .from(schema.verifiedNumbers)
      .where(eq(schema.verifiedNumbers.accountId, trial.user.accountId));
    expect(rows).toEqual([]);
  });
});
