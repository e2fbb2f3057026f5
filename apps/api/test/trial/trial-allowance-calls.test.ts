/**
 * A new unpaid trial's first calls on the embedded carrier simulator: its included number answers
 * on the trial's minutes (no card, no top-up), billing draws them, and once they are used with an
 * empty wallet the next call is refused and logged "refused", not "completed".
 */
import type { CarrierSim } from "@poundline/carrier-sim";
import { newId, schema } from "@poundline/db";
import { CALL_MESSAGES, TRIAL_ALLOWANCE } from "@poundline/domain";
import { createBiller } from "@poundline/modules/jobs";
import { eq, sql } from "drizzle-orm";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../src/testing";
import type { SignedIn, TestUser } from "../fixtures";
import { createTrialUser } from "../verified-numbers/helpers";
import { claimNumber, ledgerOf, planStatus } from "./helpers";

const LINE = "+14075550190";
const CALLER = "+13055551234";
/** The owner's mobile, verified: an unpaid trial forwards only to its verified and own numbers. */
const MOBILE = "+13055550177";

let t: TestApp;
let sim: CarrierSim;
let user: TestUser;
let session: SignedIn;
let biller: ReturnType<typeof createBiller>;

beforeAll(async () => {
  t = await createTestApp();
  if (!t.app.deps.simulator) throw new Error("the test app runs on the embedded carrier simulator");
  sim = t.app.deps.simulator;
  ({ user, session } = await createTrialUser(t));
  expect((await claimNumber(t, session.headers, LINE)).statusCode).toBe(201);
  const [number] = await t.db.db
    .select({ id: schema.phoneNumbers.id })
    .from(schema.phoneNumbers)
    .where(eq(schema.phoneNumbers.e164, LINE));
  await t.db.db.insert(schema.verifiedNumbers).values({
    id: newId("verifiedNumber"),
    accountId: user.accountId,
    e164: MOBILE,
    verifiedAt: t.app.deps.clock(),
  });
  await t.db.db.insert(schema.numberRouting).values({
    phoneNumberId: number?.id ?? "",
    accountId: user.accountId,
    businessHoursTargetType: "forward",
    businessHoursTargetId: MOBILE,
    afterHoursTargetType: "forward",
    afterHoursTargetId: MOBILE,
  });
  await t.app.deps.routing.reload();
  const log = pino({ level: "silent" });
  // The billing worker, as it runs the charge-call jobs the status callbacks hand off.
  biller = createBiller({
    db: t.db.db,
    log,
    clock: t.app.deps.clock,
    mailer: t.app.deps.mailer,
    publicBaseUrl: "http://localhost",
    walletEmptied: () => t.app.deps.routing.changed(),
  });
});
afterAll(() => t.close());

const callLog = async (callSid: string) =>
  (await t.db.db.select().from(schema.callLogs).where(eq(schema.callLogs.callSid, callSid)))[0];
const callLogs = () =>
  t.db.db.select().from(schema.callLogs).where(eq(schema.callLogs.accountId, user.accountId));
const allowance = async () => (await planStatus(t, session.headers)).json().allowance;

/** Charges every completed call log of the account (the incoming call and its forwarded leg), as billing does. */
async function billCalls() {
  for (const log of await callLogs()) await biller.chargeCall({ callSid: log.callSid });
}

/** Started minutes of the account's completed call logs: what billing draws from the allowance. */
const minutesOfCalls = async () =>
  (await callLogs())
    .filter((log) => log.callStatus === "completed" || log.callStatus === "voicemail_missed")
    .reduce((sum, log) => sum + Math.ceil(log.durationSeconds / 60), 0);

describe("a new unpaid trial's number takes calls on the trial's minutes", () => {
  it("answers the first call (forwarded to the verified mobile), held to the minutes both legs can draw", async () => {
    const call = await sim.placeCall({
      from: CALLER,
      to: LINE,
      dial: { [MOBILE]: { outcome: "answer", ringSeconds: 3, talkSeconds: 90 } },
    });
    await sim.idle();
    expect(call.spoken.join(" ")).not.toContain("not able to take calls");
    expect(call.dials.map((d) => d.legs.map((l) => l.target))).toEqual([[MOBILE]]);
    // 100 minutes, two legs: 50 minutes; nothing from the empty wallet.
    expect(call.verbs.find((v) => v.verb === "Dial")?.attributes.timeLimit).toBe(String(50 * 60));
    expect((await callLog(call.callSid))?.callStatus).toBe("completed");

    await billCalls();
    const minutes = await minutesOfCalls();
    expect(minutes).toBeGreaterThanOrEqual(4); // both legs, two started minutes each
    expect(await allowance()).toMatchObject({ minutesLeft: TRIAL_ALLOWANCE.minutes - minutes });
    expect(await ledgerOf(t, user.accountId)).toEqual([]);
  });

  it("once the minutes are used and the wallet is empty, the next call is refused and logged refused", async () => {
    // One minute left: not enough for both legs of a forward, so the caller leaves a message,
    // and that incoming minute uses the allowance up.
    await t.db.db
      .update(schema.trialAllowances)
      .set({ minutesUsed: TRIAL_ALLOWANCE.minutes - 1 })
      .where(eq(schema.trialAllowances.accountId, user.accountId));
    await t.app.deps.routing.reload();
    const last = await sim.placeCall({ from: CALLER, to: LINE, recordSeconds: 20 });
    await sim.idle();
    expect(last.spoken.join(" ")).toContain(CALL_MESSAGES.voicemailGreeting);
    await billCalls();
    expect(await allowance()).toMatchObject({ minutesLeft: 0 });
    // Billing told the routing tables: no reload here.
    expect((await planStatus(t, session.headers)).json().gate).toBe("trial_allowance_used");

    const refused = await sim.placeCall({ from: CALLER, to: LINE });
    await sim.idle();
    expect(refused.spoken.join(" ")).toContain(CALL_MESSAGES.walletEmpty);
    await expect.poll(async () => (await callLog(refused.callSid))?.callStatus).toBe("refused");
    const [reason] = await t.db.db
      .select()
      .from(schema.refusedCalls)
      .where(eq(schema.refusedCalls.callSid, refused.callSid));
    expect(reason).toMatchObject({ accountId: user.accountId, reason: "trial_allowance_used" });
    // The owner hears of it as of a missed call (the notice's job is handed off).
    const notices = await t.db.db
      .select()
      .from(schema.jobOutbox)
      .where(eq(schema.jobOutbox.jobId, `missed-call:${refused.callSid}`));
    expect(notices).toHaveLength(1);
    // The refusal is not billed.
    expect(await biller.chargeCall({ callSid: refused.callSid })).toBe("skipped");
    expect(await ledgerOf(t, user.accountId)).toEqual([]);
  });

  it("analytics count the refused call as a call, never as answered", async () => {
    const [stats] = await t.db.db
      .select({
        calls: sql<number>`sum(${schema.callStatsHourly.calls})::int`,
        answered: sql<number>`sum(${schema.callStatsHourly.answered})::int`,
      })
      .from(schema.callStatsHourly)
      .where(eq(schema.callStatsHourly.accountId, user.accountId));
    const logs = await callLogs();
    expect(logs.some((log) => log.callStatus === "refused")).toBe(true);
    expect(stats).toEqual({
      calls: logs.length,
      answered: logs.filter((log) => log.callStatus === "completed").length,
    });
    expect(stats?.answered).toBeGreaterThan(0);
  });
});
