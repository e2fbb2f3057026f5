import { schema } from "@poundline/db";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../src/testing";
import { createMember, createUser, type SignedIn, signIn, type TestUser } from "../fixtures";
import { addExtension, addNumber, mondayHours } from "./helpers";

let t: TestApp;
let owner: TestUser;
let ownerIn: SignedIn;
let ana: TestUser;
let ben: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  owner = await createUser(t);
  ownerIn = await signIn(t, owner);
  ana = await createMember(t, owner.accountId, "member");
  ben = await createMember(t, owner.accountId, "member");
});
afterAll(() => t.close());

describe("people: bad input is a 400 with field messages, and nothing is saved", () => {
  it.each([
    [
      "/api/people/me/availability",
      { availability: "busy" },
      "availability",
      "Choose Available, Do not disturb or Away.",
    ],
    ["/api/people/me/availability", {}, "availability", "Choose Available, Do not disturb or Away."],
    [
      "/api/people/me/working-hours",
      { timeZone: "Mars/Olympus", workingHours: null },
      "timeZone",
      "Choose a time zone.",
    ],
    [
      "/api/people/me/working-hours",
      {
        timeZone: "UTC",
        workingHours: { ...mondayHours, monday: { active: true, start: "09:00", end: "09:00" } },
      },
      "workingHours.monday.end",
      "Opening and closing times must differ.",
    ],
    [
      "/api/people/me/working-hours",
      {
        timeZone: "UTC",
        workingHours: { ...mondayHours, friday: { active: true, start: "25:00", end: "17:00" } },
      },
      "workingHours.friday.start",
      "Enter a time (HH:MM).",
    ],
    [
      "/api/people/me/forwarding",
      { forwardingPhone: "call me" },
      "forwardingPhone",
      "Enter a phone number in E.164 form, e.g. +14075550123.",
    ],
  ])("PUT %s %j", async (url, payload, field, message) => {
    const res = await t.app.inject({ method: "PUT", url, headers: ownerIn.headers, payload });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields[`body.${field}`]).toContain(message);
    const rows = await t.db.db
      .select()
      .from(schema.memberSettings)
      .where(eq(schema.memberSettings.userId, owner.id));
    expect(rows).toEqual([]);
  });
});

describe("people: direct lines", () => {
  it("a number already another member's direct number is a 409; the first keeps it", async () => {
    const numberId = await addNumber(t, owner.accountId, "+13055550160");
    const give = (userId: string) =>
      t.app.inject({
        method: "PUT",
        url: `/api/people/${userId}/direct-line`,
        headers: ownerIn.headers,
        payload: { directNumberId: numberId, extensionId: null },
      });
    expect((await give(ana.id)).statusCode).toBe(200);
    const taken = await give(ben.id);
    expect(taken.statusCode).toBe(409);
    expect(taken.json().error.message).toBe("This number is already another member's direct number.");
    const holders = await t.db.db
      .select({ userId: schema.memberSettings.userId })
      .from(schema.memberSettings)
      .where(eq(schema.memberSettings.directNumberId, numberId));
    expect(holders).toEqual([{ userId: ana.id }]);
  });

  it("an extension already another member's is a 409", async () => {
    const extensionId = await addExtension(t, owner.accountId, 161);
    const give = (userId: string) =>
      t.app.inject({
        method: "PUT",
        url: `/api/people/${userId}/direct-line`,
        headers: ownerIn.headers,
        payload: { directNumberId: null, extensionId },
      });
    expect((await give(ana.id)).statusCode).toBe(200);
    expect((await give(ben.id)).statusCode).toBe(409);
  });

  it("a malformed id is a 400, an unknown member a 404", async () => {
    const bad = await t.app.inject({
      method: "PUT",
      url: `/api/people/${ana.id}/direct-line`,
      headers: ownerIn.headers,
      payload: { directNumberId: "nope", extensionId: null },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.fields["body.directNumberId"]).toEqual(["Phone number not found"]);
    const unknown = await t.app.inject({
      method: "PUT",
      url: "/api/people/usr_nobody/direct-line",
      headers: ownerIn.headers,
      payload: { directNumberId: null, extensionId: null },
    });
    expect(unknown.statusCode).toBe(404);
  });
});
