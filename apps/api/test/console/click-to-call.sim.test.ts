import { schema } from "@poundline/db";
import { insertRoutingConfig } from "@poundline/db/fixtures";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../src/testing";
import { signIn } from "../fixtures";
import { addEmergencyAddress, fundWallet } from "./seed";

const OUR_NUMBER = "+13055550100";
const MY_PHONE = "+13055550142";
const DESTINATION = "+14045550199";

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** Make a Call through the embedded carrier simulator, as in `npm start`. */
describe("click-to-call on the carrier simulator", () => {
  it("rings the user's phone, then dials the destination with our number, and logs the call", async () => {
    const ids = await insertRoutingConfig(t.db.db, {
      accounts: [{ key: "acme" }],
      numbers: [{ key: "main", account: "acme", e164: OUR_NUMBER }],
    });
    await t.app.deps.routing.changed();
    const accountId = ids.get("acme") as string;
    await addEmergencyAddress(t, accountId, ids.get("main") as string);
    await fundWallet(t, accountId, 500);
    const userId = "user_clicktocall";
    await t.db.db
      .insert(schema.users)
      .values({ id: userId, email: "c2c@example.com", firstName: "C", lastName: "C" });
    await t.db.db.insert(schema.accountMemberships).values({ accountId, userId, role: "owner" });
    const session = await signIn(t, { id: userId });
    // The user answers; the destination talks for 125 s.
    t.app.deps.simulator?.setCallee(MY_PHONE, {
      dial: { [DESTINATION]: { outcome: "answer", ringSeconds: 2, talkSeconds: 125 } },
    });

    const res = await t.app.inject({
      method: "POST",
      url: "/api/calls/click-to-call",
      headers: session.headers,
      payload: { myPhone: MY_PHONE, to: DESTINATION },
    });
    expect(res.statusCode, res.body).toBe(201);
    const { callId, callSid } = res.json<{ callId: string; callSid: string }>();

    const sim = t.app.deps.simulator;
    expect(sim).not.toBeNull();
    await sim?.idle();
    const call = sim?.call(callSid);
    expect(call).toMatchObject({ from: OUR_NUMBER, to: MY_PHONE, status: "completed" });
    const dial = call?.transcript?.verbs.find((v) => v.verb === "Dial");
    expect(dial?.attributes.callerId).toBe(OUR_NUMBER);
    expect(JSON.stringify(dial)).toContain(DESTINATION);

    const [log] = await t.db.db.select().from(schema.callLogs).where(eq(schema.callLogs.id, callId));
    expect(log).toMatchObject({
      accountId,
      userId,
      direction: "outbound",
      fromNumber: OUR_NUMBER,
      toNumber: DESTINATION,
      // The first leg rang the user's phone: billing prices it by that number.
      dialledNumber: MY_PHONE,
      callStatus: "completed",
      // Not the contact of the user's own phone, which the carrier's events of the first leg name.
      contactId: null,
    });
    // The bridge leg reported its own completion: a leg of the call, to the destination.
    const legs = await t.db.db
      .select()
      .from(schema.callLogs)
      .where(eq(schema.callLogs.parentCallSid, callSid));
    expect(legs).toMatchObject([
      {
        accountId,
        direction: "outbound",
        toNumber: DESTINATION,
        durationSeconds: 125,
        callStatus: "completed",
      },
    ]);
    // Both legs are handed to billing.
    const charges = await t.db.db
      .select({ callSid: schema.callLogs.callSid })
      .from(schema.pendingCharges)
      .innerJoin(schema.callLogs, eq(schema.callLogs.id, schema.pendingCharges.callLogId));
    expect(charges.map((c) => c.callSid).sort()).toEqual([callSid, legs[0]?.callSid].sort());
  });
});
