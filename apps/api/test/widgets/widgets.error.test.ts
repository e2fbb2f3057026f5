import { schema } from "@poundline/db";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../src/testing";
import { createUser, type SignedIn, signIn, type TestUser } from "../fixtures";
import {
  createWidget,
  insertNumber,
  insertSharedNumber,
  licenseOf,
  widgetRow,
  widgetRowsOf,
} from "./helpers";

let t: TestApp;
let alice: TestUser;
let aliceIn: SignedIn;
let aliceNumber: string;
let bobNumber: string;
let bobLicense: string;
let suspendedLicense: string;
let widgetId: string;

const LICENSED = "Please select a licensed number.";
const COLOR = "Enter a colour as #RRGGBB.";
const ORIGIN = "Enter a website origin such as https://www.example.com.";

beforeAll(async () => {
  t = await createTestApp();
  alice = await createUser(t);
  aliceIn = await signIn(t, alice);
  const bob = await createUser(t);
  aliceNumber = (await insertNumber(t, alice.accountId)).id;
  bobNumber = (await insertNumber(t, bob.accountId)).id;
  const bobShared = await insertSharedNumber(t, { manager: null, licensees: [bob.accountId] });
  bobLicense = await licenseOf(t, bobShared.id, bob.accountId);
  const suspended = await insertSharedNumber(t, { manager: null, licensees: [alice.accountId] });
  suspendedLicense = await licenseOf(t, suspended.id, alice.accountId);
  await t.db.db
    .update(schema.territoryLicenses)
    .set({ status: "suspended" })
    .where(eq(schema.territoryLicenses.id, suspendedLicense));
  widgetId = (await createWidget(t, aliceIn, { name: "Kept", licensedNumberId: aliceNumber })).json().id;
});
afterAll(() => t.close());

const valid = () => ({ licensedNumberId: aliceNumber });

describe("widgets: bad input", () => {
  it.each([
    ["no licensed number", {}, "body.licensedNumberId", LICENSED],
    ["an empty licensed number", { licensedNumberId: "" }, "body.licensedNumberId", LICENSED],
    ["a malformed licensed number", { licensedNumberId: "x; drop" }, "body.licensedNumberId", LICENSED],
    ["an unknown type", { type: "fax" }, "body.type", "Choose call, sms or combined."],
    [
      "an unknown position",
      { position: "top" },
      "body.position",
      "Choose bottom-right, bottom-left or inline.",
    ],
    ["a named colour other than white", { primaryColor: "blue" }, "body.primaryColor", COLOR],
    ["a short hex colour", { textColor: "#fff" }, "body.textColor", COLOR],
    ["a colour with alpha", { primaryColor: "#007bff80" }, "body.primaryColor", COLOR],
    ["an empty call text", { callText: "  " }, "body.callText", "Button text is required."],
    ["a long sms text", { smsText: "x".repeat(41) }, "body.smsText", "Must be at most 40 characters."],
    ["an empty name", { name: "" }, "body.name", "Name is required."],
    ["a cap of 0", { dailyCap: 0 }, "body.dailyCap", "Must be between 1 and 1000."],
    ["a cap of 1001", { dailyCap: 1001 }, "body.dailyCap", "Must be between 1 and 1000."],
    ["a fractional cap", { dailyCap: 1.5 }, "body.dailyCap", "Must be a whole number."],
    [
      "an origin with a path",
      { allowedOrigins: ["https://a.example/shop"] },
      "body.allowedOrigins.0",
      ORIGIN,
    ],
    [
      "an origin with a query",
      { allowedOrigins: ["https://a.example?x=1"] },
      "body.allowedOrigins.0",
      ORIGIN,
    ],
    ["an ftp origin", { allowedOrigins: ["ftp://a.example"] }, "body.allowedOrigins.0", ORIGIN],
    ["a bare host", { allowedOrigins: ["a.example"] }, "body.allowedOrigins.0", ORIGIN],
    [
      "an origin with credentials",
      { allowedOrigins: ["https://u:p@a.example"] },
      "body.allowedOrigins.0",
      ORIGIN,
    ],
    ["a javascript: origin", { allowedOrigins: ["javascript:alert(1)"] }, "body.allowedOrigins.0", ORIGIN],
    [
      "too many origins",
      { allowedOrigins: Array.from({ length: 21 }, (_, i) => `https://s${i}.example`) },
      "body.allowedOrigins",
      "At most 20 websites.",
    ],
  ] as const)(
    "create with %s is 400 with the field's message, nothing stored",
    async (_, patch, field, message) => {
      const before = (await widgetRowsOf(t, alice.accountId)).length;
      const payload: Record<string, unknown> = { ...valid(), ...patch };
      if (!("licensedNumberId" in patch) && field === "body.licensedNumberId")
        delete payload.licensedNumberId;
      if (_ === "no licensed number") delete payload.licensedNumberId;
      const res = await createWidget(t, aliceIn, payload);
      expect(res.statusCode).toBe(400);
      expect(res.json().error.fields[field]).toContain(message);
      expect((await widgetRowsOf(t, alice.accountId)).length).toBe(before);
    },
  );

  it.each([
    ["another account's number", () => bobNumber],
    ["another account's licence", () => bobLicense],
    ["a suspended licence of its own", () => suspendedLicense],
    ["an unknown number", () => "num_doesnotexist"],
  ])("create with %s is 400 'Please select a licensed number.', nothing stored", async (_, id) => {
    const before = (await widgetRowsOf(t, alice.accountId)).length;
    const res = await createWidget(t, aliceIn, { licensedNumberId: id() });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe(LICENSED);
    expect(res.json().error.fields["body.licensedNumberId"]).toEqual([LICENSED]);
    expect((await widgetRowsOf(t, alice.accountId)).length).toBe(before);
  });

  it.each([
    ["another account's number", () => ({ licensedNumberId: bobNumber })],
    ["another account's licence", () => ({ name: "Changed", licensedNumberId: bobLicense })],
    ["a bad colour", () => ({ name: "Changed", primaryColor: "red" })],
    ["an origin with a path", () => ({ name: "Changed", allowedOrigins: ["https://a.example/path"] })],
    ["a cap over 1000", () => ({ name: "Changed", dailyCap: 5000 })],
  ])("update with %s is 400 and changes nothing", async (_, payload) => {
    const before = await widgetRow(t, widgetId);
    const res = await t.app.inject({
      method: "PATCH",
      url: `/api/widgets/${widgetId}`,
      headers: aliceIn.headers,
      payload: payload(),
    });
    expect(res.statusCode).toBe(400);
    expect(await widgetRow(t, widgetId)).toEqual(before);
  });

  it("a malformed widget id is 400, an unknown one 404", async () => {
    const bad = await t.app.inject({ method: "GET", url: "/api/widgets/nope", headers: aliceIn.headers });
    expect(bad.statusCode).toBe(400);
    const missing = await t.app.inject({
      method: "GET",
      url: "/api/widgets/wgt_missing",
      headers: aliceIn.headers,
    });
    expect(missing.statusCode).toBe(404);
  });

  it("a widget whose licence is suspended later shows no licensed number", async () => {
    const shared = await insertSharedNumber(t, { manager: null, licensees: [alice.accountId] });
    const license = await licenseOf(t, shared.id, alice.accountId);
    const id = (await createWidget(t, aliceIn, { licensedNumberId: license })).json().id;
    await t.db.db
      .update(schema.territoryLicenses)
      .set({ status: "expired" })
      .where(eq(schema.territoryLicenses.id, license));
    const res = await t.app.inject({ method: "GET", url: `/api/widgets/${id}`, headers: aliceIn.headers });
    expect(res.json().licensedNumber).toBeNull();
  });
});
