import { schema } from "@poundline/db";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../src/testing";
import { createMember, createUser, type SignedIn, signIn, type TestUser } from "../fixtures";
import { addExtension, addNumber, mondayHours } from "./helpers";

let t: TestApp;
let owner: TestUser;
let ownerIn: SignedIn;
let member: TestUser;
let memberIn: SignedIn;
// Monday 23 November 2026, 15:00 UTC: 10:00 in New York, 07:00 in Los Angeles.
const now = new Date("2026-11-23T15:00:00Z");

beforeAll(async () => {
  t = await createTestApp({ clock: () => now });
  owner = await createUser(t, { firstName: "Olive", lastName: "Owner" });
  ownerIn = await signIn(t, owner);
  member = await createMember(t, owner.accountId, "member", { firstName: "Ana", lastName: "Diaz" });
  memberIn = await signIn(t, member);
});
afterAll(() => t.close());

const settingsRow = async (userId: string) => {
  const [row] = await t.db.db
    .select()
    .from(schema.memberSettings)
    .where(
      and(eq(schema.memberSettings.accountId, owner.accountId), eq(schema.memberSettings.userId, userId)),
    );
  return row;
};
const compiled = (userId: string) =>
  t.app.deps.routing.current().accounts.get(owner.accountId)?.members.get(userId);

describe("people: a member's own settings", () => {
  it("reads the defaults before anything is saved: available, New York, any time, no phone", async () => {
    const get = (url: string) => t.app.inject({ method: "GET", url, headers: memberIn.headers });
    expect((await get("/api/people/me/availability")).json()).toEqual({ availability: "available" });
    expect((await get("/api/people/me/working-hours")).json()).toEqual({
      timeZone: "America/New_York",
      workingHours: null,
    });
    expect((await get("/api/people/me/forwarding")).json()).toEqual({ forwardingPhone: null });
  });

  it("sets availability: stored, and the routing tables hold it before the answer", async () => {
    const res = await t.app.inject({
      method: "PUT",
      url: "/api/people/me/availability",
      headers: memberIn.headers,
      payload: { availability: "do_not_disturb" },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ availability: "do_not_disturb" });
    expect((await settingsRow(member.id))?.availability).toBe("do_not_disturb");
    expect(compiled(member.id)?.availability).toBe("do_not_disturb");
    const back = await t.app.inject({
      method: "GET",
      url: "/api/people/me/availability",
      headers: memberIn.headers,
    });
    expect(back.json()).toEqual({ availability: "do_not_disturb" });
  });

  it("sets working hours and time zone, then clears the hours", async () => {
    const payload = { timeZone: "America/Los_Angeles", workingHours: mondayHours };
    const res = await t.app.inject({
      method: "PUT",
      url: "/api/people/me/working-hours",
      headers: memberIn.headers,
      payload,
    });
    expect(res.statusCode).toBe(200);
    expect(await settingsRow(member.id)).toMatchObject(payload);
    expect(compiled(member.id)).toMatchObject(payload);
    const cleared = await t.app.inject({
      method: "PUT",
      url: "/api/people/me/working-hours",
      headers: memberIn.headers,
      payload: { timeZone: "America/Los_Angeles", workingHours: null },
    });
    expect(cleared.statusCode).toBe(200);
    expect((await settingsRow(member.id))?.workingHours).toBeNull();
    // The other settings saved before are kept.
    expect((await settingsRow(member.id))?.availability).toBe("do_not_disturb");
  });

  it("sets the forwarding phone as typed, stored in E.164, and rung from the tables", async () => {
    const res = await t.app.inject({
      method: "PUT",
      url: "/api/people/me/forwarding",
      headers: memberIn.headers,
      payload: { forwardingPhone: "(305) 555-0201" },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ forwardingPhone: "+13055550201" });
    expect((await settingsRow(member.id))?.forwardingPhone).toBe("+13055550201");
    expect(compiled(member.id)?.forwardingNumbers).toEqual(["+13055550201"]);
  });
});

describe("people: the team", () => {
  it("lists the account's members by name with availability and whether they are at work", async () => {
    await t.app.inject({
      method: "PUT",
      url: "/api/people/me/working-hours",
      headers: memberIn.headers,
      payload: { timeZone: "America/Los_Angeles", workingHours: mondayHours },
    });
    const res = await t.app.inject({ method: "GET", url: "/api/people", headers: memberIn.headers });
    expect(res.statusCode).toBe(200);
    const { members } = res.json();
    expect(members.map((m: { name: string }) => m.name)).toEqual(["Ana Diaz", "Olive Owner"]);
    expect(members[0]).toMatchObject({
      userId: member.id,
      role: "member",
      availability: "do_not_disturb",
      timeZone: "America/Los_Angeles",
      working: false,
      forwardingPhone: "+13055550201",
    });
    expect(members[1]).toMatchObject({
      userId: owner.id,
      role: "owner",
      availability: "available",
      working: true,
    });
  });

  it("the owner gives a member a direct number and an extension, then takes them back", async () => {
    const numberId = await addNumber(t, owner.accountId, "+13055550150");
    const extensionId = await addExtension(t, owner.accountId, 150);
    const res = await t.app.inject({
      method: "PUT",
      url: `/api/people/${member.id}/direct-line`,
      headers: ownerIn.headers,
      payload: { directNumberId: numberId, extensionId },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      directNumber: { id: numberId, e164: "+13055550150" },
      extension: { id: extensionId, extensionNumber: 150 },
    });
    expect(await settingsRow(member.id)).toMatchObject({ directNumberId: numberId, extensionId });
    const cleared = await t.app.inject({
      method: "PUT",
      url: `/api/people/${member.id}/direct-line`,
      headers: ownerIn.headers,
      payload: { directNumberId: null, extensionId: null },
    });
    expect(cleared.json()).toMatchObject({ directNumber: null, extension: null });
    expect(await settingsRow(member.id)).toMatchObject({ directNumberId: null, extensionId: null });
  });
});
