import type { CarrierSim } from "@poundline/carrier-sim";
import type { CallListJson } from "@poundline/contracts/calls/schemas";
import { schema } from "@poundline/db";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../src/testing";
import { createUser, type SignedIn, signIn, type TestUser } from "../fixtures";
import { insertMenu, insertSharedNumber } from "./helpers";

let t: TestApp;
let sim: CarrierSim;
let alice: TestUser;
let bob: TestUser;
let bobSession: SignedIn;
let number: { id: string; poundCode: string; e164: string };

beforeAll(async () => {
  t = await createTestApp();
  if (!t.app.deps.simulator) throw new Error("the test app runs on the embedded carrier simulator");
  sim = t.app.deps.simulator;
  alice = await createUser(t);
  bob = await createUser(t);
  bobSession = await signIn(t, bob);
  const menuId = await insertMenu(t, alice.accountId);
  number = await insertSharedNumber(t, {
    manager: alice.accountId,
    licensees: [alice.accountId, bob.accountId],
  });
  const res = await t.app.inject({
    method: "PUT",
    url: `/api/geo-routing/shared-numbers/${number.id}/rules`,
    headers: (await signIn(t, alice)).headers,
    payload: {
      rules: [
        { locationType: "areaCode", locationValue: "305", targetAccountId: bob.accountId },
        { locationType: "state", locationValue: "FL", targetAccountId: alice.accountId, ivrMenuId: menuId },
      ],
    },
  });
  expect(res.statusCode).toBe(200);
  await t.app.deps.routing.reload();
});
afterAll(() => t.close());

const logOf = async (callSid: string) => {
  const [row] = await t.db.db.select().from(schema.callLogs).where(eq(schema.callLogs.callSid, callSid));
  return row;
};

describe("a call log of a shared number says why it went where it did", () => {
  it.each([
    [
      "+13055550123",
      "bob",
      { locationType: "areaCode", locationValue: "305", priority: 1 },
      { country: "US", regions: ["FL"], areaCode: "305" },
    ],
    [
      "+14075550123",
      "alice",
      { locationType: "state", locationValue: "FL", priority: 2 },
      { country: "US", regions: ["FL"], areaCode: "407" },
    ],
    ["+14045550123", "alice", null, { country: "US", regions: ["GA"], areaCode: "404" }],
    ["Anonymous", "alice", null, { country: null, regions: [], areaCode: null }],
  ] as const)("from %s: %s, by %j", async (from, who, rule, location) => {
    sim.reset();
    const transcript = await sim.placeCall({ from, to: number.poundCode, press: ["9"] });
    await sim.idle();
    const log = await logOf(transcript.callSid);
    expect(log?.accountId).toBe(who === "bob" ? bob.accountId : alice.accountId);
    expect(log?.sharedNumberId).toBe(number.id);
    expect(log?.geoRoute).toEqual({ rule: rule ? { id: expect.stringMatching(/^geo_/), ...rule } : null });
    expect(log?.callerLocation).toEqual(location);
  });

  it("keeps the ZIP code a caller it could not place gave when asked", async () => {
    await t.db.db
      .update(schema.sharedNumbers)
      .set({ askLocation: true })
      .where(eq(schema.sharedNumbers.id, number.id));
    await t.app.deps.routing.reload();
    sim.reset();
    const transcript = await sim.placeCall({
      from: "Anonymous",
      to: number.poundCode,
      press: ["33101", "9"],
    });
    await sim.idle();
    const log = await logOf(transcript.callSid);
    expect(log?.accountId).toBe(alice.accountId);
    expect(log?.geoRoute).toEqual({
      rule: { id: expect.stringMatching(/^geo_/), locationType: "state", locationValue: "FL", priority: 2 },
    });
    expect(log?.callerLocation).toEqual({
      country: "US",
      regions: ["FL"],
      areaCode: null,
      postalCode: "33101",
    });
    const [kept] = await t.db.db
      .select()
      .from(schema.callerPostalCodes)
      .where(eq(schema.callerPostalCodes.callSid, transcript.callSid));
    expect(kept?.postalCode).toBe("33101");
  });

  it("shows it in the call history", async () => {
    const res = await t.app.inject({ method: "GET", url: "/api/calls", headers: bobSession.headers });
    const calls = res.json<CallListJson>().calls;
    expect(calls).toHaveLength(1);
    expect(calls[0]?.route).toEqual({
      poundCode: number.poundCode,
      rule: { locationType: "areaCode", locationValue: "305", priority: 1 },
      location: { country: "US", regions: ["FL"], areaCode: "305" },
    });
  });
});
