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
let number: { id: string; e164: string };
let shared: { id: string; poundCode: string; e164: string };
let licenseId: string;

beforeAll(async () => {
  t = await createTestApp();
  alice = await createUser(t);
  aliceIn = await signIn(t, alice);
  number = await insertNumber(t, alice.accountId);
  shared = await insertSharedNumber(t, { manager: null, licensees: [alice.accountId] });
  licenseId = await licenseOf(t, shared.id, alice.accountId);
});
afterAll(() => t.close());

describe("widgets: happy path", () => {
  it("lists the account's numbers and active licences as licensed numbers", async () => {
    const res = await t.app.inject({
      method: "GET",
      url: "/api/widgets/licensed-numbers",
      headers: aliceIn.headers,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().items).toEqual([
      { id: number.id, kind: "phone_number", e164: number.e164, label: "Main line" },
      { id: licenseId, kind: "territory_license", e164: shared.e164, label: shared.poundCode },
    ]);
  });

  it("creates a widget with the seed's defaults and stores them", async () => {
    const res = await createWidget(t, aliceIn, { licensedNumberId: number.id });
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body).toMatchObject({
      name: "Website widget",
      type: "combined",
      callText: "Call Us Now",
      smsText: "Text Us Now",
      primaryColor: "#007bff",
      textColor: "#ffffff",
      position: "bottom-right",
      allowedOrigins: [],
      dailyCap: 50,
      licensedNumber: { id: number.id, kind: "phone_number", e164: number.e164 },
    });
    expect(body.publicKey).toMatch(/^wk_/);
    const row = await widgetRow(t, body.id);
    expect(row).toMatchObject({
      accountId: alice.accountId,
      type: "combined",
      callText: "Call Us Now",
      smsText: "Text Us Now",
      primaryColor: "#007bff",
      textColor: "#ffffff",
      position: "bottom-right",
      phoneNumberId: number.id,
      territoryLicenseId: null,
      allowedOrigins: [],
      dailyCap: 50,
    });
  });

  it("stores every field given, origins normalised and colours lower-cased", async () => {
    const res = await createWidget(t, aliceIn, {
      name: "Footer buttons",
      type: "sms",
      callText: "Ring us",
      smsText: "Text us",
      primaryColor: "#AA00FF",
      textColor: "white",
      position: "inline",
      allowedOrigins: ["https://www.Example.com/", "http://localhost:5173", "https://www.example.com"],
      dailyCap: 200,
      licensedNumberId: licenseId,
    });
    expect(res.statusCode).toBe(201);
    const row = await widgetRow(t, res.json().id);
    expect(row).toMatchObject({
      name: "Footer buttons",
      type: "sms",
      callText: "Ring us",
      smsText: "Text us",
      primaryColor: "#aa00ff",
      textColor: "#ffffff",
      position: "inline",
      allowedOrigins: ["https://www.example.com", "http://localhost:5173"],
      dailyCap: 200,
      phoneNumberId: null,
      territoryLicenseId: licenseId,
    });
    expect(res.json().licensedNumber).toEqual({
      id: licenseId,
      kind: "territory_license",
      e164: shared.e164,
      label: shared.poundCode,
    });
  });

  it("lists, gets, updates and deletes", async () => {
    const created = (await createWidget(t, aliceIn, { name: "To edit", licensedNumberId: number.id })).json();
    const list = await t.app.inject({ method: "GET", url: "/api/widgets", headers: aliceIn.headers });
    expect(list.statusCode).toBe(200);
    const ids = list.json().items.map((w: { id: string }) => w.id);
    expect(ids).toContain(created.id);
    expect(ids.length).toBe((await widgetRowsOf(t, alice.accountId)).length);

    const got = await t.app.inject({
      method: "GET",
      url: `/api/widgets/${created.id}`,
      headers: aliceIn.headers,
    });
    expect(got.json()).toMatchObject({ id: created.id, name: "To edit" });

    const patched = await t.app.inject({
      method: "PATCH",
      url: `/api/widgets/${created.id}`,
      headers: aliceIn.headers,
      payload: {
        position: "bottom-left",
        licensedNumberId: licenseId,
        allowedOrigins: ["https://a.example"],
      },
    });
    expect(patched.statusCode).toBe(200);
    expect(await widgetRow(t, created.id)).toMatchObject({
      name: "To edit",
      position: "bottom-left",
      phoneNumberId: null,
      territoryLicenseId: licenseId,
      allowedOrigins: ["https://a.example"],
      publicKey: created.publicKey,
    });

    const deleted = await t.app.inject({
      method: "DELETE",
      url: `/api/widgets/${created.id}`,
      headers: aliceIn.headers,
    });
    expect(deleted.statusCode).toBe(204);
    expect(await widgetRow(t, created.id)).toBeUndefined();
  });
});
