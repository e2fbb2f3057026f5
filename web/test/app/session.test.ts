import { QueryClient } from "@tanstack/react-query";
import { describe, expect, it } from "vitest";
import { sessionOf, sessionQuery, signedOut } from "../../src/app/session";
import { errorAnswer, fakeApi, json } from "../fake-api";

const user = {
  id: "usr_1",
  email: "erin@example.com",
  firstName: "Erin",
  lastName: "Tester",
  avatarUrl: null,
};
const account = {
  id: "acct_1",
  companyName: "Tester Plumbing",
  role: "owner",
  permissions: ["calls.place" as const, "numbers.buy" as const],
};
const flags = { twoFactorEnabled: false, twoFactorPending: false };

describe("sessionOf", () => {
  it.each([
    [
      "a signed-in admin",
      { user, account, isAdmin: true, ...flags },
      { user, account, isAdmin: true, ...flags },
    ],
    [
      "a signed-in user",
      { user, account, isAdmin: false, ...flags },
      { user, account, isAdmin: false, ...flags },
    ],
    [
      "a user with two-factor authentication",
      { user, account, isAdmin: false, twoFactorEnabled: true, twoFactorPending: false },
      { user, account, isAdmin: false, twoFactorEnabled: true, twoFactorPending: false },
    ],
    // Seed 000: the admin flag is false without a session.
    ["no user but an admin flag", { user: null, account: null, isAdmin: true, ...flags }, signedOut],
    [
      "a password-only session waiting for its code",
      { user: null, account: null, isAdmin: false, twoFactorEnabled: false, twoFactorPending: true },
      { ...signedOut, twoFactorPending: true },
    ],
  ])("%s", (_case, answer, session) => {
    expect(sessionOf(answer)).toEqual(session);
  });
});

describe("sessionQuery", () => {
  it("caches the session the API answers, from GET /api/auth/session", async () => {
    const { api, urls } = fakeApi(() => json(200, { user, account, isAdmin: false, ...flags }));
    const queryClient = new QueryClient();
    await expect(queryClient.fetchQuery(sessionQuery(api))).resolves.toEqual({
      user,
      account,
      isAdmin: false,
      ...flags,
    });
    expect(urls).toEqual(["/api/auth/session"]);
  });

  it.each([
    ["a refusal", () => errorAnswer(401, "UNAUTHORIZED", "Sign in")],
    ["a server fault", () => errorAnswer(500, "INTERNAL", "Internal error")],
    ["no answer", () => Promise.reject(new TypeError("Failed to fetch"))],
  ])("counts %s as signed out", async (_case, answer) => {
    const { api } = fakeApi(answer);
    await expect(new QueryClient().fetchQuery(sessionQuery(api))).resolves.toEqual(signedOut);
  });
});
