import { type CallTranscript, type CarrierSim, injectTransport, signedWebhook } from "@poundline/carrier-sim";
import type { AnalyticsResponse } from "@poundline/contracts/analytics/schemas";
import { schema } from "@poundline/db";
import { insertRoutingConfig, type RoutingConfig } from "@poundline/db/fixtures";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../src/testing";
import { createMember, type SignedIn, signIn } from "../fixtures";

/**
 * Extension Performance through the carrier simulator: a caller presses 2 for the front desk, who
 * answers. The carrier reports the <Dial>'s outcome (the dial action) during the call and the
 * call's status at its end, which creates the call log; the extension must be counted whichever
 * of the two reaches the app first.
 */

const config: RoutingConfig = {
  accounts: [{ key: "law", companyName: "Demo Law Group", status: "active", walletCents: 5000 }],
  extensions: [
    { key: "desk", account: "law", number: 101, name: "Front desk", forwardingNumbers: ["+13055550101"] },
    { key: "records", account: "law", number: 102, name: "Records", forwardingNumbers: ["+13055550102"] },
  ],
  menus: [
    {
      key: "main",
      account: "law",
      greeting: "Welcome to Demo Law Group.",
      options: [
        { key: "2", action: "extension", destination: "desk" },
        { key: "3", action: "extension", destination: "records" },
      ],
    },
  ],
  numbers: [
    {
      key: "main-line",
      account: "law",
      e164: "+13055550100",
      routing: { open: { type: "ivr_menu", target: "main" }, after: { type: "ivr_menu", target: "main" } },
    },
  ],
};

let t: TestApp;
let sim: CarrierSim;
let session: SignedIn;
let ids: Map<string, string>;

beforeAll(async () => {
  t = await createTestApp();
  if (!t.app.deps.simulator) throw new Error("the test app runs on the embedded carrier simulator");
  sim = t.app.deps.simulator;
  ids = await insertRoutingConfig(t.db.db, config);
  await t.app.deps.routing.reload();
  const owner = await createMember(t, ids.get("law") ?? "", "owner");
  session = await signIn(t, owner);
});
afterAll(() => t.close());

beforeEach(async () => {
  sim.reset();
  await t.db.db.delete(schema.callLogs);
  await t.db.db.delete(schema.callExtensionDials);
});

/** A call that presses `key` and is answered by the extension's phone after 60 seconds of talk. */
async function callThrough(key: string, phone: string): Promise<CallTranscript> {
  const transcript = await sim.placeCall({
    from: "+13055551234",
    to: "+13055550100",
    press: [key],
    dial: { [phone]: { outcome: "answer", ringSeconds: 5, talkSeconds: 60 } },
  });
  await sim.idle();
  expect(transcript.errors, JSON.stringify(transcript.errors)).toEqual([]);
  return transcript;
}

async function extensionFigures(name: string) {
  const res = await t.app.inject({
    method: "GET",
    url: "/api/analytics?range=last7days",
    headers: session.headers,
  });
  expect(res.statusCode, res.body).toBe(200);
  const row = res.json<AnalyticsResponse>().extensions.find((e) => e.name === name);
  expect(row, `${name} in Extension Performance`).toBeDefined();
  return row;
}

async function callLog(callSid: string) {
  const [log] = await t.db.db.select().from(schema.callLogs).where(eq(schema.callLogs.callSid, callSid));
  return log;
}

/** Sends a webhook the simulator sent, again, for another CallSid, signed as the carrier signs. */
async function replay(exchange: CallTranscript["webhooks"][number], callSid: string) {
  const request = signedWebhook(t.app.deps.carrier.authToken, {
    url: exchange.url,
    method: exchange.method,
    params: { ...exchange.params, CallSid: callSid },
  });
  const response = await injectTransport(t.app)(request);
  expect(response.status, response.body).toBe(200);
}

describe("extension analytics through the carrier simulator", () => {
  it("counts the extension when the dial is reported before the status callback creates the log", async () => {
    const transcript = await callThrough("2", "+13055550101");
    const kinds = transcript.webhooks.map((w) => w.kind);
    // The order this case is about, as the simulator (and the carrier) sends it.
    expect(kinds.indexOf("dial-action")).toBeGreaterThanOrEqual(0);
    // The caller's own status callback (the phone's leg reports its answer during the dial).
    const callerStatus = transcript.webhooks.findIndex(
      (w) => w.kind === "call-status" && !w.params.ParentCallSid,
    );
    expect(kinds.indexOf("dial-action")).toBeLessThan(callerStatus);

    const log = await callLog(transcript.callSid);
    expect(log).toMatchObject({ extensionId: ids.get("desk"), extensionDialStatus: "completed" });
    expect(await extensionFigures("Front desk")).toMatchObject({
      calls: 1,
      answered: 1,
      missed: 0,
      averageDurationSeconds: log?.durationSeconds,
    });
    expect(await extensionFigures("Records")).toMatchObject({ calls: 0, answered: 0 });
  });

  it("counts the extension when the status callback created the log before the dial is reported", async () => {
    // The simulator's webhooks of a real call, sent again for a new call in the other order.
    const transcript = await callThrough("3", "+13055550102");
    await t.db.db.delete(schema.callLogs);
    await t.db.db.delete(schema.callExtensionDials);
    const statuses = transcript.webhooks.filter((w) => w.kind === "call-status" && !w.params.ParentCallSid);
    const dial = transcript.webhooks.find((w) => w.kind === "dial-action");
    expect(statuses.length).toBeGreaterThan(0);
    if (!dial) throw new Error("the call had no dial action");
    const callSid = `CA${"b".repeat(32)}`;

    for (const status of statuses) await replay(status, callSid);
    expect(await callLog(callSid)).toMatchObject({ callStatus: "completed", extensionId: null });
    await replay(dial, callSid);

    const log = await callLog(callSid);
    expect(log).toMatchObject({ extensionId: ids.get("records"), extensionDialStatus: "completed" });
    expect(await extensionFigures("Records")).toMatchObject({
      calls: 1,
      answered: 1,
      averageDurationSeconds: log?.durationSeconds,
    });
    // Written onto the log: nothing is kept aside for it.
    expect(await t.db.db.select().from(schema.callExtensionDials)).toEqual([]);
  });
});
