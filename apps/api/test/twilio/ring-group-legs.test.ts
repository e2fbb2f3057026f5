/** Ring group member calls on the embedded carrier simulator: the phones still ringing are canceled. */
import type { CarrierSim, SimCall } from "@poundline/carrier-sim";
import { schema } from "@poundline/db";
import { insertRoutingConfig } from "@poundline/db/fixtures";
import { CarrierError, createCarrierClient } from "@poundline/platform/carrier/client";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { embeddedSimHttpClient } from "../../src/carrier/embedded-sim";
import { createTestApp, type TestApp } from "../../src/testing";

const GROUP_NUMBER = "+13055550200";
const CALLER = "+13055551234";
const MEMBERS = ["+13055550101", "+13055550102", "+13055550103"];

let t: TestApp;
let sim: CarrierSim;

beforeAll(async () => {
  t = await createTestApp({ clock: () => new Date("2026-11-23T15:00:00Z") });
  if (!t.app.deps.simulator) throw new Error("the test app runs on the embedded carrier simulator");
  sim = t.app.deps.simulator;
  await insertRoutingConfig(t.db.db, {
    accounts: [{ key: "law", companyName: "Demo Law Group", status: "active", walletCents: 5000 }],
    extensions: MEMBERS.map((number, i) => ({
      key: `m${i}`,
      account: "law",
      number: 101 + i,
      name: `Member ${i + 1}`,
      forwardingNumbers: [number],
    })),
    numbers: [
      {
        key: "group",
        account: "law",
        e164: GROUP_NUMBER,
        routing: {
          open: { type: "ring_group", members: ["m0", "m1", "m2"] },
          ringStrategy: "simultaneous",
          ringTimeoutSeconds: 45,
        },
      },
    ],
  });
  await t.app.deps.routing.reload();
});
afterAll(() => t.close());
beforeEach(() => sim.reset());

/** The member calls the app placed, in the group's order. */
const memberCalls = () => sim.calls().filter((c) => c.direction === "outbound-api");
/** What the member call's status callback was told, event by event. */
const reported = (call: SimCall | undefined) =>
  (call?.transcript?.webhooks ?? []).filter((w) => w.kind === "call-status").map((w) => w.params.CallStatus);
const huntOf = async (callerCallSid: string) =>
  (await t.db.db.select().from(schema.ringHunts).where(eq(schema.ringHunts.callerCallSid, callerCallSid)))[0];

describe("ring group member calls on the carrier simulator", () => {
  it("simultaneous: the second member answers, the other two phones are canceled at once", async () => {
    sim.setCallee(MEMBERS[0] as string, { outcome: "no-answer" });
    sim.setCallee(MEMBERS[1] as string, { ringSeconds: 5, talkSeconds: 30 });
    sim.setCallee(MEMBERS[2] as string, { outcome: "no-answer" });
    const call = await sim.placeCall({ from: CALLER, to: GROUP_NUMBER });
    await sim.idle();

    const [first, second, third] = memberCalls();
    expect(memberCalls().map((c) => [c.to, c.status])).toEqual([
      [MEMBERS[0], "canceled"],
      [MEMBERS[1], "completed"],
      [MEMBERS[2], "canceled"],
    ]);
    expect(call.queueWaits).toMatchObject([{ result: "bridged", bridgedWith: second?.sid }]);
    for (const leg of [first, third]) {
      // Stopped when the second member answered (5 s), long before the ring timeout (45 s).
      expect(leg?.transcript?.ended).toMatchObject({ reason: "not-answered", at: 5, detail: "canceled" });
      expect(leg?.transcript?.webhooks.some((w) => w.kind === "voice")).toBe(false);
      expect(reported(leg)).toEqual(["initiated", "ringing", "canceled"]);
    }
    expect(reported(second)).toEqual(["initiated", "ringing", "in-progress", "completed"]);
    // Their canceled reports did not move the bridged hunt.
    expect(await huntOf(call.callSid)).toMatchObject({
      state: "bridged",
      memberCallSids: [first?.sid, second?.sid, third?.sid],
      endedCallSids: [],
      ringing: 3,
    });
  });

  it("the caller hanging up while the members' phones ring cancels all of them", async () => {
    for (const member of MEMBERS) sim.setCallee(member, { outcome: "no-answer" });
    const call = await sim.placeCall({ from: CALLER, to: GROUP_NUMBER, patienceSeconds: 30 });
    await sim.idle();

    expect(call.queueWaits).toMatchObject([{ result: "hangup", queueTime: 30 }]);
    expect(call.webhooks.find((w) => w.kind === "enqueue-action")?.params).toMatchObject({
      QueueResult: "hangup",
    });
    expect(memberCalls().map((c) => c.status)).toEqual(["canceled", "canceled", "canceled"]);
    for (const leg of memberCalls()) {
      expect(leg.transcript?.ended).toMatchObject({ at: 30, detail: "canceled" });
      expect(reported(leg)).toEqual(["initiated", "ringing", "canceled"]);
    }
    expect(await huntOf(call.callSid)).toMatchObject({ state: "exhausted", endedCallSids: [] });
  });
});

describe("the carrier client ends calls", () => {
  it("a call the carrier does not have, or that has ended, is no error; a refusal is", async () => {
    const client = t.app.deps.carrierClient;
    await expect(client.updateCall(`CA${"0".repeat(32)}`, { status: "canceled" })).resolves.toBeUndefined();
    // A call that is over: a member call without a hunt, hung up on answering.
    const base = t.app.deps.carrier.webhookBaseUrl;
    const placed = await client.createCall({
      from: GROUP_NUMBER,
      to: MEMBERS[0] as string,
      url: `${base}/twilio/voice/member`,
      statusCallback: `${base}/twilio/voice/member-status`,
    });
    await sim.idle();
    expect(sim.call(placed.sid)?.status).toBe("completed");
    await expect(client.updateCall(placed.sid, { status: "completed" })).resolves.toBeUndefined();

    const { carrier } = t.app.deps;
    const stranger = createCarrierClient({
      carrier: { ...carrier, authToken: "not-the-token" },
      httpClient: embeddedSimHttpClient(t.app, carrier),
    });
    await expect(stranger.updateCall(placed.sid, { status: "canceled" })).rejects.toBeInstanceOf(
      CarrierError,
    );
  });
});
