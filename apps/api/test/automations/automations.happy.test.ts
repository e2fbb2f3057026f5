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
const OUR_NUMBER = "+12125550140";

beforeAll(async () => {
  t = await createTestApp();
  owner = await createUser(t);
  session = await signIn(t, owner);
  numberId = await addNumber(t, owner.accountId, OUR_NUMBER);
});
afterAll(() => t.close());

describe("a number's automations", () => {
  it("answers all off with the default texts before anything is saved", async () => {
    const res = await call(t, "GET", `/api/numbers/${numberId}/automations`, session);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      phoneNumberId: numberId,
      e164: OUR_NUMBER,
      missedCallEnabled: false,
      missedCallTemplate: "Sorry we missed your call. This is {business_name}. How can we help?",
      quietHoursEnabled: true,
      quietStart: "21:00",
      quietEnd: "08:00",
    });
  });

  it("saves them, and the database holds them", async () => {
    const body = { ...automationsBody, quietStart: "20:30", quietEnd: "07:15" };
    const res = await call(t, "PUT", `/api/numbers/${numberId}/automations`, session, body);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject(body);
    const [row] = await t.db.db
      .select()
      .from(schema.numberAutomations)
      .where(eq(schema.numberAutomations.phoneNumberId, numberId));
    expect(row).toMatchObject({
      accountId: owner.accountId,
      missedCallEnabled: true,
      quietStartMinute: 20 * 60 + 30,
      quietEndMinute: 7 * 60 + 15,
    });
    const again = await call(t, "PUT", `/api/numbers/${numberId}/automations`, session, automationsBody);
    expect(again.json()).toMatchObject(automationsBody);
  });
});

describe("text templates", () => {
  it("are created, listed with the variables, changed and deleted", async () => {
    const created = await call(t, "POST", "/api/text-templates", session, {
      name: "Directions",
      body: "Hi {first_name}, {business_name} is at 100 Main Street.",
    });
    expect(created.statusCode, created.body).toBe(201);
    const { id } = created.json<{ id: string }>();

    const listed = await call(t, "GET", "/api/text-templates", session);
    expect(listed.json().templates.map((x: { id: string }) => x.id)).toEqual([id]);
    expect(listed.json().variables.map((v: { name: string }) => v.name)).toContain("business_name");

    const changed = await call(t, "PUT", `/api/text-templates/${id}`, session, {
      name: "Directions",
      body: "Find {business_name} at 100 Main Street.",
    });
    expect(changed.statusCode, changed.body).toBe(200);
    const [row] = await t.db.db.select().from(schema.textTemplates).where(eq(schema.textTemplates.id, id));
    expect(row).toMatchObject({
      accountId: owner.accountId,
      body: "Find {business_name} at 100 Main Street.",
    });

    const deleted = await call(t, "DELETE", `/api/text-templates/${id}`, session);
    expect(deleted.statusCode).toBe(204);
    expect(await t.db.db.select().from(schema.textTemplates).where(eq(schema.textTemplates.id, id))).toEqual(
      [],
    );
  });
});

describe("scheduled texts", () => {
  it("are scheduled in the recipient's zone, listed on the conversation, and cancelled", async () => {
    const to = "+13125550177"; // Chicago
    const scheduled = await call(t, "POST", "/api/scheduled-texts", session, {
      from: OUR_NUMBER,
      to,
      body: "See you tomorrow",
      sendAt: "2099-01-15T09:30",
    });
    expect(scheduled.statusCode, scheduled.body).toBe(201);
    expect(scheduled.json()).toMatchObject({
      automation: "scheduled",
      status: "pending",
      timeZone: "America/Chicago",
      sendAt: "2099-01-15T15:30:00.000Z",
    });
    const { id } = scheduled.json<{ id: string }>();

    const listed = await call(
      t,
      "GET",
      `/api/scheduled-texts?from=${encodeURIComponent(OUR_NUMBER)}&to=${encodeURIComponent(to)}`,
      session,
    );
    expect(listed.statusCode, listed.body).toBe(200);
    expect(listed.json()).toMatchObject({ timeZone: "America/Chicago", texts: [{ id, status: "pending" }] });

    const cancelled = await call(t, "POST", `/api/scheduled-texts/${id}/cancel`, session);
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    const [row] = await t.db.db.select().from(schema.scheduledTexts).where(eq(schema.scheduledTexts.id, id));
    expect(row).toMatchObject({ status: "cancelled", userId: owner.id, accountId: owner.accountId });
  });
});

describe("the account's scheduled texts (the Scheduled texts view)", () => {
  it("lists upcoming soonest first with the contact's name, then moves a cancelled one to its view", async () => {
    const later = "+13125550178";
    const sooner = "+13125550179";
    await call(t, "POST", "/api/contacts", session, { name: "Sooner Sam", phone: sooner });
    const schedule = async (to: string, sendAt: string) =>
      (
        await call(t, "POST", "/api/scheduled-texts", session, { from: OUR_NUMBER, to, body: "Hi", sendAt })
      ).json<{ id: string }>().id;
    const laterId = await schedule(later, "2099-03-02T10:00");
    const soonerId = await schedule(sooner, "2099-03-01T10:00");
    const upcoming = await call(t, "GET", "/api/scheduled-texts/all?view=upcoming", session);
    expect(upcoming.statusCode, upcoming.body).toBe(200);
    const listed = upcoming.json<{ texts: { id: string; contactName: string | null }[]; total: number }>();
    const ours = listed.texts.filter((text) => [laterId, soonerId].includes(text.id));
    expect(ours).toEqual([
      expect.objectContaining({ id: soonerId, contactName: "Sooner Sam", toNumber: sooner }),
      expect.objectContaining({ id: laterId, contactName: null }),
    ]);

    await call(t, "POST", `/api/scheduled-texts/${laterId}/cancel`, session);
    const after = (await call(t, "GET", "/api/scheduled-texts/all", session)).json<{
      texts: { id: string }[];
    }>();
    expect(after.texts.map((text) => text.id)).not.toContain(laterId);
    const cancelled = (await call(t, "GET", "/api/scheduled-texts/all?view=cancelled", session)).json<{
      texts: { id: string; status: string }[];
    }>();
    expect(cancelled.texts).toContainEqual(expect.objectContaining({ id: laterId, status: "cancelled" }));
  });
});

describe("a contact's own time zone", () => {
  it("is saved, answered, cleared, and times the contact's scheduled texts", async () => {
    const phone = "+13125550180"; // Chicago area code
    const created = await call(t, "POST", "/api/contacts", session, {
      name: "Pat Abroad",
      phone,
      timeZone: "Europe/Berlin",
    });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json()).toMatchObject({ timeZone: "Europe/Berlin" });
    const id = created.json<{ id: string }>().id;
    const [row] = await t.db.db.select().from(schema.contacts).where(eq(schema.contacts.id, id));
    expect(row?.timeZone).toBe("Europe/Berlin");

    const listed = await call(
      t,
      "GET",
      `/api/scheduled-texts?from=${encodeURIComponent(OUR_NUMBER)}&to=${encodeURIComponent(phone)}`,
      session,
    );
    expect(listed.json()).toMatchObject({ timeZone: "Europe/Berlin" });
    const scheduled = await call(t, "POST", "/api/scheduled-texts", session, {
      from: OUR_NUMBER,
      to: phone,
      body: "Guten Morgen",
      sendAt: "2099-01-15T09:30",
    });
    expect(scheduled.json()).toMatchObject({ timeZone: "Europe/Berlin", sendAt: "2099-01-15T08:30:00.000Z" });

    const cleared = await t.app.inject({
      method: "PATCH",
      url: `/api/contacts/${id}`,
      headers: session.headers,
      payload: { timeZone: "" },
    });
    expect(cleared.statusCode, cleared.body).toBe(200);
    expect(cleared.json()).toMatchObject({ timeZone: null });
    const again = await call(
      t,
      "GET",
      `/api/scheduled-texts?from=${encodeURIComponent(OUR_NUMBER)}&to=${encodeURIComponent(phone)}`,
      session,
    );
    expect(again.json()).toMatchObject({ timeZone: "America/Chicago" });
  });
});
