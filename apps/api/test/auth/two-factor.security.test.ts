/**
 * Two-factor authentication against replay and theft: a code works once (RFC 6238 §5.2), the
 * session token changes when the second factor is given, and the key is encrypted at rest.
 */
import { schema } from "@poundline/db";
import { hashToken } from "@poundline/modules/auth/sessions";
import { totpCode, totpKeyBytes } from "@poundline/modules/auth/totp";
import { createTotpKeyCipher } from "@poundline/modules/auth/totp-key-cipher";
import { loadConfig } from "@poundline/platform/api-config";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../src/testing";
import { createUser, signIn, type TestUser } from "../fixtures";
import { call } from "../settings/helpers";
import { get, login, post, sessionCookieOf, testClock } from "./helpers";

const clock = testClock();
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ clock: clock.now });
});
afterAll(() => t.close());

const codeOf = (user: TestUser, offsetMs = 0) =>
  totpCode(totpKeyBytes(user.totpKey ?? "") as Uint8Array, new Date(clock.now().getTime() + offsetMs));

const userRow = async (id: string) =>
  (await t.db.db.select().from(schema.users).where(eq(schema.users.id, id)))[0];

/** Password first: the cookie of the session waiting for the code. */
async function passwordStep(user: TestUser) {
  const res = await login(t, user.email, user.password);
  expect(res.json()).toMatchObject({ twoFactorPending: true });
  return sessionCookieOf(res) ?? "";
}

describe("a TOTP code", () => {
  it("opens one sign-in: the same code again is refused, the next step's is not", async () => {
    const user = await createUser(t, { twoFactor: true });
    const code = codeOf(user);
    const first = await post(t, "/api/auth/two-factor/verify", { code }, await passwordStep(user));
    expect(first.statusCode, first.body).toBe(200);
    expect((await userRow(user.id))?.totpLastStep).toBe(Math.floor(clock.now().getTime() / 30_000));

    const replayed = await post(t, "/api/auth/two-factor/verify", { code }, await passwordStep(user));
    expect(replayed.statusCode).toBe(400);
    expect(sessionCookieOf(replayed)).toBeUndefined();

    // An older code (the step before, within the drift window) is refused too.
    const older = await post(
      t,
      "/api/auth/two-factor/verify",
      { code: codeOf(user, -30_000) },
      await passwordStep(user),
    );
    expect(older.statusCode).toBe(400);

    clock.advance(30_000);
    const next = await post(
      t,
      "/api/auth/two-factor/verify",
      { code: codeOf(user) },
      await passwordStep(user),
    );
    expect(next.statusCode).toBe(200);
  });

  it("sent twice at once opens one session only", async () => {
    const user = await createUser(t, { twoFactor: true });
    const code = codeOf(user);
    const [a, b] = [await passwordStep(user), await passwordStep(user)];
    const answers = await Promise.all([
      post(t, "/api/auth/two-factor/verify", { code }, a),
      post(t, "/api/auth/two-factor/verify", { code }, b),
    ]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 400]);
  });

  it("used to turn two-factor on does not open a sign-in after", async () => {
    const user = await createUser(t);
    const session = await signIn(t, user);
    const { key } = (await call(t, "GET", "/api/auth/two-factor/setup", session)).json();
    const code = totpCode(totpKeyBytes(key) as Uint8Array, clock.now());
    expect((await call(t, "POST", "/api/auth/two-factor/enable", session, { key, code })).statusCode).toBe(
      200,
    );
    const cookie = sessionCookieOf(await login(t, user.email, user.password)) ?? "";
    expect((await post(t, "/api/auth/two-factor/verify", { code }, cookie)).statusCode).toBe(400);
  });

  it("used to make new recovery codes cannot be used again to sign in", async () => {
    const user = await createUser(t, { twoFactor: true });
    const code = codeOf(user);
    const pending = await passwordStep(user);
    const session = await signIn(t, user);
    expect((await call(t, "POST", "/api/auth/two-factor/recovery-codes", session, { code })).statusCode).toBe(
      200,
    );
    expect((await post(t, "/api/auth/two-factor/verify", { code }, pending)).statusCode).toBe(400);
  });
});

describe("the session token", () => {
  it("changes when the second factor is given: the password-only token opens nothing after", async () => {
    const user = await createUser(t, { twoFactor: true });
    clock.advance(30_000);
    const pending = await passwordStep(user);
    const verified = await post(t, "/api/auth/two-factor/verify", { code: codeOf(user) }, pending);
    expect(verified.statusCode, verified.body).toBe(200);
    const fresh = sessionCookieOf(verified) ?? "";
    expect(fresh).not.toBe("");
    expect(fresh).not.toBe(pending);

    expect((await get(t.app, "/api/settings/profile", fresh)).statusCode).toBe(200);
    expect((await get(t.app, "/api/settings/profile", pending)).statusCode).toBe(401);
    const oldId = hashToken(pending.split("=")[1] ?? "");
    expect(await t.db.db.select().from(schema.sessions).where(eq(schema.sessions.id, oldId))).toHaveLength(0);
    const [row] = await t.db.db
      .select()
      .from(schema.sessions)
      .where(eq(schema.sessions.id, hashToken(fresh.split("=")[1] ?? "")));
    expect(row).toMatchObject({ userId: user.id, twoFactorVerified: true });
  });

  it("changes with a recovery code too", async () => {
    const user = await createUser(t);
    const session = await signIn(t, user);
    const { key } = (await call(t, "GET", "/api/auth/two-factor/setup", session)).json();
    clock.advance(30_000);
    const code = totpCode(totpKeyBytes(key) as Uint8Array, clock.now());
    const { recoveryCodes } = (
      await call(t, "POST", "/api/auth/two-factor/enable", session, { key, code })
    ).json();
    const pending = sessionCookieOf(await login(t, user.email, user.password)) ?? "";
    const verified = await post(
      t,
      "/api/auth/two-factor/verify",
      { recoveryCode: recoveryCodes[0] },
      pending,
    );
    expect(verified.statusCode, verified.body).toBe(200);
    expect(sessionCookieOf(verified)).not.toBe(pending);
    expect((await get(t.app, "/api/settings/profile", pending)).statusCode).toBe(401);
  });
});

describe("the TOTP key at rest", () => {
  it("is encrypted; a key stored in clear still works and is encrypted on its next use", async () => {
    const user = await createUser(t, { twoFactor: true });
    expect((await userRow(user.id))?.totpKey).toBe(user.totpKey);
    clock.advance(30_000);
    const res = await post(
      t,
      "/api/auth/two-factor/verify",
      { code: codeOf(user) },
      await passwordStep(user),
    );
    expect(res.statusCode).toBe(200);
    const stored = (await userRow(user.id))?.totpKey ?? "";
    expect(stored).toMatch(/^v1:/);
    expect(stored).not.toContain(user.totpKey);
    expect(createTotpKeyCipher(undefined).open(stored)).toEqual({ key: user.totpKey, inClear: false });

    // Still the same key: the next code opens the next sign-in.
    clock.advance(30_000);
    const next = await post(
      t,
      "/api/auth/two-factor/verify",
      { code: codeOf(user) },
      await passwordStep(user),
    );
    expect(next.statusCode).toBe(200);
  });

  it("does not open under another secret, nor once tampered with", () => {
    const sealed = createTotpKeyCipher("a".repeat(32)).seal("JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP");
    expect(createTotpKeyCipher("a".repeat(32)).open(sealed)?.key).toBe("JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP");
    expect(createTotpKeyCipher("b".repeat(32)).open(sealed)).toBeNull();
    const flipped = `${sealed.slice(0, -2)}${sealed.endsWith("A") ? "B" : "A"}${sealed.slice(-1)}`;
    expect(createTotpKeyCipher("a".repeat(32)).open(flipped)).toBeNull();
    expect(createTotpKeyCipher("a".repeat(32)).open("v1:garbage")).toBeNull();
  });

  it("needs TOTP_KEY_SECRET for a production start", () => {
    const production = { NODE_ENV: "production", MAIL_OUTBOX_ONLY: "true" };
    expect(() => loadConfig(production)).toThrow(/TOTP_KEY_SECRET/);
    expect(() => loadConfig({ ...production, TOTP_KEY_SECRET: "too short" })).toThrow(/TOTP_KEY_SECRET/);
    expect(loadConfig({ ...production, TOTP_KEY_SECRET: "s".repeat(32) }).TOTP_KEY_SECRET).toBe(
      "s".repeat(32),
    );
    expect(loadConfig({}).TOTP_KEY_SECRET).toBeUndefined();
  });
});
