import type { CallListJson } from "@poundline/contracts/calls/schemas";
import { newId, schema } from "@poundline/db";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../src/testing";
import { createUser, type SignedIn, signIn, type TestUser } from "../fixtures";
import { insertCall } from "./call-rows";

let t: TestApp;
let user: TestUser;
let session: SignedIn;
const ids: Record<string, string> = {};

/** 2026-03-10 in New York is 04:00Z..04:00Z next day (EDT from 2026-03-08). */
beforeAll(async () => {
  t = await createTestApp();
  user = await createUser(t);
  session = await signIn(t, user);
  const a = user.accountId;
  ids.late = await insertCall(t, a, {
    callStartTime: new Date("2026-03-11T03:30:00Z"), // 23:30 on the 10th in New York
    fromNumber: "+12125550123",
    notes: "Asked about the INVOICE",
    durationSeconds: 3725,
  });
  ids.missed = await insertCall(t, a, {
    callStartTime: new Date("2026-03-10T15:00:00Z"),
    callStatus: "voicemail_missed",
    durationSeconds: 0,
  });
  ids.outbound = await insertCall(t, a, {
    callStartTime: new Date("2026-03-10T04:10:00Z"), // 00:10 on the 10th in New York
    direction: "outbound",
    fromNumber: "+18005550199",
    toNumber: "+13125550777",
  });
  ids.dayBefore = await insertCall(t, a, { callStartTime: new Date("2026-03-10T03:59:00Z") });
  ids.anonymous = await insertCall(t, a, {
    callStartTime: new Date("2026-03-09T15:00:00Z"),
    fromNumber: "Anonymous",
  });
  // 24 more older calls for paging.
  for (let i = 0; i < 24; i++)
    await insertCall(t, a, {
      callStartTime: new Date(Date.UTC(2026, 1, 1, 12, i)),
      toNumber: "+18005550100",
    });
  // A voicemail on the missed call: its recording is the call's.
  await t.db.db.insert(schema.voicemails).values({
    id: newId("voicemail"),
    accountId: a,
    callLogId: ids.missed,
    callSid: "CAvm",
    recordingSid: "REvm1",
    recordingUrl: "http://carrier.invalid/REvm1",
    fromNumber: "+14155550100",
    toNumber: "+18005550199",
  });
});
afterAll(() => t.close());

async function list(query: string) {
  const res = await t.app.inject({ method: "GET", url: `/api/calls${query}`, headers: session.headers });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<CallListJson>();
}

describe("GET /api/calls", () => {
  it("pages 10 at a time, newest first, with the exact count", async () => {
    const first = await list("");
    expect(first.total).toBe(29);
    expect(first.pageSize).toBe(10);
    expect(first.calls.map((c) => c.id).slice(0, 4)).toEqual([
      ids.late,
      ids.missed,
      ids.outbound,
      ids.dayBefore,
    ]);
    const third = await list("?page=3");
    expect(third.calls).toHaveLength(9);
    expect(third.page).toBe(3);
    const beyond = await list("?page=9");
    expect(beyond.calls).toEqual([]);
    expect(beyond.total).toBe(29);
  });

  it.each([
    { label: "notes, any case", q: "invoice", expected: ["late"] },
    { label: "a number as stored", q: "+1212555", expected: ["late"] },
    { label: "a number as typed", q: "(312) 555-0777", expected: ["outbound"] },
    { label: "a withheld caller, any case", q: "anonym", expected: ["anonymous"] },
    { label: "pattern characters taken literally", q: "in_oice%", expected: [] },
  ])("searches from, to and notes: $label", async ({ q, expected }) => {
    const page = await list(`?q=${encodeURIComponent(q)}`);
    expect(page.calls.map((c) => c.id)).toEqual(expected.map((k) => ids[k]));
    expect(page.total).toBe(expected.length);
  });

  it.each([
    { direction: "outbound", expected: ["outbound"] },
    { direction: "missed", expected: ["missed"] },
  ])("filters by direction $direction", async ({ direction, expected }) => {
    const page = await list(`?direction=${direction}`);
    expect(page.calls.map((c) => c.id)).toEqual(expected.map((k) => ids[k]));
  });

  it("filters one day in the account's time zone (New York unless a number says otherwise)", async () => {
    const page = await list("?date=2026-03-10");
    expect(page.timeZone).toBe("America/New_York");
    expect(page.calls.map((c) => c.id)).toEqual([ids.late, ids.missed, ids.outbound]);

    // A number routed in Los Angeles moves the day three hours later.
    await t.db.db
      .insert(schema.phoneNumbers)
      .values({ id: "num_la", accountId: user.accountId, e164: "+13105550100" });
    await t.db.db
      .insert(schema.numberRouting)
      .values({ phoneNumberId: "num_la", accountId: user.accountId, timeZone: "America/Los_Angeles" });
    const la = await list("?date=2026-03-10");
    expect(la.timeZone).toBe("America/Los_Angeles");
    expect(la.calls.map((c) => c.id)).toEqual([ids.late, ids.missed]);
    await t.db.db.delete(schema.numberRouting).where(eq(schema.numberRouting.phoneNumberId, "num_la"));
    await t.db.db.delete(schema.phoneNumbers).where(eq(schema.phoneNumbers.id, "num_la"));
  });

  it("combines search, direction and day, and gives the call's recording and contact", async () => {
    const page = await list("?direction=missed&date=2026-03-10&q=4155550100");
    expect(page.calls).toHaveLength(1);
    const [call] = page.calls;
    expect(call?.recordingUrl).toMatch(/^\/api\/voicemails\/vm_[a-z0-9]+\/audio$/);
    expect(call?.callStatus).toBe("voicemail_missed");
    const late = (await list("?q=invoice")).calls[0];
    expect(late?.recordingUrl).toBeNull();
    expect(late?.durationSeconds).toBe(3725);
  });
});

describe("PATCH /api/calls/:id", () => {
  it("sets and clears a call's notes", async () => {
    const res = await t.app.inject({
      method: "PATCH",
      url: `/api/calls/${ids.outbound}`,
      headers: session.headers,
      payload: { notes: "  Left a message\nwill call back  " },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ id: ids.outbound, notes: "Left a message\nwill call back" });
    const [row] = await t.db.db
      .select()
      .from(schema.callLogs)
      .where(eq(schema.callLogs.id, ids.outbound ?? ""));
    expect(row?.notes).toBe("Left a message\nwill call back");

    const cleared = await t.app.inject({
      method: "PATCH",
      url: `/api/calls/${ids.outbound}`,
      headers: session.headers,
      payload: { notes: "" },
    });
    expect(cleared.statusCode).toBe(200);
    const [after] = await t.db.db
      .select()
      .from(schema.callLogs)
      .where(eq(schema.callLogs.id, ids.outbound ?? ""));
    expect(after?.notes).toBeNull();
  });
});

describe("who of the team was on a call", () => {
  it("names who placed a call, who answered one (their phone's leg), and who returned a missed one", async () => {
    const a = user.accountId;
    const at = (minute: number) => new Date(Date.UTC(2026, 3, 1, 12, minute));
    const caller = "+14155550142";
    await t.db.db
      .insert(schema.memberSettings)
      .values({ accountId: a, userId: user.id, forwardingPhone: "+14155550999" })
      .onConflictDoUpdate({
        target: [schema.memberSettings.accountId, schema.memberSettings.userId],
        set: { forwardingPhone: "+14155550999" },
      });
    const answered = await insertCall(t, a, { callStartTime: at(0), fromNumber: caller });
    const [parent] = await t.db.db.select().from(schema.callLogs).where(eq(schema.callLogs.id, answered));
    const leg = await insertCall(t, a, {
      callStartTime: at(0),
      parentCallSid: parent?.callSid,
      direction: "outbound",
      toNumber: "+14155550999",
      answeredAt: at(1),
    });
    const missed = await insertCall(t, a, {
      callStartTime: at(5),
      fromNumber: caller,
      callStatus: "no-answer",
    });
    const returned = await insertCall(t, a, {
      callStartTime: at(9),
      direction: "outbound",
      toNumber: caller,
      userId: user.id,
    });
    const rows = (await list(`?q=${encodeURIComponent("4155550142")}`)).calls;
    const byId = new Map(rows.map((row) => [row.id, row]));
    expect(byId.get(answered)).toMatchObject({ answeredById: user.id, placedById: null, returnedById: null });
    // The leg is not a row of its own: it is listed with its call, as the member's phone.
    expect(byId.has(leg)).toBe(false);
    expect(byId.get(answered)?.parties).toEqual([
      { number: "+14155550999", status: "completed", durationSeconds: expect.any(Number), userId: user.id },
    ]);
    expect(byId.get(missed)).toMatchObject({ answeredById: null, returnedById: user.id });
    expect(byId.get(returned)).toMatchObject({ placedById: user.id, returnedById: null });
  });
});
