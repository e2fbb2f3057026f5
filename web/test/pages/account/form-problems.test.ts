import { registerBodySchema, resetPasswordBodySchema } from "@poundline/contracts/auth/schemas";
import { zod4Resolver } from "mantine-form-zod-resolver";
import { describe, expect, it } from "vitest";
import { ApiError } from "../../../src/api/errors";
import type { FieldMessages } from "../../../src/lib/form-errors";
import { problemToast, registrationFailure } from "../../../src/pages/account/form-problems";

const filledRegistration = {
  firstName: "Erin",
  lastName: "Tester",
  email: "erin@example.com",
  company: "Tester Plumbing",
  password: "Sturdy-Pass-2026!",
  confirmPassword: "Sturdy-Pass-2026!",
  addressLine1: "200 S Orange Ave",
  addressLine2: "",
  city: "Orlando",
  state: "FL",
  zipCode: "32801",
  country: "US",
};
const registrationFields = Object.keys(filledRegistration);

/** The messages the register form shows for these values (the resolver the form uses). */
const registerErrors = (changes: Partial<typeof filledRegistration>): FieldMessages =>
  zod4Resolver(registerBodySchema, { errorPriority: "first" })({
    ...filledRegistration,
    ...changes,
  }) as FieldMessages;

describe("problemToast over the register schema's messages", () => {
  it("has nothing to say about a complete registration", () => {
    expect(registerErrors({})).toEqual({});
  });

  it.each([
    [
      "an empty form: the name first, as the seed checks",
      Object.fromEntries(registrationFields.map((field) => [field, ""])),
      { title: "Missing Information", description: "Please fill in your name, email, and company." },
    ],
    [
      "no company",
      { company: "  " },
      { title: "Missing Information", description: "Please fill in your name, email, and company." },
    ],
    [
      "a malformed e-mail",
      { email: "erin@example" },
      { title: "Invalid Email", description: "Please enter a valid email address." },
    ],
    [
      "a short password",
      { password: "Short1!", confirmPassword: "Short1!" },
      { title: "Password Too Short", description: "Password must be at least 8 characters long." },
    ],
    [
      "a confirmation that differs",
      { confirmPassword: "Sturdy-Pass-2027!" },
      { title: "Passwords Don't Match", description: "Please make sure both passwords are the same." },
    ],
    [
      "no city",
      { city: "" },
      { title: "Address Required", description: "Your physical address is required for E911 services." },
    ],
    [
      "a province with the US",
      { state: "ON" },
      { title: "Invalid Address", description: "Please choose a state or province from the list." },
    ],
    [
      "a name too long",
      { lastName: "x".repeat(101) },
      { title: "Invalid Information", description: "This field is too long." },
    ],
    [
      "a control character: the API's message as it is",
      { city: "Orlando\u0000" },
      { title: "Invalid Information", description: "Must not contain control characters." },
    ],
  ])("%s", (_case, changes, toast) => {
    expect(problemToast(registerErrors(changes), registrationFields)).toEqual(toast);
  });

  it("reads the reset form's messages the same way", () => {
    const errors = zod4Resolver(resetPasswordBodySchema)({
      token: "t",
      password: "Sturdy-Pass-2026!",
      confirmPassword: "other",
    }) as FieldMessages;
    expect(problemToast(errors, ["password", "confirmPassword"])).toEqual({
      title: "Passwords Don't Match",
      description: "Please make sure both passwords are the same.",
    });
  });
});

describe("registrationFailure", () => {
  it.each([
    [
      "an e-mail already registered",
      new ApiError(409, "CONFLICT", "exists"),
      "An account with this email already exists. Please try logging in instead.",
    ],
    [
      "an e-mail refused",
      new ApiError(400, "BAD_REQUEST", "x", { email: ["Invalid Email"] }),
      "Invalid email",
    ],
    [
      "a password refused",
      new ApiError(400, "BAD_REQUEST", "x", { password: ["Password Too Short"] }),
      "Password Too Short",
    ],
    ["another refusal", new ApiError(429, "TOO_MANY_REQUESTS", "Too many attempts"), "Too many attempts"],
    ["a server fault", new ApiError(500, "INTERNAL", "Internal error"), "An unexpected error occurred."],
    ["no answer", new ApiError(0, "NETWORK", "offline"), "An unexpected error occurred."],
  ])("%s", (_case, error, message) => {
    expect(registrationFailure(error)).toBe(message);
  });
});
