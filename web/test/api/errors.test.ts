import { describe, expect, it } from "vitest";
import { ApiError, apiErrorFrom, isRefusal } from "../../src/api/errors";

describe("apiErrorFrom", () => {
  it("reads the one error shape: code, message, request id and field messages", () => {
    const error = apiErrorFrom(400, "Bad Request", {
      error: {
        code: "BAD_REQUEST",
        message: "Full Name is required.",
        requestId: "req-7",
        fields: { "body.name": ["Full Name is required."], "body.email": ["Email Address is required."] },
      },
    });
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 400, code: "BAD_REQUEST", message: "Full Name is required." });
    expect(error.requestId).toBe("req-7");
    // The API names a body field "body.<name>"; the forms know it as "<name>".
    expect(error.fields).toEqual({ name: ["Full Name is required."], email: ["Email Address is required."] });
    expect(error.firstFieldMessage()).toBe("Full Name is required.");
  });

  it("keeps string messages only, and drops fields left without one", () => {
    const error = apiErrorFrom(400, "Bad Request", {
      error: {
        code: "BAD_REQUEST",
        message: "Invalid request",
        requestId: "r",
        fields: { "body.a": ["kept", 3, null], "body.b": "not a list", "body.c": [] },
      },
    });
    expect(error.fields).toEqual({ a: ["kept"] });
  });

  it("gives the general message when no field is in error", () => {
    const error = apiErrorFrom(409, "Conflict", {
      error: { code: "CONFLICT", message: "Already there", requestId: "r" },
    });
    expect(error.fields).toEqual({});
    expect(error.firstFieldMessage()).toBe("Already there");
  });

  it.each([
    ["an HTML page from a proxy", 502, "Bad Gateway", "<html>", "Bad Gateway"],
    ["no body", 500, "Internal Server Error", null, "Internal Server Error"],
    ["an error without a message", 400, "Bad Request", { error: { code: "BAD_REQUEST" } }, "Bad Request"],
    ["another JSON shape", 404, "Not Found", { message: "nope" }, "Not Found"],
    ["no status text either", 503, "", null, "HTTP 503"],
  ])("answers code HTTP and the status text for %s", (_case, status, statusText, body, message) => {
    const error = apiErrorFrom(status, statusText, body);
    expect(error).toMatchObject({ status, code: "HTTP", message });
    expect(error.fields).toEqual({});
    expect(error.requestId).toBeNull();
  });
});

describe("isRefusal", () => {
  it.each([
    ["a 400", new ApiError(400, "BAD_REQUEST", "x"), true],
    ["a 429", new ApiError(429, "TOO_MANY_REQUESTS", "x"), true],
    ["a 500", new ApiError(500, "INTERNAL", "x"), false],
    ["no answer", new ApiError(0, "NETWORK", "x"), false],
    ["another error", new Error("x"), false],
  ])("%s: %s", (_case, error, refused) => {
    expect(isRefusal(error)).toBe(refused);
  });
});
