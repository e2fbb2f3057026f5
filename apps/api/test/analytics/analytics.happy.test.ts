import type { AnalyticsResponse } from "@poundline/contracts/analytics/schemas";
import { newId, schema } from "@poundline/db";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../src/testing";
import { createUser, type SignedIn, signIn, type TestUser } from "../fixtures";
import { insertCalls, insertExtension, insertNumberInTimeZone } from "./helpers";

// Tuesday 10 March 2026, 11:00 in New York: daylight saving time began on Sunday the 8th at 02:00.
const NOW = new Date("2026-03-10T15:00:00Z");

let t: TestApp;
let user: TestUser;
let session: SignedIn;
let frontDesk: string;
let sales: string;

async function analytics(query: string, as: SignedIn = session): Promise<AnalyticsResponse> {
  const res = await t.app.inject({ method: "GET", url: `/api/analytics?${query}`, headers: as.headers });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<AnalyticsResponse>();
}

beforeAll(async () => {
  t = await createTestApp({ clock: () => NOW });
  user = await createUser(t);
  session = await signIn(t, user);
  frontDesk = await insertExtension(t, user.accountId, 101, "Front Desk");
  sales = await insertExtension(t, user.accountId, 102, "Sales");
  await t.db.db.insert(schema.contacts).values({
    id: newId("contact"),
    accountId: user.accountId,
    name: "Nora Nassau",
    phone: "+12125550101",
  });
  // The account has no number yet: its days are New York's.
  await insertCalls(t, user.accountId, [
    // Tuesday 3 March, 23:59:59 EST: this month, not the last 7 days.
    { at: "2026-03-04T04:59:59Z", from: "+12125550101", seconds: 500 },
    // Wednesday 4 March, 00:00 EST: the first second of the last 7 days.
    {
      at: "2026-03-04T05:00:00Z",
      from: "+12125550101",
      seconds: 30,
      extensionId: frontDesk,
      extensionDialStatus: "completed",
    },
    // Saturday 7 March, 23:59:59 EST.
    { at: "2026-03-08T04:59:59Z", from: "+12125550101", seconds: 120 },
    // Sunday 8 March, 00:00 EST, and 23:59:59 EDT: the 23-hour day.
    {
      at: "2026-03-08T05:00:00Z",
      from: "+12125550101",
      status: "missed",
      extensionId: frontDesk,
      extensionDialStatus: "no-answer",
    },
    { at: "2026-03-09T03:59:59Z", from: "+13105550102", status: "voicemail_missed" },
    // Monday 9 March, 00:00 EDT.
    {
      at: "2026-03-09T04:00:00Z",
      direction: "outbound",
      from: "+15555550100",
      to: "+14155550103",
      seconds: 60,
    },
    // Wednesday 11 March, 00:00 EDT: tomorrow.
    { at: "2026-03-11T04:00:00Z", from: "+12125550101", seconds: 999 },
  ]);
  // Another account's calls in the same days never count.
  const other = await createUser(t);
  await insertCalls(t, other.accountId, [
    { at: "2026-03-08T12:00:00Z", from: "+12125550101", seconds: 77 },
    { at: "2026-03-10T12:00:00Z", from: "+13105550102", status: "missed" },
  ]);
});
afterAll(() => t.close());

describe("last 7 days in the account's time zone", () => {
  let result: AnalyticsResponse;
  beforeAll(async () => {
    result = await analytics("range=last7days");
  });

  it("covers Wednesday 4 to Tuesday 10 March, New York midnights across the change", () => {
    expect(result).toMatchObject({
      range: "last7days",
      from: "2026-03-04",
      to: "2026-03-10",
      timeZone: "America/New_York",
      start: "2026-03-04T05:00:00.000Z",
      end: "2026-03-11T04:00:00.000Z",
    });
  });

  it("counts the calls, answered and missed, and the average talk time", () => {
    expect(result.totals).toEqual({
      total: 5,
      inbound: 4,
      outbound: 1,
      answered: 3,
      missed: 2,
      answerRate: 3 / 5,
      missedRate: 2 / 5,
      averageDurationSeconds: 70,
      totalDurationSeconds: 210,
    });
  });

  it("gives every day, calls by direction and missed, on the local day", () => {
    expect(result.daily).toEqual([
      { day: "2026-03-04", inbound: 1, outbound: 0, missed: 0 },
      { day: "2026-03-05", inbound: 0, outbound: 0, missed: 0 },
      { day: "2026-03-06", inbound: 0, outbound: 0, missed: 0 },
      { day: "2026-03-07", inbound: 1, outbound: 0, missed: 0 },
      { day: "2026-03-08", inbound: 2, outbound: 0, missed: 2 },
      { day: "2026-03-09", inbound: 0, outbound: 1, missed: 0 },
      { day: "2026-03-10", inbound: 0, outbound: 0, missed: 0 },
    ]);
  });

  it("places calls on the local weekday and hour", () => {
    expect(result.busiestHours).toHaveLength(168);
    expect(result.busiestHours.filter((cell) => cell.calls > 0)).toEqual([
      { weekday: 0, hour: 0, calls: 1 },
      { weekday: 0, hour: 23, calls: 1 },
      { weekday: 1, hour: 0, calls: 1 },
      { weekday: 3, hour: 0, calls: 1 },
      { weekday: 6, hour: 23, calls: 1 },
    ]);
  });

  it("ranks the callers with their contact, their area codes and states", () => {
    expect(result.topCallers).toEqual([
      { number: "+12125550101", contactId: expect.stringMatching(/^ct_/), name: "Nora Nassau", calls: 3 },
      { number: "+13105550102", contactId: null, name: null, calls: 1 },
    ]);
    expect(result.topAreaCodes).toEqual([
      { areaCode: "212", region: "NY", calls: 3 },
      { areaCode: "310", region: "CA", calls: 1 },
    ]);
    expect(result.topStates).toEqual([
      { region: "NY", calls: 3 },
      { region: "CA", calls: 1 },
    ]);
  });

  it("lists every extension with the calls put through to it", () => {
    expect(result.extensions).toEqual([
      {
        extensionId: frontDesk,
        extensionNumber: 101,
        name: "Front Desk",
        calls: 2,
        answered: 1,
        missed: 1,
        averageDurationSeconds: 30,
      },
      {
        extensionId: sales,
        extensionNumber: 102,
        name: "Sales",
        calls: 0,
        answered: 0,
        missed: 0,
        averageDurationSeconds: null,
      },
    ]);
  });
});

describe.each([
  { range: "today", from: "2026-03-10", to: "2026-03-10", total: 0 },
  { range: "yesterday", from: "2026-03-09", to: "2026-03-09", total: 1 },
  { range: "last7days", from: "2026-03-04", to: "2026-03-10", total: 5 },
  { range: "last30days", from: "2026-02-09", to: "2026-03-10", total: 6 },
  { range: "thismonth", from: "2026-03-01", to: "2026-03-10", total: 6 },
])("range $range", ({ range, from, to, total }) => {
  it(`covers ${from} to ${to} with ${total} calls`, async () => {
    const result = await analytics(`range=${range}`);
    expect({ from: result.from, to: result.to, total: result.totals.total }).toEqual({ from, to, total });
    expect(result.daily.map((d) => d.day).at(0)).toBe(from);
    expect(result.daily.map((d) => d.day).at(-1)).toBe(to);
  });
});

it("opens on the last 30 days", async () => {
  const result = await analytics("");
  expect(result.range).toBe("last30days");
  expect(result.totals.total).toBe(6);
});

it("a custom range is the days given, the 23-hour day of spring forward included", async () => {
  const result = await analytics("range=custom&from=2026-03-08&to=2026-03-08");
  expect(result.start).toBe("2026-03-08T05:00:00.000Z");
  expect(result.end).toBe("2026-03-09T04:00:00.000Z");
  expect(result.totals).toMatchObject({ total: 2, missed: 2, answered: 0, averageDurationSeconds: null });
});

it("a custom day of fall back lasts 25 hours", async () => {
  const fall = await createUser(t);
  await insertCalls(t, fall.accountId, [
    { at: "2026-11-01T03:59:59Z" }, // Saturday 31 October, 23:59:59 EDT
    { at: "2026-11-01T04:00:00Z" }, // Sunday 1 November, 00:00 EDT
    { at: "2026-11-02T04:59:59Z" }, // Sunday 1 November, 23:59:59 EST
    { at: "2026-11-02T05:00:00Z" }, // Monday 2 November, 00:00 EST
  ]);
  const result = await analytics("range=custom&from=2026-11-01&to=2026-11-01", await signIn(t, fall));
  expect(result.start).toBe("2026-11-01T04:00:00.000Z");
  expect(result.end).toBe("2026-11-02T05:00:00.000Z");
  expect(result.totals.total).toBe(2);
  expect(result.daily).toEqual([{ day: "2026-11-01", inbound: 2, outbound: 0, missed: 0 }]);
});

it("reads days in the time zone of the account's numbers", async () => {
  const west = await createUser(t);
  await insertNumberInTimeZone(t, west.accountId, "America/Los_Angeles", "+14155550199");
  await insertCalls(t, west.accountId, [
    { at: "2026-03-10T06:59:59Z" }, // Monday 9 March, 23:59:59 PDT
    { at: "2026-03-10T07:00:00Z" }, // Tuesday 10 March, 00:00 PDT
    { at: "2026-03-10T14:00:00Z" }, // Tuesday 10 March, 07:00 PDT
  ]);
  const result = await analytics("range=today", await signIn(t, west));
  expect(result).toMatchObject({
    timeZone: "America/Los_Angeles",
    start: "2026-03-10T07:00:00.000Z",
    end: "2026-03-11T07:00:00.000Z",
  });
  expect(result.totals.total).toBe(2);
  expect(result.busiestHours.filter((cell) => cell.calls > 0)).toEqual([
    { weekday: 2, hour: 0, calls: 1 },
    { weekday: 2, hour: 7, calls: 1 },
  ]);
});

it("an account without calls gets zeros, never an error", async () => {
  const empty = await createUser(t);
  const result = await analytics("range=thismonth", await signIn(t, empty));
  expect(result.totals).toMatchObject({ total: 0, answerRate: null, averageDurationSeconds: null });
  expect(result.daily).toHaveLength(10);
  expect(result.topCallers).toEqual([]);
  expect(result.extensions).toEqual([]);
});

it("the top callers and area codes follow a new call, and a renamed contact its name,, though the last count is reused", async () => {
  const busy = await createUser(t);
  const as = await signIn(t, busy);
  await insertCalls(t, busy.accountId, [
    { at: "2026-03-10T13:00:00Z", from: "+12125550111" },
    { at: "2026-03-10T13:10:00Z", from: "+12125550111" },
    { at: "2026-03-10T13:20:00Z", from: "+12125550122" },
  ]);
  const first = await analytics("range=today", as);
  expect(first.topCallers.map((c) => [c.number, c.calls])).toEqual([
    ["+12125550111", 2],
    ["+12125550122", 1],
  ]);
  expect(first.topAreaCodes).toEqual([{ areaCode: "212", region: "NY", calls: 3 }]);
  // Two more calls from the second caller, in an hour the range already counted.
  await insertCalls(t, busy.accountId, [
    { at: "2026-03-10T13:30:00Z", from: "+12125550122" },
    { at: "2026-03-10T13:40:00Z", from: "+12125550122" },
  ]);
  await t.db.db.insert(schema.contacts).values({
    id: newId("contact"),
    accountId: busy.accountId,
    name: "Carla Caller",
    phone: "+12125550122",
  });
  const second = await analytics("range=today", as);
  expect(second.topCallers.map((c) => [c.number, c.calls, c.name])).toEqual([
    ["+12125550122", 3, "Carla Caller"],
    ["+12125550111", 2, null],
  ]);
  expect(second.topAreaCodes).toEqual([{ areaCode: "212", region: "NY", calls: 5 }]);
  // An outbound call changes no caller's count; a renamed contact shows its new name.
  await insertCalls(t, busy.accountId, [{ at: "2026-03-10T13:50:00Z", direction: "outbound" }]);
  await t.db.db
    .update(schema.contacts)
    .set({ name: "Carla C." })
    .where(eq(schema.contacts.phone, "+12125550122"));
  const third = await analytics("range=today", as);
  expect(third.topCallers.map((c) => [c.number, c.calls, c.name])).toEqual([
    ["+12125550122", 3, "Carla C."],
    ["+12125550111", 2, null],
  ]);
});
