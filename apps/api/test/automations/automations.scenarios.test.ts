/**
 * Automated texts end to end on the embedded carrier simulator: calls and texts come in through
 * the carrier's webhooks, the outbox holds the jobs they hand off, the jobs plan and send the
 * texts through the messages' send path, and the simulator receives them.
 */
import type { CarrierSim } from "@poundline/carrier-sim";
import { schema } from "@poundline/db";
import { insertRoutingConfig } from "@poundline/db/fixtures";
import { type BusinessHours, localDate, weekdays } from "@poundline/domain/business-hours";
import { enqueueDueTexts } from "@poundline/modules/automations/due-scan";
import { sendScheduledText } from "@poundline/modules/automations/texts";
import {
  planInboundTextReply,
  planMissedCallText,
  planVoicemailTextBack,
} from "@poundline/modules/automations/triggers";
import { smsPaths } from "@poundline/modules/carrier/sms-paths";
import { and, eq, inArray, isNull } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../src/testing";
import { registerForTexting, signIn } from "../fixtures";
import { type automationsBody, call } from "./helpers";

const OUR_NUMBER = "+12125550160"; // New York
const AGENT = "+12125550161";

let t: TestApp;
let sim: CarrierSim;
let accountId: string;
let numberId: string;
let agentId: string;
/** The app's and the jobs' clock: a Wednesday, 11:00 in New York, unless a test moves it. */
let now = new Date("2026-11-25T16:00:00Z");
let caller = 0;
/** A new caller for each test (Chicago area code), so the once-a-day keys do not meet. */
const nextCaller = () => `+1312555${String(1000 + caller++).padStart(4, "0")}`;

beforeAll(async () => {
  t = await createTestApp({ clock: () => now });
  if (!t.app.deps.simulator) throw new Error("the test app runs on the embedded carrier simulator");
  sim = t.app.deps.simulator;
  const made = await insertRoutingConfig(t.db.db, {
    accounts: [{ key: "shop", companyName: "Corner Shop", status: "active", walletCents: 5000 }],
    extensions: [{ key: "agent", account: "shop", number: 101, name: "Agent", forwardingNumbers: [AGENT] }],
    numbers: [
      {
        key: "main",
        account: "shop",
        e164: OUR_NUMBER,
        routing: { open: { type: "ring_group", members: ["agent"] } },
      },
    ],
  });
  accountId = made.get("shop") as string;
  numberId = made.get("main") as string;
  agentId = made.get("agent") as string;
  // Its local number texts: the account's texting registration (A2P 10DLC) is approved.
  await registerForTexting(t, accountId);
  await t.app.deps.routing.reload();
});
afterAll(() => t.close());
beforeEach(async () => {
  sim.reset();
  now = new Date("2026-11-25T16:00:00Z");
  await saveAutomations({});
});

async function saveAutomations(change: Partial<typeof automationsBody>) {
  await t.db.db
    .insert(schema.numberAutomations)
    .values({
      phoneNumberId: numberId,
      accountId,
      missedCallEnabled: true,
      missedCallTemplate: "Sorry we missed your call. This is {business_name}.",
      afterHoursEnabled: false,
      afterHoursTemplate: "{business_name} is closed.",
      firstContactEnabled: false,
      firstContactTemplate: "Welcome to {business_name}!",
      ...withoutHhmm(change),
    })
    .onConflictDoUpdate({
      target: schema.numberAutomations.phoneNumberId,
      set: {
        missedCallEnabled: true,
        afterHoursEnabled: false,
        afterHoursCallsEnabled: false,
        firstContactEnabled: false,
        quietHoursEnabled: true,
        ...withoutHhmm(change),
      },
    });
}

const withoutHhmm = ({ quietStart: _s, quietEnd: _e, ...rest }: Partial<typeof automationsBody>) => rest;

const jobPorts = () => ({ db: t.db.db, log: t.app.log, clock: () => now });
const sendPorts = () => ({
  ...jobPorts(),
  outbox: t.app.deps.outbox,
  carrier: t.app.deps.carrierClient,
  statusCallbackUrl: `${t.app.deps.carrier.webhookBaseUrl}${smsPaths.status}`,
});

/** Every day open (so the simulator's calls, on the real clock, reach the agent), or every day closed. */
function hours(open: boolean): BusinessHours {
  const day = { active: open, start: "00:00", end: "23:59" };
  return Object.fromEntries(weekdays.map((d) => [d, day])) as BusinessHours;
}

const AUTOMATION_JOBS = [
  "missed-call",
  "process-voicemail",
  "inbound-text-automations",
  "send-scheduled-text",
];

/**
 * Runs the automation jobs waiting in the outbox, as the workers would (the missed-call job's
 * text-back part), until none is left; `twice` runs each one a second time (at-least-once).
 */
async function runJobs(options: { twice?: boolean } = {}) {
  for (;;) {
    const rows = await t.db.db
      .select()
      .from(schema.jobOutbox)
      .where(and(inArray(schema.jobOutbox.jobName, AUTOMATION_JOBS), isNull(schema.jobOutbox.settledAt)));
    if (rows.length === 0) return;
    for (const row of rows) {
      for (let run = 0; run < (options.twice ? 2 : 1); run++) {
        const payload = row.payload as Record<string, string>;
        if (row.jobName === "missed-call")
          await planMissedCallText(jobPorts(), { callSid: payload.callSid as string });
        if (row.jobName === "process-voicemail")
          await planVoicemailTextBack(jobPorts(), { voicemailId: payload.voicemailId as string });
        if (row.jobName === "inbound-text-automations")
          await planInboundTextReply(jobPorts(), { messageId: payload.messageId as string });
        if (row.jobName === "send-scheduled-text")
          await sendScheduledText(sendPorts(), payload.scheduledTextId as string);
      }
      await t.db.db.update(schema.jobOutbox).set({ settledAt: now }).where(eq(schema.jobOutbox.id, row.id));
    }
  }
}

/** The texts the simulator was sent to a number. */
const textsTo = (to: string) => sim.sentMessages().filter((m) => m.to === to);

/** The automated texts the database holds to a number. */
const automatedTo = (to: string) =>
  t.db.db
    .select({
      body: schema.messages.body,
      automation: schema.messages.automation,
      accountId: schema.messages.accountId,
    })
    .from(schema.messages)
    .where(and(eq(schema.messages.toNumber, to), eq(schema.messages.direction, "outbound")));

const scheduledTo = (to: string) =>
  t.db.db.select().from(schema.scheduledTexts).where(eq(schema.scheduledTexts.toNumber, to));

async function missedCallFrom(from: string) {
  sim.setCallee(AGENT, { outcome: "no-answer" });
  const placed = await sim.placeCall({ from, to: OUR_NUMBER });
  await sim.idle();
  return placed;
}

describe("missed-call text-back", () => {
  it("texts a caller nobody answered once, marked as automated, even when the job runs twice", async () => {
    const from = nextCaller();
    await missedCallFrom(from);
    await runJobs({ twice: true });
    expect(textsTo(from).map((m) => m.body)).toEqual(["Sorry we missed your call. This is Corner Shop."]);
    expect(await automatedTo(from)).toEqual([
      { body: "Sorry we missed your call. This is Corner Shop.", automation: "missed_call", accountId },
    ]);
  });

  it("a second missed call the same day, and a repeated status callback, text nothing more", async () => {
    const from = nextCaller();
    const first = await missedCallFrom(from);
    await runJobs();
    // The carrier repeats the call's final status callback: the job runs again.
    await planMissedCallText(jobPorts(), { callSid: first.callSid });
    await missedCallFrom(from);
    await runJobs();
    expect(textsTo(from)).toHaveLength(1);
    expect(await scheduledTo(from)).toHaveLength(1);
  });

  it("an answered call texts nothing", async () => {
    const from = nextCaller();
    sim.setCallee(AGENT, { ringSeconds: 2, talkSeconds: 20 });
    await sim.placeCall({ from, to: OUR_NUMBER });
    await sim.idle();
    await runJobs();
    expect(textsTo(from)).toEqual([]);
    expect(await scheduledTo(from)).toEqual([]);
  });

  it("a caller who opted out (STOP) gets no text", async () => {
    const from = nextCaller();
    await sim.sendText({ from, to: OUR_NUMBER, body: "STOP" });
    await missedCallFrom(from);
    await runJobs();
    expect(textsTo(from)).toEqual([]);
    expect(await scheduledTo(from)).toMatchObject([{ status: "skipped", automation: "missed_call" }]);
  });

  it("a call at 22:00 the caller's time, in quiet hours, gets no text-back (the day is over by 08:00)", async () => {
    const from = nextCaller();
    now = new Date("2026-11-26T04:00:00Z"); // 22:00 in Chicago
    await missedCallFrom(from);
    await runJobs();
    expect(textsTo(from)).toEqual([]);
    expect(await scheduledTo(from)).toMatchObject([{ status: "skipped" }]);
  });

  it("a call at 06:30 the caller's time is texted back at 08:00, once", async () => {
    const from = nextCaller();
    now = new Date("2026-11-26T12:30:00Z"); // 06:30 in Chicago
    await missedCallFrom(from);
    await runJobs();
    expect(textsTo(from)).toEqual([]);
    const [planned] = await scheduledTo(from);
    expect(planned?.sendAt.toISOString()).toBe("2026-11-26T14:00:00.000Z");

    now = new Date("2026-11-26T14:00:30Z");
    expect(await enqueueDueTexts(t.db.db, now)).toBe(1);
    await runJobs({ twice: true });
    expect(textsTo(from)).toHaveLength(1);
  });

  it("texts nothing when text-back is off", async () => {
    await saveAutomations({ missedCallEnabled: false });
    const from = nextCaller();
    await missedCallFrom(from);
    await runJobs();
    expect(textsTo(from)).toEqual([]);
  });
});

describe("auto-replies to texts", () => {
  it("on a holiday of the number, a text gets the after-hours reply even within the weekday's hours", async () => {
    await saveAutomations({ afterHoursEnabled: true });
    await t.db.db.update(schema.numberRouting).set({
      businessHours: hours(true),
      holidays: [{ date: "2026-11-25", name: "Closing day", targetType: "voicemail", targetId: null }],
    });
    const from = nextCaller();
    await sim.sendText({ from, to: OUR_NUMBER, body: "Are you open?" });
    await runJobs();
    await t.db.db.update(schema.numberRouting).set({ holidays: [] });
    expect(textsTo(from).map((m) => m.body)).toEqual(["Corner Shop is closed."]);
    expect(await automatedTo(from)).toMatchObject([{ automation: "after_hours" }]);
  });

  it("a holiday makes a missed call after hours: the after-hours reply, not the text-back", async () => {
    await saveAutomations({ afterHoursEnabled: true, afterHoursCallsEnabled: true });
    // The simulator's call starts on the real clock: the holiday is that day, its calls to the agent.
    const today = localDate(new Date(), "America/New_York");
    await t.db.db.update(schema.numberRouting).set({
      businessHours: hours(true),
      holidays: [{ date: today, name: "Closing day", targetType: "extension", targetId: agentId }],
    });
    await t.app.deps.routing.reload();
    const from = nextCaller();
    await missedCallFrom(from);
    await runJobs();
    await t.db.db.update(schema.numberRouting).set({ holidays: [] });
    await t.app.deps.routing.reload();
    expect(await automatedTo(from)).toMatchObject([{ automation: "after_hours" }]);
  });

  it("after business hours, a text gets the after-hours reply", async () => {
    await saveAutomations({ afterHoursEnabled: true });
    await t.db.db.update(schema.numberRouting).set({ businessHours: hours(false) });
    const from = nextCaller();
    await sim.sendText({ from, to: OUR_NUMBER, body: "Are you open?" });
    await runJobs();
    expect(textsTo(from).map((m) => m.body)).toEqual(["Corner Shop is closed."]);
    expect(await automatedTo(from)).toMatchObject([{ automation: "after_hours" }]);
    await t.db.db.update(schema.numberRouting).set({ businessHours: hours(true) });
  });

  it("in business hours, a new sender's first text gets the first-contact reply, and a second text none", async () => {
    await saveAutomations({ afterHoursEnabled: true, firstContactEnabled: true });
    const from = nextCaller();
    await sim.sendText({ from, to: OUR_NUMBER, body: "Hello" });
    await runJobs();
    await sim.sendText({ from, to: OUR_NUMBER, body: "Hello again" });
    await runJobs();
    expect(textsTo(from).map((m) => m.body)).toEqual(["Welcome to Corner Shop!"]);
    expect(await automatedTo(from)).toMatchObject([{ automation: "first_contact" }]);
  });

  it("a sender the business texted before is not a first contact", async () => {
    await saveAutomations({ firstContactEnabled: true });
    const from = nextCaller();
    const owner = await t.db.db
      .select({ userId: schema.accountMemberships.userId })
      .from(schema.accountMemberships)
      .where(eq(schema.accountMemberships.accountId, accountId));
    expect(owner).toEqual([]);
    await t.db.db.insert(schema.messages).values({
      id: `msg_${crypto.randomUUID().replaceAll("-", "")}`,
      accountId,
      phoneNumberId: numberId,
      messageSid: `SM${crypto.randomUUID().replaceAll("-", "")}`,
      direction: "outbound",
      fromNumber: OUR_NUMBER,
      toNumber: from,
      body: "Your order is ready",
      status: "delivered",
      sentAt: new Date(now.getTime() - 86_400_000),
    });
    await sim.sendText({ from, to: OUR_NUMBER, body: "Thanks" });
    await runJobs();
    expect(textsTo(from)).toEqual([]);
  });
});

describe("scheduled texts", () => {
  it("are sent once at their time, and a cancelled one never", async () => {
    const user = await import("../fixtures").then((f) => f.createMember(t, accountId, "member"));
    const session = await signIn(t, user);
    const to = nextCaller();
    const schedule = (body: string) =>
      call(t, "POST", "/api/scheduled-texts", session, {
        from: OUR_NUMBER,
        to,
        body,
        sendAt: "2026-11-25T15:00",
      });
    const kept = await schedule("Your table is ready");
    const dropped = await schedule("Never sent");
    expect(kept.statusCode, kept.body).toBe(201);
    await call(t, "POST", `/api/scheduled-texts/${dropped.json().id}/cancel`, session);

    // Not yet due (15:00 Chicago is 21:00 UTC).
    expect(await enqueueDueTexts(t.db.db, now)).toBe(0);
    now = new Date("2026-11-25T21:00:00Z");
    expect(await enqueueDueTexts(t.db.db, now)).toBe(1);
    await runJobs({ twice: true });
    expect(await enqueueDueTexts(t.db.db, now)).toBe(0);

    expect(textsTo(to).map((m) => m.body)).toEqual(["Your table is ready"]);
    const [message] = await t.db.db.select().from(schema.messages).where(eq(schema.messages.toNumber, to));
    expect(message).toMatchObject({ automation: "scheduled", userId: user.id, body: "Your table is ready" });
    const rows = await scheduledTo(to);
    expect(rows.map((r) => [r.body, r.status]).sort()).toEqual([
      ["Never sent", "cancelled"],
      ["Your table is ready", "sent"],
    ]);
  });
});

describe("the contact's own time zone", () => {
  const contactIn = (phone: string, timeZone: string) =>
    t.db.db.insert(schema.contacts).values({
      id: `cnt_${crypto.randomUUID().replaceAll("-", "")}`,
      accountId,
      name: "Far Away",
      phone,
      timeZone,
    });

  it("times a scheduled text in it rather than the area code's", async () => {
    const user = await import("../fixtures").then((f) => f.createMember(t, accountId, "member"));
    const session = await signIn(t, user);
    const to = nextCaller(); // Chicago area code, but the contact lives in Los Angeles
    await contactIn(to, "America/Los_Angeles");
    const res = await call(t, "POST", "/api/scheduled-texts", session, {
      from: OUR_NUMBER,
      to,
      body: "See you soon",
      sendAt: "2026-11-25T15:00",
    });
    expect(res.statusCode, res.body).toBe(201);
    const [row] = await scheduledTo(to);
    expect(row).toMatchObject({ timeZone: "America/Los_Angeles" });
    expect(row?.sendAt.toISOString()).toBe("2026-11-25T23:00:00.000Z");
  });

  it("reads quiet hours in it: a caller whose contact is in Tokyo (01:00 there) is texted at 08:00 Tokyo", async () => {
    const from = nextCaller();
    await contactIn(from, "Asia/Tokyo");
    await missedCallFrom(from);
    await runJobs();
    expect(textsTo(from)).toEqual([]);
    const [planned] = await scheduledTo(from);
    expect(planned).toMatchObject({ status: "pending", timeZone: "Asia/Tokyo" });
    expect(planned?.sendAt.toISOString()).toBe("2026-11-25T23:00:00.000Z");
  });
});
