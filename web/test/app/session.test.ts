import { QueryClient } from "@tanstack/react-query";
import { describe, expect, it } from "vitest";
import { sessionOf, sessionQuery, signedOut } from "../../src/app/session";
import { errorAnswer, fakeApi, json } from "../fake-api";

const user = { id: "usr_1", email: "erin@example.com", firstName: "Erin", lastName: "Tester" };
const account = { id: "acct_1", companyName: "Tester Plumbing", role: "owner" };

describe("sessionOf", () => {
  it.each([
    ["a signed-in admin", { user, account, isAdmin: true }, { user, account, isAdmin: true }],
    ["a signed-in user", { user, account, isAdmin: false }, { user, account, isAdmin: false }],
    // Seed 000: the admin flag is false without a session.
    ["no user but an admin flag", { user: null, account: null, isAdmin: true }, signedOut],
  ])("%s", (_case, answer, session) => {
    expect(sessionOf(answer)).toEqual(session);
  });
});

describe("sessionQuery", () => {
  it("caches the session the API answers, from GET /api/auth/session", async () => {
    const { api, urls } = fakeApi(() => json(200, { user, account, isAdmin: false }));
    const queryClient = new QueryClient();
    await expect(queryClient.fetchQuery(sessionQuery(api))).resolves.toEqual({
      user,
      account,
      isAdmin: false,
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
