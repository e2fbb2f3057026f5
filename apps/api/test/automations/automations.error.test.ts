import { schema } from "@poundline/db";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../src/testing";
import { createUser, type SignedIn, signIn, type TestUser } from "../fixtures";
import { addNumber, automationsBody, call } from "./helpers";

let t: TestApp;
let owner: TestUser;
let session: SignedIn;
let numberId: string;
const OUR_NUMBER = "+12125550141";

beforeAll(async () => {
  t = await createTestApp();
  owner = await createUser(t);
  session = await signIn(t, owner);
  numberId = await addNumber(t, owner.accountId, OUR_NUMBER);
});
afterAll(() => t.close());

describe("saving a number's automations refuses bad input with field messages", () => {
  it.each([
    [
      "an unknown variable",
      { missedCallTemplate: "Hi {firstname}" },
      "body.missedCallTemplate",
      "Unknown variable: {firstname}",
    ],
    ["an empty template", { afterHoursTemplate: "  " }, "body.afterHoursTemplate", "Enter a message."],
    ["a quiet hour out of the day", { quietStart: "24:00" }, "body.quietStart", "Enter a time as HH:MM."],
    ["a switch that is not a boolean", { missedCallEnabled: "yes" }, "body.missedCallEnabled", ""],
  ])("%s", async (_case, change, field, message) => {
    const res = await call(t, "PUT", `/api/numbers/${numberId}/automations`, session, {
      ...automationsBody,
      ...change,
    });
    expect(res.statusCode, res.body).toBe(400);
    const fields = res.json().error.fields as Record<string, string[]>;
    expect(fields[field]?.join(" ")).toContain(message);
    const rows = await t.db.db
      .select()
      .from(schema.numberAutomations)
      .where(eq(schema.numberAutomations.phoneNumberId, numberId));
    expect(rows).toEqual([]);
  });

  it("answers 404 for a number id that does not exist", async () => {
    const res = await call(t, "PUT", "/api/numbers/num_nosuchnumber/automations", session, automationsBody);
    expect(res.statusCode).toBe(404);
  });
});

describe("templates refuse bad input", () => {
  it.each([
    ["an unknown variable", { name: "A", body: "Hello {name}" }, "body.body"],
    ["no name", { name: "", body: "Hello" }, "body.name"],
    ["no body", { name: "A", body: "" }, "body.body"],
    ["a body too long", { name: "A", body: "x".repeat(1601) }, "body.body"],
  ])("%s: 400", async (_case, payload, field) => {
    const res = await call(t, "POST", "/api/text-templates", session, payload);
    expect(res.statusCode, res.body).toBe(400);
    expect(Object.keys(res.json().error.fields)).toContain(field);
  });

  it("a second template of the same name is a 409 on the name", async () => {
    const first = await call(t, "POST", "/api/text-templates", session, { name: "Hours", body: "9 to 5" });
    expect(first.statusCode).toBe(201);
    const second = await call(t, "POST", "/api/text-templates", session, { name: "Hours", body: "Other" });
    expect(second.statusCode).toBe(409);
    expect(second.json().error.fields["body.name"]).toBeDefined();
  });
});

describe("scheduled texts refuse bad input", () => {
  const base = { from: OUR_NUMBER, to: "+13125550100", body: "Hello", sendAt: "2099-01-01T10:00" };
  it.each([
    ["a time in the past", { sendAt: "2020-01-01T10:00" }, 400, "body.sendAt"],
    ["a time that is not one", { sendAt: "tomorrow" }, 400, "body.sendAt"],
    ["an empty body", { body: " " }, 400, "body.body"],
    ["a recipient that is not E.164", { to: "12345" }, 400, "body.to"],
  ])("%s", async (_case, change, status, field) => {
    const res = await call(t, "POST", "/api/scheduled-texts", session, { ...base, ...change });
    expect(res.statusCode, res.body).toBe(status);
    expect(Object.keys(res.json().error.fields)).toContain(field);
  });

  it.each([
    ["a view that is not one", "view=later", "querystring.view"],
    ["a page size too large", "limit=1000", "querystring.limit"],
  ])("the account's list refuses %s", async (_case, query, field) => {
    const res = await call(t, "GET", `/api/scheduled-texts/all?${query}`, session);
    expect(res.statusCode, res.body).toBe(400);
    expect(Object.keys(res.json().error.fields)).toContain(field);
  });

  it.each([
    ["an offset, not a zone", "+05:00"],
    ["a zone nobody knows", "Mars/Olympus_Mons"],
  ])("a contact's time zone refuses %s", async (_case, timeZone) => {
    const res = await call(t, "POST", "/api/contacts", session, {
      name: "Z",
      phone: "+13125550111",
      timeZone,
    });
    expect(res.statusCode, res.body).toBe(400);
    expect(Object.keys(res.json().error.fields)).toContain("body.timeZone");
    expect(await t.db.db.select().from(schema.contacts)).toEqual([]);
  });

  it("a number not the account's is a 404", async () => {
    const res = await call(t, "POST", "/api/scheduled-texts", session, { ...base, from: "+12125550999" });
    expect(res.statusCode).toBe(404);
  });

  it("a text already cancelled cannot be cancelled again (409)", async () => {
    const created = await call(t, "POST", "/api/scheduled-texts", session, base);
    const { id } = created.json<{ id: string }>();
    expect((await call(t, "POST", `/api/scheduled-texts/${id}/cancel`, session)).statusCode).toBe(200);
    const again = await call(t, "POST", `/api/scheduled-texts/${id}/cancel`, session);
    expect(again.statusCode).toBe(409);
  });
});
