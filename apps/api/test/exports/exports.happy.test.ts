import { newId, schema } from "@poundline/db";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../src/testing";
import { insertCall } from "../calls/call-rows";
import { createUser, type SignedIn, signIn, type TestUser } from "../fixtures";
import { addText } from "../messages/conversation-fixtures";

let t: TestApp;
let owner: TestUser;
let session: SignedIn;

const OURS = "+18005550199";
const PEER = "+14155550100";

beforeAll(async () => {
  t = await createTestApp();
  owner = await createUser(t);
  session = await signIn(t, owner);
  const accountId = owner.accountId;
  // New York (the default zone, EDT since 8 March): 2026-03-10 03:30 UTC is still 9 March there.
  await addText(t, {
    accountId,
    ourNumber: OURS,
    peerNumber: PEER,
    direction: "inbound",
    body: "late",
    at: new Date("2026-03-10T03:30:00Z"),
  });
  const reply = await addText(t, {
    accountId,
    ourNumber: OURS,
    peerNumber: PEER,
    direction: "outbound",
    body: '=HYPERLINK("http://evil")',
    at: new Date("2026-03-10T15:00:00Z"),
  });
  await t.db.db
    .update(schema.messages)
    .set({ automation: "missed_call", priceCents: 79, numSegments: 2 })
    .where(eq(schema.messages.id, reply));
  await insertCall(t, accountId, { callStartTime: new Date("2026-03-10T03:30:00Z"), durationSeconds: 120 });
  await insertCall(t, accountId, {
    callStartTime: new Date("2026-03-10T15:00:00Z"),
    durationSeconds: 180,
    priceCents: 15,
  });
  await t.db.db.insert(schema.voicemails).values({
    id: newId("voicemail"),
    accountId,
    callSid: `CA${"e".repeat(32)}`,
    recordingSid: `RE${"e".repeat(32)}`,
    recordingUrl: "https://carrier.test/RE",
    fromNumber: PEER,
    toNumber: OURS,
    createdAt: new Date("2026-03-10T15:01:00Z"),
  });
  await filteredRows(accountId);
  await insertCall(t, accountId, {
    callStartTime: new Date("2026-03-10T16:00:00Z"),
    direction: "outbound",
    callStatus: "no-answer",
    durationSeconds: 0,
  });
});
afterAll(() => t.close());

const csvLines = async (url: string) => {
  const res = await t.app.inject({ method: "GET", url, headers: session.headers });
  expect(res.statusCode, res.body).toBe(200);
  expect(res.headers["content-type"]).toContain("text/csv");
  return {
    disposition: res.headers["content-disposition"],
    lines: res.body
      .replace(/^\uFEFF/, "")
      .trim()
      .split(/\r?\n/),
  };
};

describe("the messages CSV export", () => {
  it("answers the range's texts in the account's zone, automated and cost shown, formulas neutralised", async () => {
    const { disposition, lines } = await csvLines("/api/messages/export.csv?from=2026-03-10&to=2026-03-10");
    expect(disposition).toBe('attachment; filename="messages-2026-03-10-to-2026-03-10.csv"');
    expect(lines[0]).toBe(
      '"Date","Time","Direction","From","To","Contact","Status","Body","Automated","Segments","Cost (USD)"',
    );
    // Only the reply: the first text came on 9 March in New York.
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain(`"2026-03-10","11:00:00","outbound","${OURS}","${PEER}"`);
    expect(lines[1]).toContain(`"'=HYPERLINK`);
    expect(lines[1]).toContain('"missed_call","2","0.79"');
  });

  it("includes the day before when the range does, oldest first", async () => {
    const { lines } = await csvLines("/api/messages/export.csv?from=2026-03-09&to=2026-03-10");
    expect(lines).toHaveLength(3);
    expect(lines[1]).toContain('"2026-03-09","23:30:00","inbound"');
  });
});

describe("the analytics CSV export", () => {
  it("answers one line per day of the range, calls and texts counted in the account's zone", async () => {
    const { disposition, lines } = await csvLines("/api/analytics/export.csv?from=2026-03-09&to=2026-03-11");
    expect(disposition).toBe('attachment; filename="analytics-2026-03-09-to-2026-03-11.csv"');
    expect(lines).toEqual([
      '"Date","Calls in","Calls out","Answered","Missed","Talk minutes","Voicemails","Call cost (USD)","Texts in","Texts out","Text cost (USD)"',
      '"2026-03-09","1","0","1","0","2","0","0.00","1","0","0.00"',
      '"2026-03-10","1","1","1","1","3","1","0.15","0","1","0.79"',
      '"2026-03-11","0","0","0","0","0","0","0.00","0","0","0.00"',
    ]);
  });
});

const OTHER_PEER = "+14155550177";

/** On 12 March (apart from the days above): calls and texts that the screens' filters tell apart. */
async function filteredRows(accountId: string) {
  const at = (hour: number) => new Date(`2026-03-12T${hour}:00:00Z`);
  await insertCall(t, accountId, { callStartTime: at(14), fromNumber: PEER, notes: "pricing question" });
  await insertCall(t, accountId, { callStartTime: at(15), fromNumber: OTHER_PEER, tags: ["vip"] });
  await insertCall(t, accountId, {
    callStartTime: at(16),
    direction: "outbound",
    fromNumber: OURS,
    toNumber: OTHER_PEER,
    disposition: "Sale",
  });
  await addText(t, {
    accountId,
    ourNumber: OURS,
    peerNumber: PEER,
    direction: "inbound",
    body: "hi",
    at: at(14),
  });
  await addText(t, {
    accountId,
    ourNumber: OURS,
    peerNumber: OTHER_PEER,
    direction: "inbound",
    body: "about the invoice",
    at: at(15),
  });
  await t.db.db
    .insert(schema.inboxConversations)
    .values({ accountId, ourNumber: OURS, peerNumber: OTHER_PEER, assigneeId: owner.id });
}

describe("the exports take the lists' filters", () => {
  const day = "from=2026-03-12&to=2026-03-12";
  it.each([
    ["search", "q=pricing", [PEER]],
    ["search by digits", "q=555-0177", [OTHER_PEER, OURS]],
    ["direction", "direction=outbound", [OURS]],
    ["tag", "tag=vip", [OTHER_PEER]],
    ["disposition", "disposition=Sale", [OURS]],
    ["none", "", [PEER, OTHER_PEER, OURS]],
  ])("calls: %s", async (_, filter, froms) => {
    const { lines } = await csvLines(`/api/calls/export.csv?${day}&${filter}`);
    expect(lines.slice(1).map((line) => line.split(",")[3])).toEqual(froms.map((from) => `"${from}"`));
  });

  it.each([
    ["search by number", "q=0177", [OTHER_PEER]],
    ["search by words", "q=invoice", [OTHER_PEER]],
    ["unassigned", "assignee=unassigned", [PEER]],
    ["none", "", [PEER, OTHER_PEER]],
  ])("messages: %s", async (_, filter, froms) => {
    const { lines } = await csvLines(`/api/messages/export.csv?${day}&${filter}`);
    expect(lines.slice(1).map((line) => line.split(",")[3])).toEqual(froms.map((from) => `"${from}"`));
  });

  it("messages: assigned to a member", async () => {
    const { lines } = await csvLines(`/api/messages/export.csv?${day}&assignee=${owner.id}`);
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain("about the invoice");
  });
});
