import type { CallListJson } from "@poundline/contracts/calls/schemas";
import { schema } from "@poundline/db";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../src/testing";
import { createUser, type SignedIn, signIn, type TestUser } from "../fixtures";
import { insertCall } from "./call-rows";

let t: TestApp;
let owner: TestUser;
let session: SignedIn;
let first: string;
let second: string;

beforeAll(async () => {
  t = await createTestApp();
  owner = await createUser(t);
  session = await signIn(t, owner);
  // New York (the default zone, EDT since 8 March): 2026-03-10 03:30 UTC is still 9 March there.
  first = await insertCall(t, owner.accountId, { callStartTime: new Date("2026-03-10T03:30:00Z") });
  second = await insertCall(t, owner.accountId, {
    callStartTime: new Date("2026-03-10T15:00:00Z"),
    notes: '=HYPERLINK("http://evil")',
  });
});
afterAll(() => t.close());

const inject = (method: "GET" | "PUT", url: string, payload?: object) =>
  t.app.inject({ method, url, headers: session.headers, ...(payload ? { payload } : {}) });

describe("call tags and dispositions", () => {
  it("lists the default dispositions until the account edits them", async () => {
    const res = await inject("GET", "/api/call-dispositions");
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().dispositions).toEqual([
      "Resolved",
      "Follow-up needed",
      "Voicemail left",
      "No answer",
      "Wrong number",
      "Sale",
    ]);
  });

  it("tags a call and sets its disposition, kept in the database", async () => {
    const res = await inject("PUT", `/api/calls/${first}/tags`, {
      tags: ["vip", " renewal ", "VIP"],
      disposition: "sale",
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ id: first, tags: ["vip", "renewal"], disposition: "Sale" });
    const [row] = await t.db.db.select().from(schema.callLogs).where(eq(schema.callLogs.id, first));
    expect(row).toMatchObject({ tags: ["vip", "renewal"], disposition: "Sale" });
  });

  it("tags a call by its CallSid, as the softphone knows it", async () => {
    const [call] = await t.db.db.select().from(schema.callLogs).where(eq(schema.callLogs.id, second));
    const res = await inject("PUT", `/api/calls/${call?.callSid}/tags`, {
      tags: ["softphone"],
      disposition: "Resolved",
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ id: second, tags: ["softphone"], disposition: "Resolved" });
    const [row] = await t.db.db.select().from(schema.callLogs).where(eq(schema.callLogs.id, second));
    expect(row).toMatchObject({ tags: ["softphone"], disposition: "Resolved" });
  });

  it("suggests the tags used, and filters the history by tag and disposition", async () => {
    await inject("PUT", `/api/calls/${second}/tags`, { tags: ["vip"], disposition: null });
    expect((await inject("GET", "/api/calls/tags")).json().tags).toEqual(["renewal", "vip"]);
    const ids = async (query: string) =>
      (await inject("GET", `/api/calls?${query}`)).json<CallListJson>().calls.map((c) => c.id);
    expect(await ids("tag=vip")).toEqual([second, first]);
    expect(await ids("tag=vip,renewal")).toEqual([first]);
    expect(await ids("tag=vip&tag=renewal")).toEqual([first]);
    expect(await ids("disposition=Sale")).toEqual([first]);
    expect(await ids("tag=nothing")).toEqual([]);
  });

  it("replaces the list of dispositions; a call keeps the one it was given", async () => {
    const res = await inject("PUT", "/api/call-dispositions", { dispositions: ["Booked", "Lost"] });
    expect(res.statusCode, res.body).toBe(200);
    expect((await inject("GET", "/api/call-dispositions")).json().dispositions).toEqual(["Booked", "Lost"]);
    const [row] = await t.db.db.select().from(schema.callLogs).where(eq(schema.callLogs.id, first));
    expect(row?.disposition).toBe("Sale");
  });
});

describe("the calls CSV export", () => {
  it("answers the range's calls in the account's zone with tags and disposition, formulas neutralised", async () => {
    const res = await inject("GET", "/api/calls/export.csv?from=2026-03-10&to=2026-03-10");
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers["content-type"]).toContain("text/csv");
    expect(res.headers["content-disposition"]).toBe(
      'attachment; filename="calls-2026-03-10-to-2026-03-10.csv"',
    );
    const lines = res.body
      .replace(/^\uFEFF/, "")
      .trim()
      .split(/\r?\n/);
    expect(lines[0]).toBe(
      '"Date","Time","Direction","From","To","Contact","Status","Duration (seconds)","Tags","Disposition","Blocked by","Notes"',
    );
    // Only the second call: the first was on 9 March in New York.
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain('"2026-03-10","11:00:00","inbound","+14155550100"');
    expect(lines[1]).toContain(',"vip",');
    expect(lines[1]).toContain(`"'=HYPERLINK`);
  });

  it("includes the day before when the range does, oldest first", async () => {
    const res = await inject("GET", "/api/calls/export.csv?from=2026-03-09&to=2026-03-10");
    const lines = res.body.trim().split(/\r?\n/);
    expect(lines).toHaveLength(3);
    expect(lines[1]).toContain('"2026-03-09","23:30:00"');
    expect(lines[1]).toContain('"vip, renewal","Sale"');
  });
});
