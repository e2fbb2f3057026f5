import { settingsMessages } from "@poundline/contracts/settings/schemas";
import { schema } from "@poundline/db";
import { hashToken } from "@poundline/modules/auth/sessions";
import { totpCode, totpKeyBytes } from "@poundline/modules/auth/totp";
import { eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../src/testing";
import { get, lastEmail, login, post, sessionCookieOf } from "../auth/helpers";
import { createUser, signIn } from "../fixtures";
import { call, upload, validCompany } from "./helpers";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const userRow = async (id: string) =>
  (await t.db.db.select().from(schema.users).where(eq(schema.users.id, id)))[0];

describe("profile", () => {
  it("saves first and last name and the phone in E.164", async () => {
    const user = await createUser(t);
    const session = await signIn(t, user);
    const res = await call(t, "PUT", "/api/settings/profile", session, {
      firstName: " Grace ",
      lastName: "Hopper",
      phone: "(415) 555-0199",
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ firstName: "Grace", lastName: "Hopper", phone: "+14155550199" });
    expect(await userRow(user.id)).toMatchObject({
      firstName: "Grace",
      lastName: "Hopper",
      phone: "+14155550199",
    });
  });

  it("changes the e-mail only once the link sent to the new address is followed", async () => {
    const user = await createUser(t);
    const session = await signIn(t, user);
    const newEmail = `new-${crypto.randomUUID().slice(0, 6)}@example.com`;
    const res = await call(t, "POST", "/api/settings/email", session, {
      email: newEmail.toUpperCase(),
      password: user.password,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe(settingsMessages.emailChangeSent);
    expect((await userRow(user.id))?.email).toBe(user.email);
    expect((await call(t, "GET", "/api/settings/profile", session)).json()).toMatchObject({
      email: user.email,
      pendingEmail: newEmail,
    });

    const mail = await lastEmail(t, newEmail, "change_email");
    const link = new URL(mail.textBody.match(/https?:\/\/\S+/)?.[0] ?? "");
    expect(link.pathname).toBe("/api/auth/confirm-email-change");
    const confirm = await get(t.app, `${link.pathname}${link.search}`);
    expect(confirm.statusCode).toBe(303);
    expect(confirm.headers.location).toBe("/dashboard/settings?email=changed");
    expect((await userRow(user.id))?.email).toBe(newEmail);

    // The link works once; the new address signs in.
    const again = await get(t.app, `${link.pathname}${link.search}`);
    expect(again.headers.location).toBe("/dashboard/settings?email=invalid");
    expect((await login(t, newEmail, user.password)).statusCode).toBe(200);
  });
});

describe("avatar", () => {
  it("checks, resizes to a 256 px WebP, serves it publicly, replaces and removes it", async () => {
    const user = await createUser(t);
    const session = await signIn(t, user);
    const png = await sharp({ create: { width: 800, height: 600, channels: 3, background: "#3366cc" } })
      .png()
      .toBuffer();
    const res = await upload(t, session, png);
    expect(res.statusCode, res.body).toBe(200);
    const url: string = res.json().avatarUrl;
    expect(url).toMatch(/^\/media\/avatars\/[a-z]+_[a-z0-9]+\/[a-f0-9]{32}\.webp$/);
    expect((await userRow(user.id))?.avatarUrl).toBe(url);

    const served = await t.app.inject({ method: "GET", url });
    expect(served.statusCode).toBe(200);
    expect(served.headers["content-type"]).toBe("image/webp");
    const meta = await sharp(served.rawPayload).metadata();
    expect(meta).toMatchObject({ format: "webp", width: 256, height: 256 });
    // The user menu reads it from the session.
    expect((await call(t, "GET", "/api/auth/session", session)).json().user.avatarUrl).toBe(url);

    const jpeg = await sharp({ create: { width: 300, height: 300, channels: 3, background: "#cc3333" } })
      .jpeg()
      .toBuffer();
    const replaced = await upload(t, session, jpeg, "application/octet-stream");
    expect(replaced.statusCode).toBe(200);
    expect((await t.app.inject({ method: "GET", url })).statusCode).toBe(404);

    const removed = await call(t, "DELETE", "/api/settings/avatar", session);
    expect(removed.statusCode).toBe(200);
    expect(removed.json().avatarUrl).toBeNull();
    expect((await userRow(user.id))?.avatarUrl).toBeNull();
    expect((await t.app.inject({ method: "GET", url: replaced.json().avatarUrl })).statusCode).toBe(404);
  });
});

describe("company", () => {
  it("lets the owner save every licensee field and the E911 address", async () => {
    const user = await createUser(t);
    const session = await signIn(t, user);
    const before = await call(t, "GET", "/api/settings/company", session);
    expect(before.json()).toMatchObject({ canEdit: true, company: { companyName: user.companyName } });
    const res = await call(t, "PUT", "/api/settings/company", session, validCompany);
    expect(res.statusCode, res.body).toBe(200);
    const [account] = await t.db.db
      .select()
      .from(schema.accounts)
      .where(eq(schema.accounts.id, user.accountId));
    expect(account).toMatchObject({
      companyName: "Acme Plumbing",
      contactName: "Ada Lovelace",
      email: "office@acme.example",
      phone: "+14155550134",
      addressLine1: "1 Market Street",
      addressLine2: "Floor 2",
      city: "San Francisco",
      stateProvince: "CA",
      postalCode: "94105",
      country: "US",
    });
  });
});

describe("notification preferences", () => {
  it("answers the seed's defaults, then what was saved", async () => {
    const user = await createUser(t);
    const session = await signIn(t, user);
    await t.db.db
      .delete(schema.notificationPreferences)
      .where(eq(schema.notificationPreferences.userId, user.id));
    expect((await call(t, "GET", "/api/settings/notifications", session)).json()).toEqual({
      emailNewVoicemail: true,
      emailMissedCall: true,
      smsNewVoicemail: false,
      emailAssignment: true,
      emailMention: true,
      bellAssignment: true,
      bellMention: true,
      bellMissedCall: true,
      bellVoicemail: true,
      pushIncomingCall: true,
      pushMissedCall: true,
      pushVoicemail: true,
      pushText: true,
      pushAssignment: true,
      pushMention: true,
    });
    await call(t, "PUT", "/api/settings/profile", session, {
      firstName: "A",
      lastName: "B",
      phone: "4155550100",
    });
    const saved = { emailNewVoicemail: false, emailMissedCall: false, smsNewVoicemail: true };
    const res = await call(t, "PUT", "/api/settings/notifications", session, saved);
    expect(res.statusCode, res.body).toBe(200);
    const [row] = await t.db.db
      .select()
      .from(schema.notificationPreferences)
      .where(eq(schema.notificationPreferences.userId, user.id));
    expect(row).toMatchObject(saved);
  });
});

describe("sessions", () => {
  it("lists sessions with device, address and last seen; revokes one; signs out everywhere", async () => {
    const user = await createUser(t);
    const ua = "Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0";
    const first = await t.app.inject({
      method: "POST",
      url: "/api/auth/login",
      headers: { origin: "http://localhost:3000", "user-agent": ua },
      payload: { email: user.email, password: user.password },
    });
    const other = await signIn(t, user);
    const third = await signIn(t, user);
    const me = { cookie: sessionCookieOf(first) ?? "", headers: { cookie: "", origin: "" } };

    const list = await call(t, "GET", "/api/settings/sessions", me);
    expect(list.statusCode).toBe(200);
    const sessions = list.json().sessions as {
      id: string;
      device: string;
      ipAddress: string;
      current: boolean;
      lastSeenAt: string;
    }[];
    expect(sessions).toHaveLength(3);
    const current = sessions.find((s) => s.current);
    expect(current).toMatchObject({ device: "Firefox on Linux", ipAddress: "127.0.0.1" });
    expect(current?.lastSeenAt).toBeTruthy();

    const otherId = hashToken(other.cookie.split("=")[1] ?? "");
    const revoke = await call(t, "DELETE", `/api/settings/sessions/${otherId}`, me);
    expect(revoke.statusCode).toBe(200);
    expect((await call(t, "GET", "/api/settings/profile", other)).statusCode).toBe(401);
    expect((await call(t, "GET", "/api/settings/profile", third)).statusCode).toBe(200);

    const everywhere = await call(t, "POST", "/api/settings/sessions/sign-out-everywhere", me, {});
    expect(everywhere.statusCode).toBe(200);
    const left = await t.db.db.select().from(schema.sessions).where(eq(schema.sessions.userId, user.id));
    expect(left).toHaveLength(0);
    expect((await call(t, "GET", "/api/settings/profile", me)).statusCode).toBe(401);
  });
});

describe("two-factor authentication", () => {
  it("enables with a code, then sign-in asks for a code, or a recovery code that is then used up", async () => {
    const user = await createUser(t);
    const session = await signIn(t, user);
    const setup = await call(t, "GET", "/api/auth/two-factor/setup", session);
    expect(setup.statusCode).toBe(200);
    const { key, uri, qrCode } = setup.json();
    expect(uri).toMatch(/^otpauth:\/\/totp\//);
    expect(qrCode).toMatch(/^data:image\/svg\+xml;base64,/);
    const keyBytes = totpKeyBytes(key) as Uint8Array;
    const code = () => totpCode(keyBytes, t.app.deps.clock());
    // Each code works once: the next 30-second step's code (one step of drift is accepted).
    const nextCode = () => totpCode(keyBytes, new Date(t.app.deps.clock().getTime() + 30_000));

    const enable = await call(t, "POST", "/api/auth/two-factor/enable", session, { key, code: code() });
    expect(enable.statusCode, enable.body).toBe(200);
    const recoveryCodes: string[] = enable.json().recoveryCodes;
    expect(recoveryCodes).toHaveLength(10);
    // Encrypted at rest: the stored value is not the key.
    expect((await userRow(user.id))?.totpKey).toMatch(/^v1:/);
    expect((await userRow(user.id))?.totpKey).not.toContain(key);
    const stored = await t.db.db
      .select()
      .from(schema.twoFactorRecoveryCodes)
      .where(eq(schema.twoFactorRecoveryCodes.userId, user.id));
    expect(stored).toHaveLength(10);
    // Hashes only: no code is stored as shown.
    expect(stored.map((r) => r.codeHash)).not.toContain(recoveryCodes[0]);
    // The session that enabled it stays signed in.
    expect((await call(t, "GET", "/api/settings/profile", session)).statusCode).toBe(200);

    // Password first: the session waits for the code.
    const signInWith = async (second: Record<string, string>) => {
      const res = await login(t, user.email, user.password);
      expect(res.json()).toMatchObject({ user: null, twoFactorPending: true });
      const cookie = sessionCookieOf(res) ?? "";
      expect((await get(t.app, "/api/settings/profile", cookie)).statusCode).toBe(401);
      const verify = await post(t, "/api/auth/two-factor/verify", second, cookie);
      return { verify, cookie: sessionCookieOf(verify) ?? "" };
    };
    const withCode = await signInWith({ code: nextCode() });
    expect(withCode.verify.statusCode, withCode.verify.body).toBe(200);
    expect(withCode.verify.json()).toMatchObject({ user: { id: user.id }, twoFactorEnabled: true });
    expect((await get(t.app, "/api/settings/profile", withCode.cookie)).statusCode).toBe(200);

    const withRecovery = await signInWith({ recoveryCode: (recoveryCodes[0] ?? "").toUpperCase() });
    expect(withRecovery.verify.statusCode, withRecovery.verify.body).toBe(200);
    expect((await call(t, "GET", "/api/auth/two-factor", session)).json()).toEqual({
      enabled: true,
      recoveryCodesLeft: 9,
    });
    const reused = await signInWith({ recoveryCode: recoveryCodes[0] ?? "" });
    expect(reused.verify.statusCode).toBe(400);

    // Off again with the password.
    const off = await call(t, "POST", "/api/auth/two-factor/disable", session, { password: user.password });
    expect(off.statusCode, off.body).toBe(200);
    expect((await userRow(user.id))?.totpKey).toBeNull();
    expect(
      await t.db.db
        .select()
        .from(schema.twoFactorRecoveryCodes)
        .where(eq(schema.twoFactorRecoveryCodes.userId, user.id)),
    ).toHaveLength(0);
  });

  it("lets an admin with two-factor authentication into the admin API", async () => {
    const admin = await createUser(t, { admin: true });
    const session = await signIn(t, admin);
    expect((await call(t, "GET", "/api/admin/users", session)).statusCode).toBe(200);
  });
});
