import { describe, expect, it } from "vitest";
import { ApiError } from "../../src/api/errors";
import { fieldMessagesOf, firstMessage, hasMessage } from "../../src/lib/form-errors";

describe("fieldMessagesOf", () => {
  it("gives the first message of each field the form has, for form.setErrors", () => {
    const error = new ApiError(400, "BAD_REQUEST", "Full Name is required.", {
      name: ["Full Name is required.", "second"],
      message: ["Message is required."],
      _: ["not a field of this form"],
    });
    expect(fieldMessagesOf(error, ["name", "email", "message"])).toEqual({
      name: "Full Name is required.",
      message: "Message is required.",
    });
  });

  it("gives nothing for an error without field messages", () => {
    expect(fieldMessagesOf(new ApiError(409, "CONFLICT", "taken"), ["email"])).toEqual({});
  });
});

describe("firstMessage", () => {
  it.each([
    [{ message: "m", name: "n" }, "n"],
    [{ message: "m" }, "m"],
    [{ email: "" }, undefined],
    [{}, undefined],
  ])("in the order the form shows its fields: %j gives %j", (errors, first) => {
    expect(firstMessage(errors, ["name", "email", "message"])).toBe(first);
  });
});

describe("hasMessage", () => {
  it.each([
    [{ a: "x", b: "y" }, "y", true],
    [{ a: "x" }, "y", false],
    [{}, "y", false],
  ])("%j has %j: %s", (errors, message, has) => {
    expect(hasMessage(errors, message)).toBe(has);
  });
});
