import { schema } from "@poundline/db";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../src/testing";
import { createMember, type TestUser } from "../fixtures";
import { carrierPost } from "../twilio/carrier";
import { bellOf, createTeam, type Team } from "./inbox-fixtures";

/** Round robin on arrival: new texts and voicemails on a number that says so go to each member in turn. */

const OUR_NUMBER = "+15550006500";

let t: TestApp;
let team: Team;
let viewer: TestUser;
let sids = 0;
const sid = (prefix: string) => `${prefix}${String(++sids).padStart(32, "0")}`;

beforeAll(async () => {
  t = await createTestApp();
  team = await createTeam(t, OUR_NUMBER);
  // Joined last: a bookkeeper, whom round robin must pass by.
  viewer = await createMember(t, team.owner.accountId, "viewer", { firstName: "Vic", lastName: "Books" });
  await t.app.deps.routing.reload();
  const res = await t.app.inject({
    method: "PUT",
    url: `/api/inbox/round-robin/${team.numberId}`,
    headers: team.sessions.owner.headers,
    payload: { enabled: true },
  });
  expect(res.statusCode, res.body).toBe(200);
});
afterAll(() => t.close());

async function textFrom(peer: string) {
  const res = await carrierPost(t, "/twilio/sms", {
    MessageSid: sid("SM"),
    AccountSid: t.app.deps.carrier.accountSid,
    From: peer,
    To: OUR_NUMBER,
    Body: "Hello, are you open?",
    NumMedia: "0",
    NumSegments: "1",
  });
  expect(res.statusCode, res.body).toBe(200);
}

async function voicemailFrom(peer: string) {
  const query = new URLSearchParams({ a: team.owner.accountId, fr: peer, to: OUR_NUMBER });
  const res = await carrierPost(t, `/twilio/recording?${query}`, {
    CallSid: sid("CA"),
    RecordingSid: sid("RE"),
    RecordingUrl: "https://api.twilio.com/2010-04-01/Accounts/AC0/Recordings/RE1",
    RecordingStatus: "completed",
    RecordingDuration: "9",
  });
  expect(res.statusCode, res.body).toBe(200);
}

async function assigneeOfConversation(peer: string) {
  const [row] = await t.db.db
    .select({ assigneeId: schema.inboxConversations.assigneeId })
    .from(schema.inboxConversations)
    .where(eq(schema.inboxConversations.peerNumber, peer));
  return row?.assigneeId ?? null;
}

describe("round robin on arrival", () => {
  it("new texts and voicemails go to the next member in turn, skipping the bookkeeper", async () => {
    await textFrom("+13055550001");
    await textFrom("+13055550002");
    await voicemailFrom("+13055550003");
    await textFrom("+13055550004");
    expect(await assigneeOfConversation("+13055550001")).toBe(team.owner.id);
    expect(await assigneeOfConversation("+13055550002")).toBe(team.mia.id);
    const [voicemail] = await t.db.db
      .select({ assigneeId: schema.voicemails.assigneeId })
      .from(schema.voicemails)
      .where(eq(schema.voicemails.fromNumber, "+13055550003"));
    expect(voicemail?.assigneeId).toBe(team.max.id);
    // Wrapped round past Vic, who may not answer texts.
    expect(await assigneeOfConversation("+13055550004")).toBe(team.owner.id);
    expect(await bellOf(t, viewer.id)).toEqual([]);
    const maxs = await bellOf(t, team.max.id);
    expect(maxs.map((entry) => entry.title)).toEqual(["Voicemail from +13055550003 assigned to you"]);
  });

  it("a second text in a conversation takes no turn", async () => {
    const [before] = await t.db.db.select().from(schema.inboxRoundRobin);
    await textFrom("+13055550002");
    const [after] = await t.db.db.select().from(schema.inboxRoundRobin);
    expect(after?.lastAssigneeId).toBe(before?.lastAssigneeId);
    expect(await assigneeOfConversation("+13055550002")).toBe(team.mia.id);
  });

  it("turned off, new arrivals stay unassigned", async () => {
    const res = await t.app.inject({
      method: "PUT",
      url: `/api/inbox/round-robin/${team.numberId}`,
      headers: team.sessions.owner.headers,
      payload: { enabled: false },
    });
    expect(res.json().numbers).toEqual([
      { phoneNumberId: team.numberId, e164: OUR_NUMBER, friendlyName: expect.any(String), enabled: false },
    ]);
    await textFrom("+13055550005");
    await voicemailFrom("+13055550006");
    expect(await assigneeOfConversation("+13055550005")).toBeNull();
    const [voicemail] = await t.db.db
      .select({ assigneeId: schema.voicemails.assigneeId })
      .from(schema.voicemails)
      .where(eq(schema.voicemails.fromNumber, "+13055550006"));
    expect(voicemail?.assigneeId).toBeNull();
  });
});
