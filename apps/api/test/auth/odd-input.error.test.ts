import { CONTROL_CHARACTERS_MESSAGE } from "@poundline/contracts/common";
import { schema } from "@poundline/db";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, TEST_ORIGIN, type TestApp } from "../../src/testing";
import { createUser, type SignedIn, signIn, type TestUser } from "../fixtures";
import { type ErrorJson, NUL, rowCounts } from "../odd-input";
import { get, registration } from "./helpers";

let t: TestApp;
let user: TestUser;
let session: SignedIn;

beforeAll(async () => {
  t = await createTestApp();
  user = await createUser(t);
  session = await signIn(t, user);
});
afterAll(() => t.close());

const reset = { token: "a".repeat(43), password: "Sup3r-secret!", confirmPassword: "Sup3r-secret!" };
const change = { currentPassword: "whatever it was", newPassword: "abcdefgh", confirmPassword: "abcdefgh" };

/** Each text field of each auth form, with a control character put into an otherwise good value. */
const cases: { url: string; body: () => Record<string, unknown>; field: string; value: string }[] = [
  ...(
    [
      ["firstName", `Ada${NUL}`],
      ["lastName", `Love${NUL}lace`],
      ["email", `ada${NUL}@example.com`],
      ["company", `${NUL}Engines`],
      ["password", `Sup3r-secret!${NUL}`],
      ["confirmPassword", `Sup3r${NUL}-secret!`],
      ["addressLine1", `12 Market${NUL} Street`],
      ["addressLine2", `Suite ${NUL}4`],
      ["city", `Orlando${NUL}`],
      ["state", `F${NUL}L`],
      ["zipCode", `32801${NUL}`],
      ["firstName", "Ada\u0007"],
      ["company", "\u001b[2JEngines"],
      ["city", "Or\tlando"],
      ["lastName", "Love\nlace"],
      ["addressLine1", "12 Market\u007f Street"],
    ] as const
  ).map(([field, value]) => ({ url: "/api/auth/register", body: () => registration(), field, value })),
  {
    url: "/api/auth/login",
    body: () => ({ email: user.email, password: user.password }),
    field: "email",
    value: `${NUL}ada@example.com`,
  },
  {
    url: "/api/auth/login",
    body: () => ({ email: user.email, password: user.password }),
    field: "password",
    value: `pass${NUL}word`,
  },
  { url: "/api/auth/forgot-password", body: () => ({}), field: "email", value: `ada${NUL}@example.com` },
  { url: "/api/auth/reset-password", body: () => reset, field: "token", value: `${"a".repeat(20)}${NUL}` },
  { url: "/api/auth/reset-password", body: () => reset, field: "password", value: `Sup3r-secret!${NUL}` },
  {
    url: "/api/auth/reset-password",
    body: () => reset,
    field: "confirmPassword",
    value: `${NUL}Sup3r-secret!`,
  },
  { url: "/api/auth/confirm-email", body: () => ({}), field: "token", value: `tok${NUL}en` },
  { url: "/api/auth/change-password", body: () => change, field: "currentPassword", value: `old${NUL}` },
  { url: "/api/auth/change-password", body: () => change, field: "newPassword", value: `abcdefgh${NUL}` },
  { url: "/api/auth/change-password", body: () => change, field: "confirmPassword", value: `abcdefgh${NUL}` },
];

describe("a control character in a text field of an auth form", () => {
  it.each(cases.map((c) => ({ ...c, label: `${c.url} ${c.field} ${JSON.stringify(c.value).slice(0, 24)}` })))(
    "$label: 400 with the field's message, nothing written",
    async ({ url, body, field, value }) => {
      const before = await rowCounts(t);
      const res = await t.app.inject({
        method: "POST",
        url,
        headers: session.headers,
        payload: { ...body(), [field]: value },
      });
      expect(res.statusCode, res.body).toBe(400);
      const { error } = res.json<ErrorJson>();
      expect(error).toMatchObject({ code: "BAD_REQUEST", requestId: expect.any(String) });
      expect(error.fields?.[`body.${field}`]).toContain(CONTROL_CHARACTERS_MESSAGE);
      expect(await rowCounts(t)).toEqual(before);
    },
  );

  it("a confirmation link with a NUL byte in its token is a redirect, not an error page", async () => {
    const res = await get(t.app, "/api/auth/confirm-email?token=abc%00def");
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe("/login?confirm_error=invalid");
  });
});

describe("header values that are stored", () => {
  it("a control character in the user agent is dropped from the session row, not a 500", async () => {
    const res = await t.app.inject({
      method: "POST",
      url: "/api/auth/login",
      headers: { origin: TEST_ORIGIN, "user-agent": "Mozilla/5.0\u0001 (X11)" },
      payload: { email: user.email, password: user.password },
    });
    expect(res.statusCode, res.body).toBe(200);
    const sessions = await t.db.db.select().from(schema.sessions).where(eq(schema.sessions.userId, user.id));
    expect(sessions.map((s) => s.userAgent)).toContain("Mozilla/5.0 (X11)");
  });
});
