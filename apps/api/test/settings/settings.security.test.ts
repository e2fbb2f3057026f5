import { authMessages } from "@poundline/contracts/auth/schemas";
import { settingsMessages } from "@poundline/contracts/settings/schemas";
import { schema } from "@poundline/db";
import { hashToken } from "@poundline/modules/auth/sessions";
import { totpCode, totpKeyBytes } from "@poundline/modules/auth/totp";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { adminMessages } from "../../src/auth/context";
import { createTestApp, type TestApp } from "../../src/testing";
import { login, post, sessionCookieOf } from "../auth/helpers";
import { createUser, signIn } from "../fixtures";
import { call, validCompany } from "./helpers";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const notifications = { emailNewVoicemail: false, emailMissedCall: false, smsNewVoicemail: false };

describe("a visitor without a session", () => {
  it.each([
    ["GET", "/api/settings/profile", undefined],
    ["PUT", "/api/settings/profile", { firstName: "A", lastName: "B" }],
    ["POST", "/api/settings/email", { email: "x@example.com" }],
    ["DELETE", "/api/settings/avatar", undefined],
    ["GET", "/api/settings/company", undefined],
    ["PUT", "/api/settings/company", validCompany],
    ["GET", "/api/settings/notifications", undefined],
    ["PUT", "/api/settings/notifications", notifications],
    ["GET", "/api/settings/sessions", undefined],
    ["DELETE", `/api/settings/sessions/${"a".repeat(64)}`, undefined],
    ["POST", "/api/settings/sessions/sign-out-everywhere", {}],
    ["GET", "/api/auth/two-factor", undefined],
    ["GET", "/api/auth/two-factor/setup", undefined],
    ["POST", "/api/auth/two-factor/enable", { key: "GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ", code: "123456" }],
    ["POST", "/api/auth/two-factor/disable", { code: "123456" }],
    ["POST", "/api/auth/two-factor/verify", { code: "123456" }],
  ] as const)("%s %s is 401", async (method, url, body) => {
    const res = await call(t, method, url, undefined, body);
    expect(res.statusCode).toBe(401);
  });

  it("cannot upload an avatar", async () => {
    const res = await t.app.inject({
      method: "POST",
      url: "/api/settings/avatar",
      headers: { origin: "http://localhost:3000", "content-type": "image/png" },
      payload: Buffer.from([0x89, 0x50, 0x4e, 0x47]),
    });
    expect(res.statusCode).toBe(401);
  });
});

describe("another account", () => {
  it("cannot see or end another user's session (404), which keeps working", async () => {
    const mallory = await signIn(t, await createUser(t));
    const alice = await createUser(t);
    const aliceSession = await signIn(t, alice);
    const aliceSessionId = hashToken(aliceSession.cookie.split("=")[1] ?? "");
    const list = (await call(t, "GET", "/api/settings/sessions", mallory)).json().sessions as {
      id: string;
    }[];
    expect(list.map((s) => s.id)).not.toContain(aliceSessionId);
    const res = await call(t, "DELETE", `/api/settings/sessions/${aliceSessionId}`, mallory);
    expect(res.statusCode).toBe(404);
    expect((await call(t, "GET", "/api/settings/profile", aliceSession)).statusCode).toBe(200);
  });

  it("saves the company of the user's own account only", async () => {
    const bob = await createUser(t);
    const carol = await createUser(t);
    const res = await call(t, "PUT", "/api/settings/company", await signIn(t, bob), validCompany);
    expect(res.statusCode).toBe(200);
    const [carolsAccount] = await t.db.db
      .select()
      .from(schema.accounts)
      .where(eq(schema.accounts.id, carol.accountId));
    expect(carolsAccount?.companyName).toBe(carol.companyName);
  });

  it("lets a plain member read the company but not change it (403)", async () => {
    const member = await createUser(t);
    await t.db.db
      .update(schema.accountMemberships)
      .set({ role: "member" })
      .where(and(eq(schema.accountMemberships.userId, member.id)));
    const session = await signIn(t, member);
    expect((await call(t, "GET", "/api/settings/company", session)).json()).toMatchObject({ canEdit: false });
    const res = await call(t, "PUT", "/api/settings/company", session, validCompany);
    expect(res.statusCode).toBe(403);
    expect(res.json().error.message).toBe(settingsMessages.companyReadOnly);
    const [account] = await t.db.db
      .select()
      .from(schema.accounts)
      .where(eq(schema.accounts.id, member.accountId));
    expect(account?.companyName).toBe(member.companyName);
  });

  it("cannot use another user's recovery code", async () => {
    const owner = await createUser(t);
    const ownerSession = await signIn(t, owner);
    const setup = (await call(t, "GET", "/api/auth/two-factor/setup", ownerSession)).json();
    const code = totpCode(totpKeyBytes(setup.key) as Uint8Array, t.app.deps.clock());
    const { recoveryCodes } = (
      await call(t, "POST", "/api/auth/two-factor/enable", ownerSession, { key: setup.key, code })
    ).json();
    const thief = await createUser(t, { twoFactor: true });
    const pending = sessionCookieOf(await login(t, thief.email, thief.password)) ?? "";
    const res = await post(t, "/api/auth/two-factor/verify", { recoveryCode: recoveryCodes[0] }, pending);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe(authMessages.recoveryCodeInvalid);
  });
});

describe("a session waiting for its two-factor code", () => {
  it("reaches nothing but /two-factor/verify and logout", async () => {
    const user = await createUser(t, { twoFactor: true });
    const res = await login(t, user.email, user.password);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      user: null,
      account: null,
      isAdmin: false,
      twoFactorEnabled: false,
      twoFactorPending: true,
    });
    const cookie = sessionCookieOf(res) ?? "";
    const as = { cookie, headers: { cookie, origin: "" } };
    for (const url of [
      "/api/settings/profile",
      "/api/settings/sessions",
      "/api/console/unread",
      "/api/contacts",
    ])
      expect((await call(t, "GET", url, as)).statusCode, url).toBe(401);
    expect(
      (await call(t, "POST", "/api/auth/two-factor/disable", as, { password: user.password })).statusCode,
    ).toBe(401);
    const [row] = await t.db.db
      .select()
      .from(schema.sessions)
      .where(eq(schema.sessions.id, hashToken(cookie.split("=")[1] ?? "")));
    expect(row?.twoFactorVerified).toBe(false);
  });

  it("throttles wrong codes: the 11th try from one address is refused (429)", async () => {
    const user = await createUser(t, { twoFactor: true });
    const cookie = sessionCookieOf(await login(t, user.email, user.password)) ?? "";
    const right = totpCode(totpKeyBytes(user.totpKey ?? "") as Uint8Array, t.app.deps.clock());
    const wrong = right === "111111" ? "222222" : "111111";
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++)
      statuses.push((await post(t, "/api/auth/two-factor/verify", { code: wrong }, cookie)).statusCode);
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(400));
    expect(statuses[10]).toBe(429);
    // Even the right code waits out the lock.
    expect((await post(t, "/api/auth/two-factor/verify", { code: right }, cookie)).statusCode).toBe(429);
  });
});

describe("the admin area needs two-factor authentication", () => {
  it("refuses an admin without it with a clear message (403)", async () => {
    const admin = await createUser(t, { admin: true, twoFactor: false });
    const res = await call(t, "GET", "/api/admin/users", await signIn(t, admin));
    expect(res.statusCode).toBe(403);
    expect(res.json().error.message).toBe(adminMessages.twoFactorRequired);
  });

  it("refuses a non-admin as before", async () => {
    const res = await call(t, "GET", "/api/admin/users", await signIn(t, await createUser(t)));
    expect(res.statusCode).toBe(403);
    expect(res.json().error.message).toBe(adminMessages.notAdmin);
  });

  it("keeps an admin's password-only session out until the code", async () => {
    const admin = await createUser(t, { admin: true });
    const cookie = sessionCookieOf(await login(t, admin.email, admin.password)) ?? "";
    const as = { cookie, headers: { cookie, origin: "" } };
    expect((await call(t, "GET", "/api/admin/users", as)).statusCode).toBe(401);
    const code = totpCode(totpKeyBytes(admin.totpKey ?? "") as Uint8Array, t.app.deps.clock());
    const verified = await post(t, "/api/auth/two-factor/verify", { code }, cookie);
    expect(verified.statusCode).toBe(200);
    const verifiedCookie = sessionCookieOf(verified) ?? "";
    const asVerified = { cookie: verifiedCookie, headers: { cookie: verifiedCookie, origin: "" } };
    expect((await call(t, "GET", "/api/admin/users", asVerified)).statusCode).toBe(200);
  });
});
