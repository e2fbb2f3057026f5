/**
 * Moving an account to another mailbox: proof it is the user (password, and a code under
 * two-factor), nothing told about whose the new address is, the old address warned, other
 * sessions ended. And a password change ends the other sessions unless asked not to.
 */

import { authMessages } from "@poundline/contracts/auth/schemas";
import { settingsMessages } from "@poundline/contracts/settings/schemas";
import { schema } from "@poundline/db";
import { totpCode, totpKeyBytes } from "@poundline/modules/auth/totp";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../src/testing";
import { get, lastEmail, linkIn, post } from "../auth/helpers";
import { createUser, signIn, type TestUser } from "../fixtures";
import { call } from "./helpers";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const newAddress = () => `moved-${crypto.randomUUID().slice(0, 8)}@example.com`;

const mailsTo = async (to: string) =>
  t.db.db
    .select({ template: schema.emailOutbox.template })
    .from(schema.emailOutbox)
    .where(eq(schema.emailOutbox.toAddress, to));

const sessionsOf = (user: TestUser) =>
  t.db.db.select().from(schema.sessions).where(eq(schema.sessions.userId, user.id));

const emailTokensOf = (user: TestUser) =>
  t.db.db
    .select()
    .from(schema.emailTokens)
    .where(and(eq(schema.emailTokens.userId, user.id), eq(schema.emailTokens.purpose, "change_email")));

describe("an e-mail change", () => {
  it("needs a current code with two-factor on, and writes nothing without it", async () => {
    const user = await createUser(t, { twoFactor: true });
    const session = await signIn(t, user);
    const email = newAddress();
    const without = await call(t, "POST", "/api/settings/email", session, { email, password: user.password });
    expect(without.statusCode).toBe(400);
    expect(without.json().error.fields).toEqual({ code: [authMessages.twoFactorCodeFormat] });
    const wrongCode = totpCode(totpKeyBytes(user.totpKey ?? "") as Uint8Array, new Date(0));
    const wrong = await call(t, "POST", "/api/settings/email", session, {
      email,
      password: user.password,
      code: wrongCode,
    });
    expect(wrong.statusCode).toBe(400);
    expect(await emailTokensOf(user)).toHaveLength(0);
    expect(await mailsTo(email)).toHaveLength(0);

    const code = totpCode(totpKeyBytes(user.totpKey ?? "") as Uint8Array, t.app.deps.clock());
    const ok = await call(t, "POST", "/api/settings/email", session, {
      email,
      password: user.password,
      code,
    });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(await mailsTo(email)).toEqual([{ template: "change_email" }]);
  });

  it("to an address that has an account answers as for a free one, and mails that address's owner", async () => {
    const user = await createUser(t);
    const session = await signIn(t, user);
    const owner = await createUser(t);
    const free = newAddress();

    const toFree = await call(t, "POST", "/api/settings/email", session, {
      email: free,
      password: user.password,
    });
    const freeProfile = (await call(t, "GET", "/api/settings/profile", session)).json();
    const toTaken = await call(t, "POST", "/api/settings/email", session, {
      email: owner.email,
      password: user.password,
    });
    const takenProfile = (await call(t, "GET", "/api/settings/profile", session)).json();

    expect(toTaken.statusCode).toBe(toFree.statusCode);
    expect(toTaken.json()).toEqual(toFree.json());
    expect(toTaken.json().message).toBe(settingsMessages.emailChangeSent);
    expect(freeProfile.pendingEmail).toBe(free);
    expect(takenProfile.pendingEmail).toBe(owner.email);
    // The owner is told; no link that could move anything is sent to them.
    expect(await mailsTo(owner.email)).toEqual([{ template: "email_in_use" }]);
    expect((await lastEmail(t, owner.email, "email_in_use")).textBody).not.toContain("confirm-email-change");
  });

  it("once confirmed, tells the old address and ends every other session but the confirming one", async () => {
    const user = await createUser(t);
    const confirming = await signIn(t, user);
    const elsewhere = await signIn(t, user);
    const bystander = await signIn(t, await createUser(t));
    const email = newAddress();
    const res = await call(t, "POST", "/api/settings/email", confirming, { email, password: user.password });
    expect(res.statusCode).toBe(200);
    const link = linkIn(
      (await lastEmail(t, email, "change_email")).textBody,
      "http://localhost:3000/api/auth/",
    );

    const followed = await get(t.app, `${link.pathname}${link.search}`, confirming.cookie);
    expect(followed.headers.location).toBe("/dashboard/settings?email=changed");

    const notice = await lastEmail(t, user.email, "email_changed");
    expect(notice.textBody).toContain(email);
    expect((await get(t.app, "/api/settings/profile", confirming.cookie)).statusCode).toBe(200);
    expect((await get(t.app, "/api/settings/profile", elsewhere.cookie)).statusCode).toBe(401);
    expect(await sessionsOf(user)).toHaveLength(1);
    expect((await get(t.app, "/api/settings/profile", bystander.cookie)).statusCode).toBe(200);
  });
});

describe("a password change", () => {
  const change = (user: TestUser, session: Awaited<ReturnType<typeof signIn>>, extra = {}) =>
    post(
      t,
      "/api/auth/change-password",
      {
        currentPassword: user.password,
        newPassword: "brand-new-pass",
        confirmPassword: "brand-new-pass",
        ...extra,
      },
      session.cookie,
    );

  it("ends the other sessions by default, keeping this one", async () => {
    const user = await createUser(t);
    const here = await signIn(t, user);
    const other = await signIn(t, user);
    expect((await change(user, here)).statusCode).toBe(200);
    expect((await get(t.app, "/api/settings/profile", here.cookie)).statusCode).toBe(200);
    expect((await get(t.app, "/api/settings/profile", other.cookie)).statusCode).toBe(401);
  });

  it("keeps them when asked to", async () => {
    const user = await createUser(t);
    const here = await signIn(t, user);
    await signIn(t, user);
    expect((await change(user, here, { signOutOtherSessions: false })).statusCode).toBe(200);
    expect(await sessionsOf(user)).toHaveLength(2);
  });
});

describe("registration of an address that has an account", () => {
  it("writes no user, no account and no token, and mails the owner a way in", async () => {
    const owner = await createUser(t);
    const before = await t.db.db.select({ id: schema.accounts.id }).from(schema.accounts);
    const res = await post(t, "/api/auth/register", {
      firstName: "Mallory",
      lastName: "Intruder",
      email: owner.email.toUpperCase(),
      company: "Taken Inc",
      password: "Sup3r-secret!",
      confirmPassword: "Sup3r-secret!",
      addressLine1: "1 Main St",
      city: "Orlando",
      state: "FL",
      zipCode: "32801",
      country: "US",
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({ message: authMessages.registered });
    expect(await t.db.db.select({ id: schema.accounts.id }).from(schema.accounts)).toHaveLength(
      before.length,
    );
    expect(
      await t.db.db.select().from(schema.emailTokens).where(eq(schema.emailTokens.userId, owner.id)),
    ).toEqual([]);
    const notice = await lastEmail(t, owner.email, "already_registered");
    expect(notice.textBody).toContain("http://localhost:3000/login");
    expect(await mailsTo(owner.email)).toEqual([{ template: "already_registered" }]);
  });
});
