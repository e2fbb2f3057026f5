import { schema } from "@poundline/db";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../src/testing";
import { createUser, type SignedIn, signIn } from "../fixtures";
import { portInBody } from "./helpers";

let t: TestApp;
let owner: SignedIn;

beforeAll(async () => {
  t = await createTestApp();
  owner = await signIn(t, await createUser(t));
});
afterAll(() => t.close());

const base = portInBody();

describe.each([
  ["no numbers", { ...base, numbers: [] }, "body.numbers"],
  ["a number not in E.164", { ...base, numbers: ["3055550177"] }, "body.numbers.0"],
  ["the same number twice", { ...base, numbers: ["+13055550177", "+13055550177"] }, "body.numbers"],
  ["no customer name", { ...base, customerName: " " }, "body.customerName"],
  ["a bad e-mail", { ...base, authorizedEmail: "ana" }, "body.authorizedEmail"],
  ["a bad target date", { ...base, targetDate: "15/01/2030" }, "body.targetDate"],
  ["an address without a city", { ...base, address: { ...base.address, city: "" } }, "body.address.city"],
  [
    "a letter not agreed",
    { ...base, signature: { signerName: "Ana Diaz", agreed: false } },
    "body.signature.agreed",
  ],
  [
    "signed by someone else",
    { ...base, signature: { signerName: "Bob", agreed: true } },
    "body.signature.signerName",
  ],
  [
    "a drawing that is not a PNG",
    { ...base, signature: { signerName: "Ana Diaz", agreed: true, drawing: "javascript:1" } },
    "body.signature.drawing",
  ],
])("a request with %s", (_case, payload, field) => {
  it("is 400 with the field's message, and nothing is written", async () => {
    const res = await t.app.inject({ method: "POST", url: "/api/porting", headers: owner.headers, payload });
    expect(res.statusCode, res.body).toBe(400);
    expect(Object.keys(res.json().error.fields ?? {})).toContain(field);
    expect(await t.db.db.select().from(schema.portInRequests)).toEqual([]);
  });
});

describe("refusals", () => {
  it("a number the carrier cannot port is 400 on that number, and nothing is written", async () => {
    const res = await t.app.inject({
      method: "POST",
      url: "/api/porting",
      headers: owner.headers,
      payload: portInBody(["+13055550177", "+18885550123"]),
    });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().error.fields).toHaveProperty(["body.numbers.1"]);
    expect(await t.db.db.select().from(schema.portInRequests)).toEqual([]);
  });

  it("a temporary number that is not the account's is 404", async () => {
    const res = await t.app.inject({
      method: "POST",
      url: "/api/porting",
      headers: owner.headers,
      payload: portInBody(undefined, { temporaryNumberId: "num_nope" }),
    });
    expect(res.statusCode, res.body).toBe(404);
  });

  it("portability of too many numbers is 400", async () => {
    const numbers = Array.from({ length: 21 }, (_, i) => `+1305555${String(1000 + i)}`);
    const res = await t.app.inject({
      method: "POST",
      url: "/api/porting/portability",
      headers: owner.headers,
      payload: { numbers },
    });
    expect(res.statusCode).toBe(400);
  });

  it("a malformed id is 400, a missing one 404", async () => {
    expect(
      (await t.app.inject({ method: "GET", url: "/api/porting/nope", headers: owner.headers })).statusCode,
    ).toBe(400);
    expect(
      (await t.app.inject({ method: "GET", url: "/api/porting/port_missing", headers: owner.headers }))
        .statusCode,
    ).toBe(404);
  });
});
