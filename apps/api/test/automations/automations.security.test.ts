import { schema } from "@poundline/db";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, TEST_ORIGIN, type TestApp } from "../../src/testing";
import { createMember, createUser, type SignedIn, signIn, type TestUser } from "../fixtures";
import { addNumber, automationsBody, call } from "./helpers";

let t: TestApp;
let owner: TestUser;
let session: SignedIn;
let stranger: SignedIn;
let member: SignedIn;
let viewer: SignedIn;
let numberId: string;
let templateId: string;
let scheduledId: string;
const OUR_NUMBER = "+12125550142";
const TO = "+13125550100";

beforeAll(async () => {
  t = await createTestApp();
  owner = await createUser(t);
  session = await signIn(t, owner);
  stranger = await signIn(t, await createUser(t));
  member = await signIn(t, await createMember(t, owner.accountId, "member"));
  viewer = await signIn(t, await createMember(t, owner.accountId, "viewer"));
  numberId = await addNumber(t, owner.accountId, OUR_NUMBER);
  templateId = (await call(t, "POST", "/api/text-templates", session, { name: "Hi", body: "Hi" })).json().id;
  scheduledId = (
    await call(t, "POST", "/api/scheduled-texts", session, {
      from: OUR_NUMBER,
      to: TO,
      body: "Later",
      sendAt: "2099-01-01T10:00",
    })
  ).json().id;
});
afterAll(() => t.close());

// Urls are made once the rows exist (it.each reads its table before beforeAll runs).
const routes = [
  ["GET", () => `/api/numbers/${numberId}/automations`, undefined],
  ["PUT", () => `/api/numbers/${numberId}/automations`, automationsBody],
  ["PUT", () => `/api/text-templates/${templateId}`, { name: "Taken", body: "Over" }],
  ["DELETE", () => `/api/text-templates/${templateId}`, undefined],
  [
    "GET",
    () => `/api/scheduled-texts?from=${encodeURIComponent(OUR_NUMBER)}&to=${encodeURIComponent(TO)}`,
    undefined,
  ],
  ["POST", () => `/api/scheduled-texts/${scheduledId}/cancel`, undefined],
] as const;

describe("anonymous", () => {
  it.each([
    ["GET", "/api/text-templates"],
    ["POST", "/api/text-templates"],
    ["GET", "/api/numbers/num_x/automations"],
    ["POST", "/api/scheduled-texts"],
    ["GET", "/api/scheduled-texts/all"],
  ] as const)("%s %s answers 401", async (method, url) => {
    const res = await t.app.inject({
      method,
      url,
      headers: { origin: TEST_ORIGIN },
      payload: method === "GET" ? undefined : {},
    });
    expect(res.statusCode).toBe(401);
  });
});

describe("another account", () => {
  it.each(routes)("%s %s answers 404 and changes nothing", async (method, url, payload) => {
    const res = await call(t, method, url(), stranger, payload);
    expect(res.statusCode, res.body).toBe(404);
    const [template] = await t.db.db
      .select()
      .from(schema.textTemplates)
      .where(eq(schema.textTemplates.id, templateId));
    expect(template?.name).toBe("Hi");
    const [text] = await t.db.db
      .select()
      .from(schema.scheduledTexts)
      .where(eq(schema.scheduledTexts.id, scheduledId));
    expect(text?.status).toBe("pending");
    expect(await t.db.db.select().from(schema.numberAutomations)).toEqual([]);
  });

  it("lists none of the account's scheduled texts in any view", async () => {
    for (const view of ["upcoming", "sent", "cancelled", "failed"]) {
      const res = await call(t, "GET", `/api/scheduled-texts/all?view=${view}`, stranger);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({ texts: [], total: 0 });
    }
    const own = await call(t, "GET", "/api/scheduled-texts/all", session);
    expect(own.json().texts.map((text: { id: string }) => text.id)).toContain(scheduledId);
  });

  it("sees none of the account's templates, nor schedules from its number", async () => {
    expect((await call(t, "GET", "/api/text-templates", stranger)).json().templates).toEqual([]);
    const res = await call(t, "POST", "/api/scheduled-texts", stranger, {
      from: OUR_NUMBER,
      to: TO,
      body: "x",
      sendAt: "2099-01-01T10:00",
    });
    expect(res.statusCode).toBe(404);
  });
});

describe("roles, per the permission table", () => {
  it("a member may not change automations nor templates, but reads them", async () => {
    expect(
      (await call(t, "PUT", `/api/numbers/${numberId}/automations`, member, automationsBody)).statusCode,
    ).toBe(403);
    expect((await call(t, "POST", "/api/text-templates", member, { name: "M", body: "M" })).statusCode).toBe(
      403,
    );
    expect((await call(t, "DELETE", `/api/text-templates/${templateId}`, member)).statusCode).toBe(403);
    expect((await call(t, "GET", `/api/numbers/${numberId}/automations`, member)).statusCode).toBe(200);
    expect((await call(t, "GET", "/api/text-templates", member)).json().templates).toHaveLength(1);
  });

  it("a member may schedule a text (they send texts); a bookkeeper may not", async () => {
    const body = { from: OUR_NUMBER, to: TO, body: "From a member", sendAt: "2099-01-02T10:00" };
    expect((await call(t, "POST", "/api/scheduled-texts", member, body)).statusCode).toBe(201);
    expect((await call(t, "POST", "/api/scheduled-texts", viewer, body)).statusCode).toBe(403);
    expect((await call(t, "POST", `/api/scheduled-texts/${scheduledId}/cancel`, viewer)).statusCode).toBe(
      403,
    );
  });
});
