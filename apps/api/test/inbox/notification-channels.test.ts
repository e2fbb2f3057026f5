import { newId, schema } from "@poundline/db";
import { notifyMember } from "@poundline/modules/inbox/notifications";
import { MISSED_CALL_TEMPLATE, notifyMissedCall } from "@poundline/modules/jobs";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../src/testing";
import { bellOf, createTeam, type Team } from "./inbox-fixtures";

/** Each kind of a member's notifications reaches the bell and the e-mail as their preferences say. */

let t: TestApp;
let team: Team;

beforeAll(async () => {
  t = await createTestApp();
  team = await createTeam(t, "+15550006300");
});
afterAll(() => t.close());

const key = () => ({ ourNumber: team.ourNumber, peerNumber: team.peerNumber });
const seedThree = { emailNewVoicemail: true, emailMissedCall: true, smsNewVoicemail: false };

async function inject(
  who: keyof Team["sessions"],
  method: "GET" | "PUT" | "POST",
  url: string,
  payload?: object,
) {
  return t.app.inject({ method, url, headers: team.sessions[who].headers, ...(payload ? { payload } : {}) });
}

async function emailJobsFor(notificationIds: string[]) {
  const rows = await t.db.db
    .select()
    .from(schema.jobOutbox)
    .where(eq(schema.jobOutbox.jobName, "member-notification"));
  return rows.filter((row) =>
    notificationIds.includes((row.payload as { notificationId: string }).notificationId),
  );
}

async function missedCallTo(toNumber: string) {
  const callSid = `CA${crypto.randomUUID().replaceAll("-", "")}`;
  await t.db.db.insert(schema.callLogs).values({
    id: newId("call"),
    accountId: team.owner.accountId,
    callSid,
    direction: "inbound",
    fromNumber: "+13125550199",
    toNumber,
    callStartTime: t.app.deps.clock(),
    callStatus: "no-answer",
  });
  const ports = {
    db: t.db.db,
    log: t.app.log,
    clock: t.app.deps.clock,
    mailer: t.app.deps.mailer,
    publicBaseUrl: t.config.PUBLIC_BASE_URL,
  };
  expect(await notifyMissedCall(ports, { callSid })).toBe("done");
  return callSid;
}

describe("notification preferences per channel", () => {
  it("saves the bell's switches and answers them, every one on by default", async () => {
    const before = await inject("mia", "GET", "/api/settings/notifications");
    expect(before.json()).toMatchObject({
      bellAssignment: true,
      bellMention: true,
      bellMissedCall: true,
      bellVoicemail: true,
    });
    const res = await inject("mia", "PUT", "/api/settings/notifications", {
      ...seedThree,
      emailAssignment: true,
      emailMention: false,
      bellAssignment: false,
      bellMention: false,
    });
    expect(res.statusCode, res.body).toBe(200);
    const [row] = await t.db.db
      .select()
      .from(schema.notificationPreferences)
      .where(eq(schema.notificationPreferences.userId, team.mia.id));
    expect(row).toMatchObject({
      emailAssignment: true,
      emailMention: false,
      bellAssignment: false,
      bellMention: false,
      bellMissedCall: true,
      bellVoicemail: true,
    });
  });

  it("refuses a switch that is not on or off (400), and saves nothing", async () => {
    const res = await inject("mia", "PUT", "/api/settings/notifications", {
      ...seedThree,
      bellVoicemail: "yes",
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields).toHaveProperty(["body.bellVoicemail"]);
    const [row] = await t.db.db
      .select()
      .from(schema.notificationPreferences)
      .where(eq(schema.notificationPreferences.userId, team.mia.id));
    expect(row?.bellVoicemail).toBe(true);
  });

  it("bell off, e-mail on: an assignment is e-mailed but stays out of the bell", async () => {
    const res = await inject("owner", "PUT", "/api/inbox/conversation/assignee", {
      ...key(),
      assigneeId: team.mia.id,
    });
    expect(res.statusCode, res.body).toBe(200);
    const rows = await bellOf(t, team.mia.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ kind: "assignment", inBell: false });
    expect(await emailJobsFor(rows.map((r) => r.id))).toHaveLength(1);
    const bell = await inject("mia", "GET", "/api/inbox/notifications");
    expect(bell.json()).toEqual({ notifications: [], unreadCount: 0 });
  });

  it("bell and e-mail off: a mention writes nothing for that member; the note is saved", async () => {
    const res = await inject("owner", "POST", "/api/inbox/conversation/notes", {
      ...key(),
      body: "@Mia please look, and @Max too",
    });
    expect(res.statusCode, res.body).toBe(201);
    expect((await bellOf(t, team.mia.id)).filter((r) => r.kind === "mention")).toEqual([]);
    const maxs = (await bellOf(t, team.max.id)).filter((r) => r.kind === "mention");
    expect(maxs).toHaveLength(1);
    expect(maxs[0]?.inBell).toBe(true);
    expect(await emailJobsFor(maxs.map((r) => r.id))).toHaveLength(1);
  });

  it("a voicemail's bell entry follows bellVoicemail; it is never an inbox e-mail job", async () => {
    await inject("max", "PUT", "/api/settings/notifications", { ...seedThree, bellVoicemail: false });
    const entry = {
      accountId: team.owner.accountId,
      kind: "voicemail" as const,
      title: "New voicemail",
      body: "",
      link: "/dashboard/voicemails",
    };
    expect(await notifyMember(t.db.db, { ...entry, userId: team.max.id })).toBeNull();
    const olive = await notifyMember(t.db.db, { ...entry, userId: team.owner.id });
    expect(olive).not.toBeNull();
    expect(await emailJobsFor([olive as string])).toEqual([]);
    expect((await bellOf(t, team.max.id)).filter((r) => r.kind === "voicemail")).toEqual([]);
  });

  it("a missed call on a member's direct number reaches that member only, each channel by its switch", async () => {
    const direct = "+15550006399";
    const directId = newId("number");
    await t.db.db
      .insert(schema.phoneNumbers)
      .values({ id: directId, accountId: team.owner.accountId, e164: direct });
    await t.db.db
      .insert(schema.memberSettings)
      .values({ accountId: team.owner.accountId, userId: team.max.id, directNumberId: directId });
    await inject("max", "PUT", "/api/settings/notifications", {
      ...seedThree,
      emailMissedCall: true,
      bellMissedCall: false,
    });
    await missedCallTo(direct);
    const sent = await t.db.db
      .select({ to: schema.emailOutbox.toAddress })
      .from(schema.emailOutbox)
      .where(and(eq(schema.emailOutbox.template, MISSED_CALL_TEMPLATE)));
    expect(sent.map((m) => m.to)).toEqual([team.max.email]);
    const missed = async (userId: string) =>
      (await bellOf(t, userId)).filter((r) => r.kind === "missed_call" && r.inBell);
    expect(await missed(team.max.id)).toEqual([]);
    expect(await missed(team.owner.id)).toEqual([]);
    expect(await missed(team.mia.id)).toEqual([]);

    // A call to the shared number: everyone's bell, Max's switch still off.
    await missedCallTo(team.ourNumber);
    expect(await missed(team.owner.id)).toHaveLength(1);
    expect(await missed(team.mia.id)).toHaveLength(1);
    expect(await missed(team.max.id)).toEqual([]);
  });
});
