import { loginBodySchema } from "@poundline/contracts/auth/schemas";
import { zod4Resolver } from "mantine-form-zod-resolver";
import { describe, expect, it } from "vitest";
import { ApiError } from "../../../src/api/errors";
import type { FieldMessages } from "../../../src/lib/form-errors";
import { invalidSignIn, noticeOf, signInFailure } from "../../../src/pages/account/sign-in-messages";

describe("noticeOf", () => {
  it.each([
    [
      "confirmed=1",
      { color: "green", message: "Your email address has been confirmed. You can now sign in." },
    ],
    ["reset=1", { color: "green", message: "Your password has been reset. Please sign in." }],
    ["confirm_error=expired", { color: "red", message: "This confirmation link is invalid or has expired." }],
    [
      "error=google",
      { color: "red", message: "Google sign-in failed. Please try again or sign in with your email." },
    ],
    ["", null],
    ["confirmed=0", null],
  ])("?%s", (search, notice) => {
    expect(noticeOf(new URLSearchParams(search))).toEqual(notice);
  });
});

describe("signInFailure", () => {
  it.each([
    [
      new ApiError(400, "BAD_REQUEST", "Invalid login credentials"),
      { title: "Invalid Credentials", description: "The email or password you entered is incorrect." },
    ],
    [
      new ApiError(403, "FORBIDDEN", "Email not confirmed"),
      { title: "Email Not Confirmed", description: "Please confirm your email address or try again." },
    ],
    [
      new ApiError(429, "TOO_MANY_REQUESTS", "Too many attempts. Try again later."),
      { title: "Login Failed", description: "Too many attempts. Try again later." },
    ],
    [
      new ApiError(500, "INTERNAL", "Internal error"),
      { title: "Login Failed", description: "An unexpected error occurred." },
    ],
    [new TypeError("boom"), { title: "Login Failed", description: "An unexpected error occurred." }],
  ])("%s", (error, toast) => {
    expect(signInFailure(error)).toEqual(toast);
  });
});

describe("invalidSignIn over the login schema's messages", () => {
  const loginErrors = (email: string, password: string) =>
    zod4Resolver(loginBodySchema, { errorPriority: "first" })({ email, password }) as FieldMessages;
  const missingFields = { title: "Missing Fields", description: "Please enter both email and password." };

  it.each([
    ["no e-mail", "", "Demo-Pass-2026!", missingFields],
    ["no password", "demo@poundline.local", "", missingFields],
    ["nothing", "  ", "", missingFields],
    [
      "an e-mail longer than any account's",
      `${"x".repeat(250)}@poundline.local`,
      "Demo-Pass-2026!",
      { title: "Invalid Credentials", description: "The email or password you entered is incorrect." },
    ],
  ])("%s", (_case, email, password, toast) => {
    expect(invalidSignIn(loginErrors(email, password))).toEqual(toast);
  });

  it("has nothing to say about a complete sign-in", () => {
    expect(loginErrors("demo@poundline.local", "Demo-Pass-2026!")).toEqual({});
  });
});
