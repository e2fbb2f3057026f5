import { authMessages } from "@poundline/contracts/auth/schemas";
import { settingsMessages } from "@poundline/contracts/settings/schemas";
import { schema } from "@poundline/db";
import { totpCode, totpKeyBytes } from "@poundline/modules/auth/totp";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../src/testing";
import { createUser, type SignedIn, signIn, type TestUser } from "../fixtures";
import { call, upload, validCompany } from "./helpers";

let t: TestApp;
let user: TestUser;
let session: SignedIn;
beforeAll(async () => {
  t = await createTestApp();
  user = await createUser(t);
  session = await signIn(t, user);
});
afterAll(() => t.close());

/** The 400's field messages by field name (validation names them `body.<field>`). */
function fieldsOf(body: string): Record<string, string[]> {
  const fields = (JSON.parse(body) as { error: { fields?: Record<string, string[]> } }).error.fields ?? {};
  return Object.fromEntries(
    Object.entries(fields).map(([name, messages]) => [name.replace(/^body\./, ""), messages]),
  );
}

describe("profile: bad input is a 400 with the field's message, nothing saved", () => {
  it.each([
    {
      body: { firstName: "", lastName: "Hopper" },
      field: "firstName",
      message: settingsMessages.nameRequired,
    },
    {
      body: { firstName: "Grace", lastName: "   " },
      field: "lastName",
      message: settingsMessages.nameRequired,
    },
    {
      body: { firstName: "Grace", lastName: "Hopper", phone: "12" },
      field: "phone",
      message: settingsMessages.invalidPhone,
    },
    {
      body: { firstName: "Gr\u0000ace", lastName: "Hopper" },
      field: "firstName",
      message: "Must not contain control characters.",
    },
  ])("$field: $message", async ({ body, field, message }) => {
    const res = await call(t, "PUT", "/api/settings/profile", session, body);
    expect(res.statusCode).toBe(400);
    expect(fieldsOf(res.body)?.[field]).toContain(message);
    const [row] = await t.db.db.select().from(schema.users).where(eq(schema.users.id, user.id));
    expect(row?.firstName).toBe(user.firstName);
  });
});

describe("e-mail change", () => {
  it.each([
    { email: "not-an-address", status: 400, message: settingsMessages.invalidEmail },
    { email: () => user.email, status: 400, message: settingsMessages.sameEmail },
  ])("$message", async ({ email, status, message }) => {
    const res = await call(t, "POST", "/api/settings/email", session, {
      email: typeof email === "function" ? email() : email,
    });
    expect(res.statusCode).toBe(status);
    expect(fieldsOf(res.body)?.email).toContain(message);
  });

  it.each([
    { what: "without the password", body: {}, message: settingsMessages.emailChangeNeedsPassword },
    {
      what: "with a wrong password",
      body: { password: "wrong" },
      message: authMessages.currentPasswordIncorrect,
    },
  ])("refuses a change $what, issuing no link", async ({ body, message }) => {
    const res = await call(t, "POST", "/api/settings/email", session, {
      email: "moved@example.com",
      ...body,
    });
    expect(res.statusCode).toBe(400);
    expect(fieldsOf(res.body)?.password).toContain(message);
    const tokens = await t.db.db
      .select()
      .from(schema.emailTokens)
      .where(eq(schema.emailTokens.userId, user.id));
    expect(tokens).toHaveLength(0);
  });

  it("sends an invalid or missing link to the settings page with an error", async () => {
    const res = await t.app.inject({ method: "GET", url: "/api/auth/confirm-email-change?token=nope" });
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe("/dashboard/settings?email=invalid");
  });
});

describe("avatar", () => {
  it.each([
    { what: "text that claims to be a PNG", bytes: Buffer.from("hello, not an image"), type: "image/png" },
    {
      what: "a PNG signature followed by garbage",
      bytes: Buffer.concat([
        Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
        Buffer.alloc(64, 7),
      ]),
      type: "image/png",
    },
    { what: "an empty body", bytes: Buffer.alloc(0), type: "application/octet-stream" },
  ])("refuses $what", async ({ bytes, type }) => {
    const res = await upload(t, session, bytes, type);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe(settingsMessages.notAnImage);
    const [row] = await t.db.db.select().from(schema.users).where(eq(schema.users.id, user.id));
    expect(row?.avatarUrl).toBeNull();
  });

  it("refuses a file over 5 MB (413)", async () => {
    const res = await upload(t, session, Buffer.alloc(5 * 1024 * 1024 + 1, 1));
    expect(res.statusCode).toBe(413);
  });

  it("answers 404 for an avatar that does not exist, 400 for a name no avatar has", async () => {
    const missing = "/media/avatars/usr_abc/0123456789abcdef0123456789abcdef.webp";
    expect((await t.app.inject({ method: "GET", url: missing })).statusCode).toBe(404);
    const odd = "/media/avatars/usr_abc/..%2f..%2fsecret.webp";
    expect((await t.app.inject({ method: "GET", url: odd })).statusCode).toBe(400);
  });
});

describe("company", () => {
  it.each([
    { change: { companyName: "" }, field: "companyName", message: settingsMessages.companyNameRequired },
    { change: { addressLine1: "" }, field: "addressLine1", message: authMessages.addressRequired },
    { change: { stateProvince: "ZZ" }, field: "stateProvince", message: authMessages.invalidState },
    {
      change: { country: "CA", stateProvince: "CA" },
      field: "stateProvince",
      message: authMessages.invalidState,
    },
    { change: { country: "FR" }, field: "country", message: authMessages.invalidCountry },
    { change: { email: "nope" }, field: "email", message: settingsMessages.invalidEmail },
  ])("$field: $message", async ({ change, field, message }) => {
    const res = await call(t, "PUT", "/api/settings/company", session, { ...validCompany, ...change });
    expect(res.statusCode).toBe(400);
    expect(fieldsOf(res.body)?.[field]).toContain(message);
    const [account] = await t.db.db
      .select()
      .from(schema.accounts)
      .where(eq(schema.accounts.id, user.accountId));
    expect(account?.companyName).toBe(user.companyName);
  });
});

describe("notification preferences", () => {
  it("refuses SMS on voicemail without a phone on the profile", async () => {
    const phoneless = await createUser(t);
    const phonelessSession = await signIn(t, phoneless);
    const res = await call(t, "PUT", "/api/settings/notifications", phonelessSession, {
      emailNewVoicemail: true,
      emailMissedCall: true,
      smsNewVoicemail: true,
    });
    expect(res.statusCode).toBe(400);
    expect(fieldsOf(res.body)?.smsNewVoicemail).toContain(settingsMessages.smsNeedsPhone);
  });

  it("refuses a value that is not on or off", async () => {
    const res = await call(t, "PUT", "/api/settings/notifications", session, {
      emailNewVoicemail: "yes",
      emailMissedCall: true,
      smsNewVoicemail: false,
    });
    expect(res.statusCode).toBe(400);
  });
});

describe("password change (seed 001's rules)", () => {
  it.each([
    {
      body: { newPassword: "abcdef", confirmPassword: "abcdeg" },
      field: "confirmPassword",
      message: authMessages.newPasswordsDontMatch,
    },
    {
      body: { newPassword: "abcde", confirmPassword: "abcde" },
      field: "newPassword",
      message: authMessages.newPasswordTooShort,
    },
  ])("$message", async ({ body, field, message }) => {
    const res = await call(t, "POST", "/api/auth/change-password", session, {
      currentPassword: user.password,
      ...body,
    });
    expect(res.statusCode).toBe(400);
    expect(fieldsOf(res.body)?.[field]).toContain(message);
  });

  it("takes 6 characters in settings (registration keeps 8)", async () => {
    const someone = await createUser(t);
    const res = await call(t, "POST", "/api/auth/change-password", await signIn(t, someone), {
      currentPassword: someone.password,
      newPassword: "abc123",
      confirmPassword: "abc123",
    });
    expect(res.statusCode, res.body).toBe(200);
  });
});

describe("two-factor authentication", () => {
  it("does not enable with a wrong code, a malformed code or a bad key", async () => {
    const setup = (await call(t, "GET", "/api/auth/two-factor/setup", session)).json();
    const wrong = await call(t, "POST", "/api/auth/two-factor/enable", session, {
      key: setup.key,
      code: "000000",
    });
    const malformed = await call(t, "POST", "/api/auth/two-factor/enable", session, {
      key: setup.key,
      code: "12ab",
    });
    const badKey = await call(t, "POST", "/api/auth/two-factor/enable", session, {
      key: "xyz",
      code: "123456",
    });
    // "000000" could be right once in a million: the wrong-code case only counts if it is not.
    const now = t.app.deps.clock();
    if (totpCode(totpKeyBytes(setup.key) as Uint8Array, now) !== "000000") {
      expect(wrong.statusCode).toBe(400);
      expect(wrong.json().error.message).toBe(authMessages.twoFactorCodeInvalid);
    }
    expect(malformed.statusCode).toBe(400);
    expect(fieldsOf(malformed.body)?.code).toContain(authMessages.twoFactorCodeFormat);
    expect(badKey.statusCode).toBe(400);
    const [row] = await t.db.db.select().from(schema.users).where(eq(schema.users.id, user.id));
    expect(row?.totpKey).toBeNull();
  });

  it("asks for a code or a recovery code at sign-in", async () => {
    const res = await call(t, "POST", "/api/auth/two-factor/verify", session, {});
    expect(res.statusCode).toBe(400);
  });

  it("answers 409 to enabling twice and to disabling when off", async () => {
    const twoFactorUser = await createUser(t, { twoFactor: true });
    const s = await signIn(t, twoFactorUser);
    expect((await call(t, "GET", "/api/auth/two-factor/setup", s)).statusCode).toBe(409);
    const off = await call(t, "POST", "/api/auth/two-factor/disable", session, { password: user.password });
    expect(off.statusCode).toBe(409);
  });
});
