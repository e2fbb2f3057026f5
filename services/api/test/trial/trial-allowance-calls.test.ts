/**
 * A new unpaid trial's first calls on the embedded carrier simulator: its included number answers
 * on the trial's minutes (no card, no top-up), billing draws them, and once they are used with an
 * empty wallet the next call is refused and logged "refused", not "completed".
 */
import type { CarrierSim } from "@poundline/carrier-sim";
import { schema } from "@poundline/db";
import { CALL_MESSAGES, TRIAL_ALLOWANCE } from "@poundline/telephony";
import { createBiller } from "@poundline/workers";
import { eq, sql } from "drizzle-orm";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../src/testing";
import type { SignedIn, TestUser } from "../fixtures";
import { createTrialUser } from "../verified-numbers/helpers";
import { claimNumber, ledgerOf, planStatus } from "./helpers";

const LINE = "+14075550190";
const CALLER = "+13055551234";

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
const allowance = async () => (await planStatus(t, session.headers)).json().allowance;

/** A caller rings the line and leaves a message; billing then charges the call. */
async function callAndBill(recordSeconds: number) {
  const call = await sim.placeCall({ from: CALLER, to: LINE, recordSeconds });
  await sim.idle();
  await biller.chargeCall({ callSid: call.callSid });
  return call;
}

describe("a new unpaid trial's number takes calls on the trial's minutes", () => {
  it("answers the first call (voicemail), and the call draws minutes from the allowance, not the wallet", async () => {
    const call = await callAndBill(70);
    expect(call.spoken.join(" ")).toContain(CALL_MESSAGES.voicemailGreeting);
    expect(call.spoken.join(" ")).not.toContain("not able to take calls");
    const log = await callLog(call.callSid);
    expect(log?.callStatus).toBe("completed");
    const minutes = Math.ceil((log?.durationSeconds ?? 0) / 60);
    expect(minutes).toBeGreaterThanOrEqual(1);
    expect(await allowance()).toMatchObject({ minutesLeft: TRIAL_ALLOWANCE.minutes - minutes });
    expect(await ledgerOf(t, user.accountId)).toEqual([]);
  });

  it("once the minutes are used and the wallet is empty, the next call is refused and logged refused", async () => {
    // Leave one minute: the next call (two started minutes or more) uses it up.
    await t.db.db
      .update(schema.trialAllowances)
      .set({ minutesUsed: TRIAL_ALLOWANCE.minutes - 1 })
      .where(eq(schema.trialAllowances.accountId, user.accountId));
    await t.app.deps.routing.reload();
    await callAndBill(70);
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
    // The refusal is not billed.
    expect(await biller.chargeCall({ callSid: refused.callSid })).toBe("skipped");
  });

  it("analytics count the refused call as a call, never as answered", async () => {
    const [stats] = await t.db.db
      .select({
        calls: sql<number>`sum(${schema.callStatsHourly.calls})::int`,
        answered: sql<number>`sum(${schema.callStatsHourly.answered})::int`,
      })
      .from(schema.callStatsHourly)
      .where(eq(schema.callStatsHourly.accountId, user.accountId));
    expect(stats).toEqual({ calls: 3, answered: 2 });
  });
});
