import type { CarrierSim } from "@poundline/carrier-sim";
import { schema } from "@poundline/db";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../src/testing";
import { addNumber } from "../call-routing/helpers";
import { createUser, type SignedIn, signIn, type TestUser } from "../fixtures";

/**
 * Blocked callers through the carrier simulator: each rule and action, the call log marked, and
 * a rejected call never answered nor charged.
 */

const LINE = "+13055550170";
const SPAMMER = "+19005550123";
const now = new Date("2026-11-23T15:00:00Z");
let t: TestApp;
let sim: CarrierSim;
let owner: TestUser;
let session: SignedIn;

beforeAll(async () => {
  t = await createTestApp({ clock: () => now, config: { LOG_LEVEL: "error" } });
  if (!t.app.deps.simulator) throw new Error("the embedded simulator is the carrier");
  sim = t.app.deps.simulator;
  owner = await createUser(t);
  session = await signIn(t, owner);
  await addNumber(t, owner.accountId, LINE);
  await t.app.deps.routing.reload();
  const added = await t.app.inject({
    method: "POST",
    url: "/api/call-blocking/entries",
    headers: session.headers,
    payload: { kind: "prefix", value: "+1900", note: "premium-rate" },
  });
  expect(added.statusCode, added.body).toBe(201);
});
afterAll(() => t.close());
beforeEach(async () => {
  await t.db.db.delete(schema.voicemails);
  await t.db.db.delete(schema.callLogs);
  sim.reset();
});

async function setRules(rules: { list: string; withheld: string; unverified: string }) {
  const res = await t.app.inject({
    method: "PUT",
    url: "/api/call-blocking/rules",
    headers: session.headers,
    payload: rules,
  });
  expect(res.statusCode, res.body).toBe(200);
}

async function callFrom(from: string, extra: { stirVerstat?: string; press?: string[] } = {}) {
  const transcript = await sim.placeCall({ from, to: LINE, recordSeconds: 3, ...extra });
  await sim.idle();
  return transcript;
}

/** The call's log, once the carrier's callbacks and the block recorder both wrote. */
async function logOf(callSid: string) {
  for (;;) {
    const [row] = await t.db.db
      .select()
      .from(schema.callLogs)
      .where(and(eq(schema.callLogs.accountId, owner.accountId), eq(schema.callLogs.callSid, callSid)));
    if (row?.blockRule !== undefined && row.blockRule !== null) return row;
    await new Promise((resolve) => setImmediate(resolve));
  }
}

const verbsOf = (transcript: { verbs: { verb: string }[] }) => transcript.verbs.map((v) => v.verb);

describe("a caller on the block list", () => {
  it("is rejected unanswered: logged blocked, no voicemail, no leg, nothing charged", async () => {
    await setRules({ list: "reject", withheld: "allow", unverified: "allow" });
    const balance = await t.db.db.select().from(schema.wallets);
    const transcript = await callFrom(SPAMMER);
    expect(verbsOf(transcript)).toEqual(["Reject"]);
    expect(transcript.answeredAt).toBeNull();
    const log = await logOf(transcript.callSid);
    expect(log).toMatchObject({ callStatus: "blocked", blockRule: "list", durationSeconds: 0 });
    const logs = await t.db.db.select().from(schema.callLogs);
    expect(logs).toHaveLength(1);
    expect(await t.db.db.select().from(schema.voicemails)).toEqual([]);
    expect(await t.db.db.select().from(schema.wallets)).toEqual(balance);
    expect(await t.db.db.select().from(schema.pendingCharges)).toEqual([]);
  });

  it("goes to voicemail when the list says so, logged as caught by the list", async () => {
    await setRules({ list: "voicemail", withheld: "allow", unverified: "allow" });
    const transcript = await callFrom(SPAMMER);
    expect(verbsOf(transcript)).toContain("Record");
    const log = await logOf(transcript.callSid);
    expect(log.blockRule).toBe("list");
    expect(log.callStatus).not.toBe("blocked");
  });

  it("is screened: pressing 1 puts them through to the number's routing", async () => {
    await setRules({ list: "screen", withheld: "allow", unverified: "allow" });
    const transcript = await callFrom(SPAMMER, { press: ["1"] });
    expect(transcript.spoken).toContain("Please press 1 to be connected.");
    expect(verbsOf(transcript)).toContain("Record");
    expect((await logOf(transcript.callSid)).blockRule).toBe("list");
  });

  it("is screened: no key, and the call ends without voicemail", async () => {
    await setRules({ list: "screen", withheld: "allow", unverified: "allow" });
    const transcript = await callFrom(SPAMMER, { press: [""] });
    expect(verbsOf(transcript)).not.toContain("Record");
    expect((await logOf(transcript.callSid)).blockRule).toBe("list");
  });

  it("an ordinary caller is not touched", async () => {
    await setRules({ list: "reject", withheld: "reject", unverified: "reject" });
    const transcript = await callFrom("+13055551234", { stirVerstat: "TN-Validation-Passed-A" });
    expect(verbsOf(transcript)).toContain("Record");
    const [log] = await t.db.db.select().from(schema.callLogs);
    expect(log?.blockRule).toBeNull();
  });
});

describe("the rules", () => {
  it("rejects a withheld caller when asked", async () => {
    await setRules({ list: "reject", withheld: "reject", unverified: "allow" });
    const transcript = await callFrom("Anonymous");
    expect(verbsOf(transcript)).toEqual(["Reject"]);
    expect(await logOf(transcript.callSid)).toMatchObject({ callStatus: "blocked", blockRule: "withheld" });
  });

  it("rejects a caller whose caller ID failed verification (StirVerstat)", async () => {
    await setRules({ list: "reject", withheld: "allow", unverified: "reject" });
    const transcript = await callFrom("+13055551234", { stirVerstat: "TN-Validation-Failed-C" });
    expect(verbsOf(transcript)).toEqual(["Reject"]);
    expect(await logOf(transcript.callSid)).toMatchObject({ callStatus: "blocked", blockRule: "unverified" });
  });

  it("lists blocked calls under the history's blocked filter", async () => {
    await setRules({ list: "reject", withheld: "allow", unverified: "allow" });
    const transcript = await callFrom(SPAMMER);
    const log = await logOf(transcript.callSid);
    await callFrom("+13055551234");
    const res = await t.app.inject({
      method: "GET",
      url: "/api/calls?direction=blocked",
      headers: session.headers,
    });
    expect(res.json().calls.map((c: { id: string }) => c.id)).toEqual([log.id]);
  });
});
