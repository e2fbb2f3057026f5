import { authMessages } from "@poundline/contracts/auth/schemas";
import { schema } from "@poundline/db";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TEST_ORIGIN, type TestApp } from "../../src/testing";
import { createUser, signIn } from "../fixtures";
import {
  createTestAppWithJobs,
  forgotPassword,
  get,
  jobsSettled,
  lastEmail,
  linkIn,
  login,
  post,
  registerAndGetLink,
  registration,
  testClock,
  userByEmail,
} from "./helpers";

let t: TestApp;
beforeAll(async () => {
  t = await createTestAppWithJobs();
});
afterAll(() => t.close());

const FILL = authMessages.fillNameEmailCompany;
const ADDRESS = authMessages.addressRequired;

describe("POST /register refuses a bad form with the seed's words", () => {
  describe.each([
    ["no first name", { firstName: undefined }, "firstName", FILL],
    ["an empty last name", { lastName: "" }, "lastName", FILL],
    ["a blank e-mail", { email: "   " }, "email", FILL],
    ["no company", { company: undefined }, "company", FILL],
    ["a first name that is not text", { firstName: 42 }, "firstName", FILL],
    ["an e-mail without @", { email: "ada.example.com" }, "email", authMessages.invalidEmail],
    ["an e-mail without a domain dot", { email: "ada@example" }, "email", authMessages.invalidEmail],
    ["an e-mail with a space", { email: "ada lovelace@example.com" }, "email", authMessages.invalidEmail],
    [
      "a 7-character password",
      { password: "Abc123!", confirmPassword: "Abc123!" },
      "password",
      authMessages.passwordTooShort,
    ],
    [
      "a different confirmation",
      { confirmPassword: "Sup3r-secret?" },
      "confirmPassword",
      "Passwords Don't Match",
    ],
    ["no address line 1", { addressLine1: "" }, "addressLine1", ADDRESS],
    ["no city", { city: undefined }, "city", ADDRESS],
    ["no state", { state: "" }, "state", ADDRESS],
    ["a blank ZIP code", { zipCode: "  " }, "zipCode", ADDRESS],
    ["a state that does not exist", { state: "ZZ" }, "state", authMessages.invalidState],
    ["a US state with country CA", { country: "CA", state: "FL" }, "state", authMessages.invalidState],
    ["a province with country US", { country: "US", state: "QC" }, "state", authMessages.invalidState],
    ["a country other than US or CA", { country: "MX" }, "country", authMessages.invalidCountry],
    [
      "a short password and no address (password first)",
      { password: "short", confirmPassword: "short", city: "" },
      "password",
      authMessages.passwordTooShort,
    ],
    [
      "a mismatch and no address (mismatch first)",
      { confirmPassword: "other", zipCode: "" },
      "confirmPassword",
      "Passwords Don't Match",
    ],
    ["no name and a bad e-mail (name first)", { firstName: "", email: "nope" }, "firstName", FILL],
  ])("%s", (_label, overrides, field, message) => {
    it(`answers 400 "${message}" and creates nothing`, async () => {
      const body = registration(overrides);
      const res = await post(t, "/api/auth/register", body);
      expect(res.statusCode).toBe(400);
      const { error } = res.json();
      expect(error).toMatchObject({ code: "BAD_REQUEST", message, requestId: expect.any(String) });
      expect(error.fields[`body.${field}`]).toContain(message);
      if (typeof body.email === "string" && body.email.trim()) {
        expect(await userByEmail(t, body.email.trim().toLowerCase())).toBeUndefined();
      }
    });
  });

  it("reports every problem of a form in its fields", async () => {
    const res = await post(t, "/api/auth/register", {
      ...registration(),
      firstName: "",
      password: "short",
      confirmPassword: "shirt",
      city: "",
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields).toEqual({
      "body.firstName": [FILL],
      "body.password": [authMessages.passwordTooShort],
      "body.confirmPassword": ["Passwords Don't Match"],
      "body.city": [ADDRESS],
    });
  });

  it("answers an address already registered (whatever its case) as a new one, and mails its owner", async () => {
    const first = registration({ email: "taken@example.com" });
    const fresh = await post(t, "/api/auth/register", first);
    expect(fresh.statusCode).toBe(201);
    const res = await post(t, "/api/auth/register", registration({ email: "TAKEN@Example.com" }));
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual(fresh.json());
    const mails = await t.db.db
      .select({ template: schema.emailOutbox.template })
      .from(schema.emailOutbox)
      .where(eq(schema.emailOutbox.toAddress, "taken@example.com"));
    expect(mails.map((m) => m.template).sort()).toEqual(["already_registered", "confirm_email"]);
    const users = await t.db.db
      .select()
      .from(schema.users)
      .where(eq(schema.users.email, "taken@example.com"));
    expect(users).toHaveLength(1);
    const accounts = await t.db.db
      .select()
      .from(schema.accounts)
      .where(eq(schema.accounts.email, "taken@example.com"));
    expect(accounts).toHaveLength(1);
  });
});

describe("bad requests never answer 500", () => {
  it.each([
    ["/api/auth/register"],
    ["/api/auth/login"],
    ["/api/auth/forgot-password"],
    ["/api/auth/reset-password"],
    ["/api/auth/confirm-email"],
  ])("%s: malformed JSON is a 400", async (url) => {
    const res = await t.app.inject({
      method: "POST",
      url,
      headers: { origin: TEST_ORIGIN, "content-type": "application/json" },
      payload: '{"email": "a@b.c", ',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatchObject({ code: "BAD_REQUEST", requestId: expect.any(String) });
  });

  it.each([
    ["an array", [1, 2]],
    ["a string", "hello"],
    ["null", null],
    ["numbers for strings", { email: 1, password: 2 }],
    ["objects for strings", { email: { $ne: "" }, password: ["x"] }],
  ])("login with %s as the body is a 400", async (_label, payload) => {
    const res = await t.app.inject({
      method: "POST",
      url: "/api/auth/login",
      headers: { origin: TEST_ORIGIN, "content-type": "application/json" },
      payload: JSON.stringify(payload),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe(authMessages.missingCredentials);
  });

  it("register without a body is a 400", async () => {
    const res = await post(t, "/api/auth/register");
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe(FILL);
  });

  it("an oversized body is a 413", async () => {
    const res = await post(t, "/api/auth/register", registration({ company: "x".repeat(1_100_000) }));
    expect(res.statusCode).toBe(413);
    expect(res.json().error.code).toBe("PAYLOAD_TOO_LARGE");
  });

  it("over-long fields are a 400", async () => {
    const res = await post(t, "/api/auth/register", registration({ company: "x".repeat(5000) }));
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields["body.company"]).toEqual([authMessages.fieldTooLong]);
    const long = "p".repeat(300);
    const pw = await post(t, "/api/auth/register", registration({ password: long, confirmPassword: long }));
    expect(pw.statusCode).toBe(400);
    expect(pw.json().error.message).toBe(authMessages.passwordTooLong);
  });

  it("a text body is a 400", async () => {
    const res = await t.app.inject({
      method: "POST",
      url: "/api/auth/login",
      headers: { origin: TEST_ORIGIN, "content-type": "text/plain" },
      payload: "email=a&password=b",
    });
    expect(res.statusCode).toBe(400);
  });

  it("an unsupported content type is a 415", async () => {
    const res = await t.app.inject({
      method: "POST",
      url: "/api/auth/login",
      headers: { origin: TEST_ORIGIN, "content-type": "application/xml" },
      payload: "<login><email>a</email></login>",
    });
    expect(res.statusCode).toBe(415);
    expect(res.json().error.code).toBe("UNSUPPORTED_MEDIA_TYPE");
  });

  it("a confirmation link with a mangled query is a redirect, not an error page", async () => {
    for (const query of ["", "?token=", "?token=a&token=b", `?token=${"x".repeat(5000)}`, "?token=%ZZ"]) {
      const res = await get(t.app, `/api/auth/confirm-email${query}`);
      expect(res.statusCode, query).toBe(303);
      expect(res.headers.location).toBe("/login?confirm_error=invalid");
    }
  });
});

describe("POST /login errors", () => {
  it("asks for both fields", async () => {
    for (const payload of [{ email: "a@example.com" }, { password: "x" }, { email: " ", password: "" }]) {
      const res = await post(t, "/api/auth/login", payload);
      expect(res.statusCode).toBe(400);
      expect(res.json().error.message).toBe(authMessages.missingCredentials);
    }
  });

  it("answers the same for a wrong password and an unknown address", async () => {
    const user = await createUser(t);
    const wrong = await login(t, user.email, "not the password");
    const unknown = await login(t, "nobody-here@example.com", "whatever");
    for (const res of [wrong, unknown]) {
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toMatchObject({ code: "BAD_REQUEST", message: "Invalid login credentials" });
      expect(res.cookies.find((c) => c.name === "session")).toBeUndefined();
    }
    expect(Object.keys(wrong.json().error)).toEqual(Object.keys(unknown.json().error));
  });

  it("says 'Email not confirmed' only to someone who knows the password", async () => {
    const user = await createUser(t, { confirmed: false });
    const right = await login(t, user.email, user.password);
    expect(right.statusCode).toBe(400);
    expect(right.json().error.message).toBe("Email not confirmed");
    expect(right.cookies.find((c) => c.name === "session")).toBeUndefined();
    const wrong = await login(t, user.email, "guess");
    expect(wrong.json().error.message).toBe("Invalid login credentials");
  });
});

describe("password reset errors", () => {
  it("asks for an e-mail address", async () => {
    for (const payload of [{ email: "" }, { email: "   " }, {}]) {
      const res = await post(t, "/api/auth/forgot-password", payload);
      expect(res.statusCode).toBe(400);
      expect(res.json().error.message).toBe(authMessages.emailRequired);
    }
  });

  it("refuses a used link, a confirmation link and a made-up one", async () => {
    const user = await createUser(t);
    await forgotPassword(t, user.email);
    const token = linkIn(
      (await lastEmail(t, user.email, "reset_password")).textBody,
      `${TEST_ORIGIN}/reset-password`,
    ).searchParams.get("token");
    const body = { token, password: "new password 1", confirmPassword: "new password 1" };
    expect((await post(t, "/api/auth/reset-password", body)).statusCode).toBe(200);

    const { link } = await registerAndGetLink(t);
    const confirmToken = link.searchParams.get("token");
    for (const bad of [token, confirmToken, "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa", "../../etc/passwd", ""]) {
      const res = await post(t, "/api/auth/reset-password", {
        token: bad,
        password: "other password 2",
        confirmPassword: "other password 2",
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().error.message).toBe(authMessages.resetLinkInvalid);
    }
    expect((await login(t, user.email, "new password 1")).statusCode).toBe(200);
  });

  it("applies the registration password rules", async () => {
    const user = await createUser(t);
    await forgotPassword(t, user.email);
    const token = linkIn(
      (await lastEmail(t, user.email, "reset_password")).textBody,
      `${TEST_ORIGIN}/reset-password`,
    ).searchParams.get("token");
    const short = await post(t, "/api/auth/reset-password", {
      token,
      password: "1234567",
      confirmPassword: "1234567",
    });
    expect(short.json().error.message).toBe(authMessages.passwordTooShort);
    const mismatch = await post(t, "/api/auth/reset-password", {
      token,
      password: "12345678",
      confirmPassword: "12345679",
    });
    expect(mismatch.json().error.message).toBe(authMessages.passwordsDontMatch);
    // The link was not used up by the refused attempts.
    const ok = await post(t, "/api/auth/reset-password", {
      token,
      password: "12345678",
      confirmPassword: "12345678",
    });
    expect(ok.statusCode).toBe(200);
  });

  it("stops mailing one address after five links an hour", async () => {
    const user = await createUser(t);
    for (let i = 0; i < 7; i++) {
      const res = await post(t, "/api/auth/forgot-password", { email: user.email });
      expect(res.json()).toEqual({ message: authMessages.resetRequested });
    }
    await jobsSettled(t);
    const mails = await t.db.db
      .select()
      .from(schema.emailOutbox)
      .where(eq(schema.emailOutbox.toAddress, user.email));
    expect(mails).toHaveLength(5);
  });
});

describe("change password errors", () => {
  it.each([
    [
      "a mismatch",
      { newPassword: "abcdef", confirmPassword: "abcdeg" },
      "body.confirmPassword",
      authMessages.newPasswordsDontMatch,
    ],
    [
      "a 5-character password",
      { newPassword: "abcde", confirmPassword: "abcde" },
      "body.newPassword",
      authMessages.newPasswordTooShort,
    ],
    [
      "both (mismatch first)",
      { newPassword: "abc", confirmPassword: "abd" },
      "body.confirmPassword",
      authMessages.newPasswordsDontMatch,
    ],
  ])("refuses %s", async (_label, payload, field, message) => {
    const user = await createUser(t);
    const session = await signIn(t, user);
    const res = await post(
      t,
      "/api/auth/change-password",
      { currentPassword: user.password, ...payload },
      session.cookie,
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe(message);
    expect(res.json().error.fields[field]).toContain(message);
  });

  it("refuses a wrong or missing current password and keeps the old one", async () => {
    const user = await createUser(t);
    const session = await signIn(t, user);
    for (const currentPassword of ["wrong password", undefined]) {
      const res = await post(
        t,
        "/api/auth/change-password",
        { currentPassword, newPassword: "abcdefgh", confirmPassword: "abcdefgh" },
        session.cookie,
      );
      expect(res.statusCode).toBe(400);
      expect(res.json().error.message).toBe("Current password is incorrect.");
    }
    expect((await login(t, user.email, user.password)).statusCode).toBe(200);
  });

  it("needs a session", async () => {
    const res = await post(t, "/api/auth/change-password", {
      currentPassword: "x",
      newPassword: "abcdefgh",
      confirmPassword: "abcdefgh",
    });
    expect(res.statusCode).toBe(401);
    expect(res.json().error.code).toBe("UNAUTHORIZED");
  });
});

describe("links expire", () => {
  let clocked: TestApp;
  const clock = testClock();
  beforeAll(async () => {
    clocked = await createTestAppWithJobs({ clock: clock.now });
  });
  afterAll(() => clocked.close());

  it("a confirmation link works for 24 hours only", async () => {
    const { body, link } = await registerAndGetLink(clocked);
    clock.advance(24 * 60 * 60_000 + 1000);
    const res = await get(clocked.app, `${link.pathname}${link.search}`);
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe("/login?confirm_error=invalid");
    expect((await userByEmail(clocked, body.email))?.emailConfirmedAt).toBeNull();
  });

  it("a confirmation link works once", async () => {
    const { link } = await registerAndGetLink(clocked);
    clock.advance(23 * 60 * 60_000);
    const url = `${link.pathname}${link.search}`;
    expect((await get(clocked.app, url)).headers.location).toBe("/login?confirmed=1");
    expect((await get(clocked.app, url)).headers.location).toBe("/login?confirm_error=invalid");
  });

  it("a reset link works for one hour only", async () => {
    const user = await createUser(clocked);
    await forgotPassword(clocked, user.email);
    const mail = await lastEmail(clocked, user.email, "reset_password");
    const token = linkIn(mail.textBody, `${TEST_ORIGIN}/reset-password`).searchParams.get("token");
    clock.advance(60 * 60_000 + 1000);
    const res = await post(clocked, "/api/auth/reset-password", {
      token,
      password: "too late now",
      confirmPassword: "too late now",
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe(authMessages.resetLinkInvalid);
    expect((await login(clocked, user.email, user.password)).statusCode).toBe(200);
  });
});
