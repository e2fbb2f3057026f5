import { numberMessages } from "@poundline/contracts/numbers/schemas";
import { schema } from "@poundline/db";
import { unpaidTrialMessages } from "@poundline/modules/billing/unpaid-trial";
import { CarrierError } from "@poundline/platform/carrier/client";
import type { NumberCarrier } from "@poundline/platform/carrier/numbers";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../src/testing";
import { createUser, type SignedIn, signIn, type TestUser } from "../fixtures";
import { createTrialUser, topUp } from "../verified-numbers/helpers";
import { e911Address, subscribe } from "./helpers";

let t: TestApp;
let user: TestUser;
let session: SignedIn;
let numberId: string;

beforeAll(async () => {
  t = await createTestApp();
  user = await createUser(t);
  await subscribe(t, user.accountId, "Professional");
  session = await signIn(t, user);
  const res = await t.app.inject({
    method: "POST",
    url: "/api/numbers",
    headers: session.headers,
    payload: { e164: "+14075550150", friendlyName: "Main" },
  });
  expect(res.statusCode, res.body).toBe(201);
  numberId = res.json<{ id: string }>().id;
});
afterAll(() => t.close());

const inject = (method: "GET" | "POST" | "PATCH" | "PUT", url: string, payload?: object) =>
  payload === undefined
    ? t.app.inject({ method, url, headers: session.headers })
    : t.app.inject({ method, url, headers: session.headers, payload });

async function accountNumbers() {
  return t.db.db.select().from(schema.phoneNumbers).where(eq(schema.phoneNumbers.accountId, user.accountId));
}

describe("GET /api/numbers/available bad input", () => {
  it.each([
    ["neither area code nor state", "type=local", numberMessages.searchBy],
    ["a 2-digit area code", "areaCode=40", numberMessages.areaCode],
    ["an area code starting with 1", "areaCode=107", numberMessages.areaCode],
    ["a state in lower case words", "state=Florida", numberMessages.state],
    ["an unknown type", "type=mobile&areaCode=407", "Choose Local or Toll-Free."],
  ])("%s: 400 with the field's message", async (_case, query, message) => {
    const res = await inject("GET", `/api/numbers/available?${query}`);
    expect(res.statusCode, res.body).toBe(400);
    expect(JSON.stringify(res.json().error.fields)).toContain(message);
  });
});

describe("POST /api/numbers bad input", () => {
  it.each([
    ["no number", {}, "body.e164"],
    ["not E.164", { e164: "407-555-0151" }, numberMessages.e164],
    [
      "a friendly name too long",
      { e164: "+14075550151", friendlyName: "x".repeat(65) },
      numberMessages.friendlyName,
    ],
    [
      "a control character",
      { e164: "+14075550151", friendlyName: "a\u0000b" },
      "Must not contain control characters.",
    ],
    ["a malformed request id", { e164: "+14075550151", requestId: "42" }, "Invalid request id."],
  ])("%s: 400, nothing bought", async (_case, payload, message) => {
    const res = await inject("POST", "/api/numbers", payload);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.body).toContain(message);
    expect(await accountNumbers()).toHaveLength(1);
  });

  it("a number not for sale: 409 saying so, nothing recorded", async () => {
    const res = await inject("POST", "/api/numbers", { e164: "+14155551234" });
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json().error.fields["body.e164"]).toEqual([numberMessages.notAvailable]);
    expect(await accountNumbers()).toHaveLength(1);
  });

  it("a number this account already holds: 409", async () => {
    const res = await inject("POST", "/api/numbers", { e164: "+14075550150" });
    expect(res.statusCode, res.body).toBe(409);
  });
});

describe("PATCH /api/numbers/:id bad input", () => {
  it.each([
    ["no friendly name", {}],
    ["a friendly name too long", { friendlyName: "x".repeat(65) }],
    ["a friendly name that is no text", { friendlyName: 42 }],
  ])("%s: 400, name unchanged", async (_case, payload) => {
    const res = await inject("PATCH", `/api/numbers/${numberId}`, payload);
    expect(res.statusCode, res.body).toBe(400);
    expect((await accountNumbers())[0]?.friendlyName).toBe("Main");
  });

  it("a malformed id: 400", async () => {
    const res = await inject("PATCH", "/api/numbers/nope", { friendlyName: "x" });
    expect(res.statusCode).toBe(400);
  });
});

describe("PUT /api/numbers/:id/e911 bad input", () => {
  it.each([
    ["no street", { ...e911Address, street: "" }, "body.street", numberMessages.required],
    [
      "a ZIP code of 4 digits",
      { ...e911Address, postalCode: "3280" },
      "body.postalCode",
      numberMessages.postalCode,
    ],
    [
      "a US ZIP for Canada",
      { ...e911Address, isoCountry: "CA", region: "ON" },
      "body.postalCode",
      numberMessages.postalCode,
    ],
    ["a region of 3 letters", { ...e911Address, region: "FLA" }, "body.region", numberMessages.region],
    [
      "an unknown country",
      { ...e911Address, isoCountry: "GB" },
      "body.isoCountry",
      "Choose United States or Canada.",
    ],
  ])("%s: 400 with the field's message, nothing stored", async (_case, payload, field, message) => {
    const res = await inject("PUT", `/api/numbers/${numberId}/e911`, payload);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().error.fields[field]).toContain(message);
    expect(await t.db.db.select().from(schema.emergencyAddresses)).toEqual([]);
  });

  it("an address the carrier cannot validate (no such state): 400 with the carrier's reason", async () => {
    const res = await inject("PUT", `/api/numbers/${numberId}/e911`, { ...e911Address, region: "ZZ" });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().error.message).toMatch(/^The carrier could not validate this address: .*ZZ/);
    expect(await t.db.db.select().from(schema.emergencyAddresses)).toEqual([]);
  });
});

describe("the carrier refusing", () => {
  it("a search it refuses: 400 with its reason; its failure: 500 without its internals", async () => {
    const refusing: NumberCarrier = {
      searchAvailable: async (search) => {
        if (search.type === "local") throw new CarrierError("AreaCode is not valid", 400, 21452);
        throw new CarrierError("upstream exploded at 10.0.0.7", 503, null);
      },
      buy: async () => ({ sid: "", e164: "", capabilities: { voice: true, sms: true } }),
      update: async () => {},
      release: async () => {},
      createEmergencyAddress: async () => ({ sid: "" }),
      deleteAddress: async () => {},
    };
    const other = await createTestApp({ numberCarrier: refusing });
    try {
      const someone = await createUser(other);
      const headers = (await signIn(other, someone)).headers;
      const refused = await other.app.inject({
        method: "GET",
        url: "/api/numbers/available?areaCode=407",
        headers,
      });
      expect(refused.statusCode, refused.body).toBe(400);
      expect(refused.json().error.message).toBe("The carrier refused the request: AreaCode is not valid");
      const failed = await other.app.inject({
        method: "GET",
        url: "/api/numbers/available?type=toll-free",
        headers,
      });
      expect(failed.statusCode).toBe(500);
      expect(failed.body).not.toContain("10.0.0.7");
    } finally {
      await other.close();
    }
  });
});

describe("an unpaid trial", () => {
  const buy = (headers: SignedIn["headers"], e164: string) =>
    t.app.inject({ method: "POST", url: "/api/numbers", headers, payload: { e164 } });

  it("whose trial ended buys no number until it subscribes or funds its wallet (403), and the carrier sells it nothing", async () => {
    const trial = await createTrialUser(t);
    await t.db.db
      .update(schema.accounts)
      .set({ trialEndsAt: new Date(t.app.deps.clock().getTime() - 1000) })
      .where(eq(schema.accounts.id, trial.user.accountId));
    const refused = await buy(trial.session.headers, "+14075550171");
    expect(refused.statusCode, refused.body).toBe(403);
    expect(refused.json().error.message).toBe(unpaidTrialMessages.buyNumber);
    const held = await t.db.db
      .select()
      .from(schema.phoneNumbers)
      .where(eq(schema.phoneNumbers.accountId, trial.user.accountId));
    expect(held).toEqual([]);
    expect(t.app.deps.simulator?.inventory.byNumber("+14075550171")).toBeUndefined();

    await topUp(t, trial.user.accountId);
    const bought = await buy(trial.session.headers, "+14075550171");
    expect(bought.statusCode, bought.body).toBe(201);
  });

  it("with a plan, buys as the plan allows", async () => {
    const trial = await createTrialUser(t);
    await subscribe(t, trial.user.accountId, "Starter");
    const bought = await buy(trial.session.headers, "+14075550172");
    expect(bought.statusCode, bought.body).toBe(201);
  });
});
