import type { CarrierSim } from "@poundline/carrier-sim";
import { schema } from "@poundline/db";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../src/testing";
import { addNumber } from "../console/seed";
import { createUser, type SignedIn, signIn, type TestUser } from "../fixtures";
import { fundWallet, openSoftphone } from "./helpers";

/** A member calls out from the browser, and takes a call there, through the embedded simulator. */

const OUTSIDE = "+13055559999";
let t: TestApp;
let sim: CarrierSim;
let owner: TestUser;
let ownerIn: SignedIn;
let numberId: string;

beforeAll(async () => {
  t = await createTestApp({ config: { LOG_LEVEL: "error" } });
  if (!t.app.deps.simulator) throw new Error("the embedded simulator is the carrier");
  sim = t.app.deps.simulator;
  owner = await createUser(t);
  ownerIn = await signIn(t, owner);
  numberId = await addNumber(t, owner.accountId, "+13055550100");
  await fundWallet(t, owner.accountId);
  await t.app.deps.routing.changed();
});
afterAll(() => t.close());

const logOf = async (callSid: string) =>
  (await t.db.db.select().from(schema.callLogs).where(eq(schema.callLogs.callSid, callSid)))[0];

describe("settings", () => {
  it("offers the numbers with an E911 address as caller IDs; ringing the browser is off until asked", async () => {
    const res = await t.app.inject({
      method: "GET",
      url: "/api/softphone/settings",
      headers: ownerIn.headers,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      ringBrowser: false,
      forwardingPhone: null,
      callerIds: [{ id: numberId, e164: "+13055550100", friendlyName: "Main line" }],
      defaultCallerId: numberId,
    });
  });

  it("ringing the browser is saved and reaches the routing tables before the answer", async () => {
    const res = await t.app.inject({
      method: "PUT",
      url: "/api/softphone/settings",
      headers: ownerIn.headers,
      payload: { ringBrowser: true },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().ringBrowser).toBe(true);
    const [row] = await t.db.db
      .select({ ringBrowser: schema.memberSettings.ringBrowser })
      .from(schema.memberSettings)
      .where(
        and(eq(schema.memberSettings.accountId, owner.accountId), eq(schema.memberSettings.userId, owner.id)),
      );
    expect(row?.ringBrowser).toBe(true);
    const member = t.app.deps.routing.current().accounts.get(owner.accountId)?.members.get(owner.id);
    expect(member?.forwardingNumbers).toEqual([`client:${owner.accountId}_${owner.id}`]);
  });
});

describe("a call out from the browser", () => {
  it("is dialled from the account's number, logged as the member's, and its legs charged when it ends", async () => {
    const phone = await openSoftphone(t, sim, ownerIn);
    phone.send({ type: "connect", ref: "r1", params: { To: "(305) 555-9999", CallerId: numberId } });
    const { parameters } = await phone.next("ringing");
    await phone.next("accepted");
    await expect
      .poll(() => logOf(parameters.CallSid))
      .toMatchObject({
        accountId: owner.accountId,
        userId: owner.id,
        direction: "outbound",
        fromNumber: "+13055550100",
        toNumber: OUTSIDE,
        dialledNumber: `client:${phone.identity}`,
      });
    phone.send({ type: "hangup", callSid: parameters.CallSid });
    await phone.next("disconnected");
    await sim.idle();
    await expect.poll(async () => (await logOf(parameters.CallSid))?.callStatus).toBe("completed");
    const legs = await t.db.db
      .select()
      .from(schema.callLogs)
      .where(eq(schema.callLogs.parentCallSid, parameters.CallSid));
    expect(legs).toEqual([expect.objectContaining({ toNumber: OUTSIDE, callStatus: "completed" })]);
    phone.close();
  });

  it("the call card names the call's log and the other party", async () => {
    const phone = await openSoftphone(t, sim, ownerIn);
    phone.send({ type: "connect", ref: "r2", params: { To: OUTSIDE } });
    const { parameters } = await phone.next("ringing");
    await expect.poll(() => logOf(parameters.CallSid)).toBeDefined();
    const res = await t.app.inject({
      method: "GET",
      url: `/api/softphone/calls/${parameters.CallSid}/card`,
      headers: ownerIn.headers,
    });
    expect(res.statusCode, res.body).toBe(200);
    const card = res.json();
    expect(card).toMatchObject({
      callId: (await logOf(parameters.CallSid))?.id,
      number: OUTSIDE,
      contact: null,
    });
    expect(card.recent.map((r: { direction: string }) => r.direction)).toEqual(["outbound"]);
    phone.send({ type: "hangup", callSid: parameters.CallSid });
    await phone.next("disconnected");
    phone.close();
  });
});

describe("a call to the member, in the browser", () => {
  it("rings the browser beside nothing else; answered, the caller and the member talk, and the leg is logged", async () => {
    const [line] = await t.db.db
      .select()
      .from(schema.memberSettings)
      .where(eq(schema.memberSettings.userId, owner.id));
    expect(line?.ringBrowser).toBe(true);
    await t.db.db
      .update(schema.memberSettings)
      .set({ directNumberId: numberId })
      .where(eq(schema.memberSettings.userId, owner.id));
    await t.app.deps.routing.changed();
    const phone = await openSoftphone(t, sim, ownerIn);
    const call = sim.placeCall({ from: "+13055551234", to: "+13055550100" });
    const incoming = await phone.next("incoming");
    expect(incoming.parameters).toMatchObject({ From: "+13055551234", To: `client:${phone.identity}` });
    phone.send({ type: "accept", callSid: incoming.parameters.CallSid });
    await phone.next("accepted");
    phone.send({ type: "hangup", callSid: incoming.parameters.CallSid });
    const transcript = await call;
    expect(incoming.customParameters).toEqual({ ParentCallSid: transcript.callSid });
    expect(transcript.dials[0]?.dialCallStatus).toBe("completed");
    await expect
      .poll(async () =>
        t.db.db.select().from(schema.callLogs).where(eq(schema.callLogs.parentCallSid, transcript.callSid)),
      )
      .toEqual([expect.objectContaining({ toNumber: `client:${phone.identity}`, callStatus: "completed" })]);
    // The call history says who took it: the member whose softphone answered.
    const history = await t.app.inject({
      method: "GET",
      url: "/api/calls?direction=inbound",
      headers: ownerIn.headers,
    });
    expect(history.json().calls, history.body).toContainEqual(
      expect.objectContaining({ fromNumber: "+13055551234", answeredById: owner.id }),
    );
    phone.close();
  });
});
