import { existsSync } from "node:fs";
import { describe, expect, it } from "vitest";
import {
  bundledSpecPath,
  bundledSubsetPath,
  createSpecValidators,
  defaultSpecPath,
  isPhoneNumber,
  loadCarrierSpec,
  SIM_OPERATIONS,
  toE164,
} from "../src/index";

// CI keeps shared/ beside the clone; a checkout without it has only the bundled subset to test.
describe.skipIf(!existsSync(defaultSpecPath))("the carrier's description", () => {
  it("is read from shared/ beside the repository when there", () => {
    expect(loadCarrierSpec().source).toBe(defaultSpecPath);
  });

  it("refuses a path that does not exist", () => {
    expect(() => loadCarrierSpec("/nowhere/spec.json")).toThrow("not found");
  });

  // The bundled subset must judge bodies exactly as the full description does.
  const full = createSpecValidators(loadCarrierSpec(defaultSpecPath));
  const bundled = createSpecValidators(loadCarrierSpec(bundledSpecPath));
  it.each([
    ["createMessage", { To: "+13055551234", From: "+18005550100", Body: "hi" }],
    ["createMessage", { From: "+18005550100", Body: "hi" }],
    ["createMessage", { To: "+13055551234", ValidityPeriod: "x" }],
    ["createMessage", { To: "+13055551234", ContentRetention: "forever" }],
    ["createCall", { To: "client:ana", From: "+18005550100", Url: "https://a.test/v", Timeout: "20" }],
    ["createCall", { To: "+13055551234", From: "+18005550100", Method: "PUT" }],
    ["createCall", { To: "+13055551234", From: "+18005550100", Record: "maybe" }],
  ] as const)("%s %j", (operation, body) => {
    const a = { ...body };
    const b = { ...body };
    expect(bundled.request(operation)(b)).toBe(full.request(operation)(a));
    expect(b).toEqual(a);
  });

  // Every operation the sim serves, in every description (numbers, messaging, trust hub…), has
  // its schemas in both the full description and the bundled subset.
  const bundledEverywhere = createSpecValidators(loadCarrierSpec(bundledSpecPath), (description) =>
    loadCarrierSpec(bundledSubsetPath(description), description),
  );
  it.each(SIM_OPERATIONS.map((op) => [op.id, op.description ?? "api_v2010", op.status]))(
    "%s (%s) is described in full and in the bundled subset",
    (operation, _description, status) => {
      for (const validators of [full, bundledEverywhere]) {
        expect(validators.query(operation)).toBeTypeOf("function");
        expect(validators.request(operation)).toBeTypeOf("function");
        // A 204 answers no body, so has no schema to check it by.
        if (status !== "204") expect(validators.response(operation)).toBeTypeOf("function");
      }
    },
  );

  it("coerces form strings to the schema's types", () => {
    const body: Record<string, unknown> = {
      To: "+13055551234",
      From: "+18005550100",
      Url: "https://a.test/v",
      Timeout: "20",
      Record: "true",
      StatusCallbackEvent: "completed",
    };
    expect(full.request("createCall")(body)).toBe(true);
    expect(body).toMatchObject({ Timeout: 20, Record: true, StatusCallbackEvent: ["completed"] });
  });
});

describe("phone numbers", () => {
  it.each([
    ["+13055551234", "+13055551234"],
    ["(305) 555-1234", "+13055551234"],
    ["305-555-1234", "+13055551234"],
    ["13055551234", "+13055551234"],
    ["+44 20 7946 0958", "+442079460958"],
    ["55555", "55555"],
    ["whatsapp:+13055551234", "whatsapp:+13055551234"],
  ])("accepts %s as %s", (spelled, e164) => {
    expect(isPhoneNumber(spelled)).toBe(true);
    expect(toE164(spelled)).toBe(e164);
  });

  it.each(["", "abc", "+1", "555-1234", "+0123456789", "1305555123456789", "#4LAW"])(
    "refuses %j",
    (value) => {
      expect(isPhoneNumber(value)).toBe(false);
    },
  );
});
