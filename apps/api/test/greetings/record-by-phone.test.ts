import type { CarrierSim } from "@poundline/carrier-sim";
import type { GreetingCallView } from "@poundline/contracts/greetings/schemas";
import { schema } from "@poundline/db";
import { insertRoutingConfig } from "@poundline/db/fixtures";
import { GREETING_CALL_MESSAGES } from "@poundline/domain";
import { greetingRecordingProcessors } from "@poundline/modules/greetings/jobs/store-greeting-recording";
import { createProcessors, type JobsRuntime, startJobs } from "@poundline/modules/jobs";
import { quietLog, waitFor } from "@poundline/testing/jobs";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../src/testing";
import { type SignedIn, signIn } from "../fixtures";
import { injectFetch } from "../recordings/call-recording-fixtures";
import { findTwimlValidator } from "../scenarios/twiml-xsd";
import { carrierPost } from "../twilio/carrier";
import { greetingRow, served } from "./helpers";

/**
 * Record by phone, through the embedded carrier simulator and the real webhooks: the carrier
 * calls the member's phone, which records until #, listens, and presses keys; the workers' job
 * fetches the take, stores it, makes it the greeting and deletes it at the carrier.
 */

const LINE = "+13055550100";
const MY_PHONE = "+13055550142";
const OPEN = new Date("2026-11-23T15:00:00Z");
let t: TestApp;
let sim: CarrierSim;
let jobs: JobsRuntime | null = null;
let owner: SignedIn;
let ownerId: string;
let accountId: string;
let numberId: string;
let menuId: string;
const twiml = new Map<string, string>();

beforeAll(async () => {
  t = await createTestApp({
    clock: () => OPEN,
    config: { LOG_LEVEL: "error" },
    jobs: {
      notify: () => jobs?.notify(),
      counts: async () => {
        if (!jobs) throw new Error("not started");
        return jobs.counts();
      },
    },
  });
  if (!t.app.deps.simulator) throw new Error("the embedded simulator is the carrier");
  sim = t.app.deps.simulator;
  const { deps } = t.app;
  jobs = await startJobs({
    db: t.db.db,
    log: quietLog,
    retry: { attempts: 3, backoffMs: 10, jitter: 0 },
    pollIntervalMs: 50,
    processors: createProcessors({
      voicemail: greetingRecordingProcessors({
        storage: deps.storage,
        fetch: injectFetch(t.app),
        carrier: deps.carrier,
        recordings: deps.carrierRecordings,
        greetingChanged: () => deps.routing.changed(),
      }),
    }),
  });
  const ids = await insertRoutingConfig(t.db.db, {
    accounts: [
      {
        key: "law",
        companyName: "Demo Law Group",
        status: "active",
        walletCents: 5000,
        subscribed: "Professional",
      },
    ],
    members: [{ key: "owner", account: "law", name: "Ann Owner" }],
    menus: [{ key: "main", account: "law", name: "Main" }],
    numbers: [{ key: "line", account: "law", e164: LINE, routing: { open: { type: "voicemail" } } }],
  });
  numberId = ids.get("line") ?? "";
  menuId = ids.get("main") ?? "";
  // The fixture's members are members; greetings are the owner's to change.
  await t.db.db
    .update(schema.accountMemberships)
    .set({ role: "owner" })
    .where(eq(schema.accountMemberships.userId, ids.get("owner") ?? ""));
  ownerId = ids.get("owner") ?? "";
  accountId = ids.get("law") ?? "";
  owner = await signIn(t, { id: ownerId });
  await deps.routing.reload();
});
afterAll(async () => {
  await jobs?.stop();
  await t.close();
});
beforeEach(() => sim.reset());

async function callMe(url: string) {
  const res = await t.app.inject({
    method: "POST",
    url,
    headers: owner.headers,
    payload: { phone: MY_PHONE },
  });
  expect(res.statusCode, res.body).toBe(201);
  const call = res.json<GreetingCallView>();
  await sim.idle();
  return call;
}

const callRow = async (id: string) => {
  const [row] = await t.db.db.select().from(schema.greetingCalls).where(eq(schema.greetingCalls.id, id));
  return row;
};

async function settled(id: string, status: GreetingCallView["status"]) {
  await waitFor(async () => (await callRow(id))?.status === status);
  return callRow(id);
}

/** What the member's phone heard on the (only) call the carrier placed to it. */
function heard() {
  const placed = sim.calls().filter((c) => c.to === MY_PHONE);
  expect(placed).toHaveLength(1);
  for (const w of placed[0]?.transcript?.webhooks ?? [])
    if (w.status === 200 && w.body.includes("<Response")) twiml.set(w.body, w.url);
  return placed[0]?.transcript;
}

describe("record a greeting by phone", () => {
  it("press 1: saved, stored, played to callers, and deleted at the carrier; the console sees it saved", async () => {
    sim.setCallee(MY_PHONE, { outcome: "answer", recordSeconds: 4, recordEnd: "#", press: ["1"] });
    const started = await callMe(`/api/call-routing/${numberId}/greetings/voicemail/phone-call`);
    expect(started).toMatchObject({
      targetType: "number",
      targetId: numberId,
      slot: "voicemail",
      phone: MY_PHONE,
    });
    const row = await settled(started.id, "saved");
    const transcript = heard();
    expect(transcript?.spoken).toEqual(
      expect.arrayContaining([
        GREETING_CALL_MESSAGES.instructions,
        GREETING_CALL_MESSAGES.review,
        GREETING_CALL_MESSAGES.saved,
      ]),
    );
    expect(transcript?.recordings).toHaveLength(1);
    const take = transcript?.recordings[0]?.sid ?? "";
    // Played back to the member before the choice.
    expect(transcript?.played).toContain(sim.recordingUrl(take));

    const greeting = await greetingRow(t, numberId, "voicemail");
    expect(greeting).toMatchObject({ kind: "audio", audioUrl: row?.audioUrl });
    expect(await served(t, greeting?.audioUrl ?? "")).toBe(200);
    await waitFor(() => sim.recording(take) === undefined);

    // The call to the member's phone is logged (and charged) as a call the account placed.
    const [log] = await t.db.db
      .select()
      .from(schema.callLogs)
      .where(eq(schema.callLogs.callSid, row?.callSid ?? ""));
    expect(log).toMatchObject({
      userId: ownerId,
      direction: "outbound",
      toNumber: MY_PHONE,
      fromNumber: LINE,
      callStatus: "completed",
    });

    const seen = await t.app.inject({
      method: "GET",
      url: `/api/greeting-calls/${started.id}`,
      headers: owner.headers,
    });
    expect(seen.json()).toMatchObject({ status: "saved", audioUrl: greeting?.audioUrl });

    // A caller now hears it.
    await t.app.deps.routing.reload();
    const caller = await sim.placeCall({ from: "+14155551234", to: LINE, recordSeconds: 0 });
    expect(caller.played).toContain(greeting?.audioUrl);
  });

  it("press 2 then 1: the second take is saved, the first deleted at the carrier", async () => {
    const before = (await greetingRow(t, numberId, "voicemail"))?.audioUrl ?? "";
    sim.setCallee(MY_PHONE, { outcome: "answer", recordSeconds: 3, recordEnd: "#", press: ["2", "1"] });
    const started = await callMe(`/api/call-routing/${numberId}/greetings/voicemail/phone-call`);
    const row = await settled(started.id, "saved");
    const takes = heard()?.recordings.map((r) => r.sid) ?? [];
    expect(takes).toHaveLength(2);
    expect(row?.recordingSid).toBe(takes[1]);
    await waitFor(() => takes.every((sid) => sim.recording(sid) === undefined));
    const greeting = await greetingRow(t, numberId, "voicemail");
    expect(greeting?.audioUrl).toBe(row?.audioUrl);
    // The greeting it replaced is gone from the storage.
    expect(await served(t, before)).toBe(404);
  });

  it("hanging up while listening saves nothing, and the take goes from the carrier", async () => {
    const before = await greetingRow(t, numberId, "voicemail");
    sim.setCallee(MY_PHONE, { outcome: "answer", recordSeconds: 3, recordEnd: "#", hangUpAt: ["Gather"] });
    const started = await callMe(`/api/call-routing/${numberId}/greetings/voicemail/phone-call`);
    const row = await settled(started.id, "cancelled");
    expect(row).toMatchObject({ recordingSid: null, audioUrl: null });
    const take = heard()?.recordings[0]?.sid ?? "";
    await waitFor(() => sim.recording(take) === undefined);
    expect(await greetingRow(t, numberId, "voicemail")).toEqual(before);
  });

  it("an unanswered phone: failed, nothing changes", async () => {
    sim.setCallee(MY_PHONE, { outcome: "no-answer" });
    const started = await callMe(`/api/call-routing/${numberId}/greetings/after_hours/phone-call`);
    await settled(started.id, "failed");
    expect(await greetingRow(t, numberId, "after_hours")).toBeUndefined();
  });

  it("an IVR menu's greeting recorded by phone becomes the draft menu's recording", async () => {
    sim.setCallee(MY_PHONE, { outcome: "answer", recordSeconds: 4, recordEnd: "#", press: ["1"] });
    const started = await callMe(`/api/ivr-menus/${menuId}/greeting/phone-call`);
    const row = await settled(started.id, "saved");
    const [menu] = await t.db.db.select().from(schema.ivrMenus).where(eq(schema.ivrMenus.id, menuId));
    expect(menu).toMatchObject({ greetingType: "recording", greetingRecordingUrl: row?.audioUrl });
    expect(row?.audioUrl).toMatch(/\/media\/ivr-greetings\//);
    expect(await served(t, row?.audioUrl ?? "")).toBe(200);
  });

  it("a repeated webhook changes nothing: the key pressed again neither saves twice nor moves the call", async () => {
    const [row] = await t.db.db
      .select()
      .from(schema.greetingCalls)
      .where(eq(schema.greetingCalls.status, "saved"))
      .limit(1);
    if (!row) throw new Error("no saved call");
    const outbox = await t.db.db.select().from(schema.jobOutbox);
    const { onGreetingCallEvent } = await import("@poundline/modules/greetings/phone-calls");
    const again = await onGreetingCallEvent(
      t.app.deps.outbox,
      t.db.db,
      row.id,
      { kind: "key", digits: "1", round: 0 },
      OPEN,
    );
    expect(again.reply).toBe("saved");
    expect(await callRow(row.id)).toEqual(row);
    expect(await t.db.db.select().from(schema.jobOutbox)).toHaveLength(outbox.length);
  });

  it("its webhooks are verified: an unsigned one is 403 and moves nothing", async () => {
    const [row] = await t.db.db
      .select()
      .from(schema.greetingCalls)
      .where(eq(schema.greetingCalls.status, "saved"))
      .limit(1);
    if (!row) throw new Error("no saved call");
    for (const path of [
      "/twilio/voice/greeting-call",
      "/twilio/voice/greeting-call/choice",
      "/twilio/voice/greeting-call/status",
    ]) {
      const res = await t.app.inject({
        method: "POST",
        url: `${path}?g=${row.id}`,
        headers: { "content-type": "application/x-www-form-urlencoded", "x-twilio-signature": "forged" },
        payload: "Digits=2&CallStatus=completed",
      });
      expect(res.statusCode, path).toBe(403);
    }
    expect(await callRow(row.id)).toEqual(row);
  });

  it("a duplicate delivery of the take and of the key changes nothing: one take, one save job", async () => {
    const [row] = await t.db.db
      .insert(schema.greetingCalls)
      .values({
        id: "grc_duplicates",
        accountId,
        userId: ownerId,
        targetType: "number",
        targetId: numberId,
        slot: "after_hours",
        phone: MY_PHONE,
        status: "recording",
      })
      .returning();
    if (!row) throw new Error("not inserted");
    const take = { RecordingSid: `RE${"a".repeat(32)}`, RecordingUrl: "https://carrier.test/Recordings/REa" };
    const first = await carrierPost(t, `/twilio/voice/greeting-call/recorded?g=${row.id}`, take);
    const again = await carrierPost(t, `/twilio/voice/greeting-call/recorded?g=${row.id}`, take);
    expect(again.body).toBe(first.body);
    expect(first.body).toContain("<Play>https://carrier.test/Recordings/REa</Play>");
    const jobs = async () =>
      (await t.db.db.select().from(schema.jobOutbox)).filter(
        (j) => j.jobId === `store-greeting-recording:${row.id}`,
      );
    const saved = await carrierPost(t, `/twilio/voice/greeting-call/choice?g=${row.id}&r=0`, { Digits: "1" });
    const savedAgain = await carrierPost(t, `/twilio/voice/greeting-call/choice?g=${row.id}&r=0`, {
      Digits: "1",
    });
    expect(saved.body).toContain(GREETING_CALL_MESSAGES.saved);
    expect(savedAgain.body).toBe(saved.body);
    expect(await jobs()).toHaveLength(1);
    // The take was never at the simulator: the job marks the call failed, and nothing else moves.
    await settled(row.id, "failed");
    expect(await greetingRow(t, numberId, "after_hours")).toBeUndefined();
  });

  const validator = findTwimlValidator();
  it.skipIf(!validator.ok && !process.env.CI)(
    "the TwiML of these calls is valid against the carrier's XSD",
    async () => {
      if (!validator.ok) throw new Error(validator.reason);
      expect(twiml.size).toBeGreaterThan(2);
      const invalid = await validator.validate(twiml);
      expect(invalid, invalid.join("\n\n")).toEqual([]);
    },
  );
});
