import { verify } from "@node-rs/argon2";
import { permissionsOf } from "@poundline/contracts/auth/permissions";
import { authMessages } from "@poundline/contracts/auth/schemas";
import { schema } from "@poundline/db";
import { hashToken } from "@poundline/modules/auth/sessions";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TEST_ORIGIN, type TestApp } from "../../src/testing";
import { createUser, signIn } from "../fixtures";
import {
  createTestAppWithJobs,
  forgotPassword,
  get,
  lastEmail,
  linkIn,
  login,
  post,
  registerAndGetLink,
  registration,
  STRONG_PASSWORD,
  sessionCookieOf,
  sessionsOf,
  userByEmail,
} from "./helpers";

let t: TestApp;
const nobody = {
  user: null,
  account: null,
  isAdmin: false,
  twoFactorEnabled: false,
  twoFactorPending: false,
};
beforeAll(async () => {
  t = await createTestAppWithJobs();
});
afterAll(() => t.close());

describe("register, confirm, sign in, sign out", () => {
  it("walks a new customer from the form to the dashboard session and out again", async () => {
    const body = registration({ email: "  Grace.Hopper@Example.COM ", country: "CA", state: "on" });
    const res = await post(t, "/api/auth/register", body);
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({ message: authMessages.registered });

    // The database holds the user (lower-cased, argon2id), a trialing account with its E911
    // address, the owner membership, notification preferences and a hashed confirmation token.
    const email = "grace.hopper@example.com";
    const user = await userByEmail(t, email);
    expect(user).toMatchObject({ firstName: "Ada", lastName: "Lovelace", emailConfirmedAt: null });
    expect(user?.passwordHash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(await verify(user?.passwordHash ?? "", STRONG_PASSWORD)).toBe(true);
    const [membership] = await t.db.db
      .select()
      .from(schema.accountMemberships)
      .where(eq(schema.accountMemberships.userId, user?.id ?? ""));
    expect(membership?.role).toBe("owner");
    const [account] = await t.db.db
      .select()
      .from(schema.accounts)
      .where(eq(schema.accounts.id, membership?.accountId ?? ""));
    expect(account).toMatchObject({
      companyName: "Analytical Engines LLC",
      kind: "business",
      status: "trialing",
      addressLine1: "12 Market Street",
      addressLine2: "Suite 4",
      city: "Orlando",
      stateProvince: "ON",
      postalCode: "32801",
      country: "CA",
    });
    const trialDays = ((account?.trialEndsAt?.getTime() ?? 0) - Date.now()) / 86_400_000;
    expect(trialDays).toBeGreaterThan(27);
    expect(trialDays).toBeLessThan(32);
    const prefs = await t.db.db
      .select()
      .from(schema.notificationPreferences)
      .where(eq(schema.notificationPreferences.userId, user?.id ?? ""));
    expect(prefs).toHaveLength(1);

    // The confirmation e-mail is in the outbox; the token in its link is stored only as a hash.
    const mail = await lastEmail(t, email, "confirm_email");
    expect(mail.status).toBe("logged");
    const link = linkIn(mail.textBody, `${TEST_ORIGIN}/api/auth/confirm-email?token=`);
    const token = link.searchParams.get("token") ?? "";
    const tokens = await t.db.db
      .select()
      .from(schema.emailTokens)
      .where(eq(schema.emailTokens.userId, user?.id ?? ""));
    expect(tokens).toEqual([
      expect.objectContaining({ tokenHash: hashToken(token), purpose: "confirm_email" }),
    ]);
    expect(JSON.stringify(tokens)).not.toContain(token);

    // Not confirmed yet: no way in.
    const early = await login(t, email, STRONG_PASSWORD);
    expect(early.statusCode).toBe(400);
    expect(early.json().error.message).toBe(authMessages.emailNotConfirmed);

    // Following the link confirms the address and lands on the login page.
    const confirm = await get(t.app, `${link.pathname}${link.search}`);
    expect(confirm.statusCode).toBe(303);
    expect(confirm.headers.location).toBe("/login?confirmed=1");
    expect((await userByEmail(t, email))?.emailConfirmedAt).toBeInstanceOf(Date);

    // Signing in answers the user and the account and sets the session cookie.
    const signedIn = await login(t, "GRACE.HOPPER@example.com", STRONG_PASSWORD);
    expect(signedIn.statusCode).toBe(200);
    expect(signedIn.json()).toEqual({
      user: { id: user?.id, email, firstName: "Ada", lastName: "Lovelace", avatarUrl: null },
      account: {
        id: account?.id,
        companyName: "Analytical Engines LLC",
        role: "owner",
        permissions: permissionsOf("owner"),
      },
      isAdmin: false,
      twoFactorEnabled: false,
      twoFactorPending: false,
    });
    const cookie = signedIn.cookies.find((c) => c.name === "session");
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: "Lax", path: "/" });
    expect(cookie?.secure).toBeFalsy();
    expect((await userByEmail(t, email))?.lastSignInAt).toBeInstanceOf(Date);
    const sessionCookie = sessionCookieOf(signedIn) ?? "";

    const session = await get(t.app, "/api/auth/session", sessionCookie);
    expect(session.statusCode).toBe(200);
    expect(session.json()).toMatchObject({ user: { email }, account: { role: "owner" }, isAdmin: false });

    const logout = await post(t, "/api/auth/logout", undefined, sessionCookie);
    expect(logout.statusCode).toBe(204);
    expect(logout.cookies.find((c) => c.name === "session")?.value).toBe("");
    expect(await sessionsOf(t, user?.id ?? "")).toHaveLength(0);

    const after = await get(t.app, "/api/auth/session", sessionCookie);
    expect(after.json()).toEqual(nobody);
  });

  it("answers a visitor's session check with nobody", async () => {
    const res = await get(t.app, "/api/auth/session");
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual(nobody);
  });

  it("confirms through the JSON endpoint too, once", async () => {
    const { body, link } = await registerAndGetLink(t);
    const token = link.searchParams.get("token");
    const res = await post(t, "/api/auth/confirm-email", { token });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: authMessages.emailConfirmed });
    expect((await userByEmail(t, body.email))?.emailConfirmedAt).toBeInstanceOf(Date);
    const again = await post(t, "/api/auth/confirm-email", { token });
    expect(again.statusCode).toBe(400);
    expect(again.json().error.message).toBe(authMessages.confirmLinkInvalid);
  });

  it("reports admin status at sign-in", async () => {
    const admin = await createUser(t, { admin: true, twoFactor: false });
    const res = await login(t, admin.email, admin.password);
    expect(res.statusCode).toBe(200);
    expect(res.json().isAdmin).toBe(true);
  });
});

describe("forgot and reset password", () => {
  it("mails a link that sets a new password, ends every session and confirms the address", async () => {
    const user = await createUser(t, { confirmed: false });
    const phone = await signIn(t, user);
    const laptop = await signIn(t, user);
    expect(await sessionsOf(t, user.id)).toHaveLength(2);

    const forgot = await forgotPassword(t, user.email.toUpperCase());
    expect(forgot.statusCode).toBe(200);
    expect(forgot.json()).toEqual({ message: authMessages.resetRequested });
    const mail = await lastEmail(t, user.email, "reset_password");
    const link = linkIn(mail.textBody, `${TEST_ORIGIN}/reset-password?token=`);
    const token = link.searchParams.get("token") ?? "";
    const [stored] = await t.db.db
      .select()
      .from(schema.emailTokens)
      .where(eq(schema.emailTokens.tokenHash, hashToken(token)));
    expect(stored).toMatchObject({ userId: user.id, purpose: "reset_password", usedAt: null });
    const lifetime = (stored?.expiresAt.getTime() ?? 0) - Date.now();
    expect(lifetime).toBeGreaterThan(59 * 60_000);
    expect(lifetime).toBeLessThanOrEqual(60 * 60_000);

    const newPassword = "a brand new passphrase";
    const reset = await post(
      t,
      "/api/auth/reset-password",
      { token, password: newPassword, confirmPassword: newPassword },
      phone.cookie,
    );
    expect(reset.statusCode).toBe(200);
    expect(reset.json()).toEqual({ message: authMessages.resetDone });
    // This browser's cookie is cleared: its session is one of those that ended.
    expect(reset.cookies.find((c) => c.name === "session")?.value).toBe("");

    expect(await sessionsOf(t, user.id)).toHaveLength(0);
    const session = await get(t.app, "/api/auth/session", laptop.cookie);
    expect(session.json().user).toBeNull();
    const row = await userByEmail(t, user.email);
    expect(row?.emailConfirmedAt).toBeInstanceOf(Date);

    expect((await login(t, user.email, user.password)).json().error.message).toBe(
      authMessages.invalidCredentials,
    );
    expect((await login(t, user.email, newPassword)).statusCode).toBe(200);
  });

  it("answers the same for an unknown address and sends nothing", async () => {
    const res = await forgotPassword(t, "nobody@example.com");
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: authMessages.resetRequested });
    const mails = await t.db.db
      .select()
      .from(schema.emailOutbox)
      .where(eq(schema.emailOutbox.toAddress, "nobody@example.com"));
    expect(mails).toHaveLength(0);
  });
});

describe("change password", () => {
  it("ends the other sessions unless asked to keep them", async () => {
    const user = await createUser(t);
    const here = await signIn(t, user);
    await signIn(t, user);

    const res = await post(
      t,
      "/api/auth/change-password",
      { currentPassword: user.password, newPassword: "second password", confirmPassword: "second password" },
      here.cookie,
    );
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: authMessages.passwordChanged });
    expect(await sessionsOf(t, user.id)).toHaveLength(1);
    expect((await login(t, user.email, "second password")).statusCode).toBe(200);
  });

  it("signs the other sessions out and keeps this one", async () => {
    const user = await createUser(t);
    const here = await signIn(t, user);
    const elsewhere = await signIn(t, user);
    const other = await signIn(t, user);

    const res = await post(
      t,
      "/api/auth/change-password",
      {
        currentPassword: user.password,
        newPassword: "third password",
        confirmPassword: "third password",
        signOutOtherSessions: true,
      },
      here.cookie,
    );
    expect(res.statusCode).toBe(200);
    const left = await sessionsOf(t, user.id);
    expect(left).toHaveLength(1);
    expect((await get(t.app, "/api/auth/session", here.cookie)).json().user.id).toBe(user.id);
    expect((await get(t.app, "/api/auth/session", elsewhere.cookie)).json().user).toBeNull();
    expect((await get(t.app, "/api/auth/session", other.cookie)).json().user).toBeNull();
    expect((await login(t, user.email, "third password")).statusCode).toBe(200);
  });

  it("lets a user without a password (Google sign-up) set one without a current password", async () => {
    const user = await createUser(t);
    await t.db.db.update(schema.users).set({ passwordHash: null }).where(eq(schema.users.id, user.id));
    const here = await signIn(t, user);
    const res = await post(
      t,
      "/api/auth/change-password",
      { newPassword: "first password", confirmPassword: "first password" },
      here.cookie,
    );
    expect(res.statusCode).toBe(200);
    expect((await login(t, user.email, "first password")).statusCode).toBe(200);
  });
});
