import type { CarrierSim } from "@poundline/carrier-sim";
import { schema } from "@poundline/db";
import { softphoneIdentity } from "@poundline/domain";
import { SOFTPHONE_REFUSALS } from "@poundline/modules/softphone/outgoing";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../src/testing";
import { addCall, addNumber } from "../console/seed";
import { createMember, createUser, type SignedIn, signIn, type TestUser } from "../fixtures";
import { findTwimlValidator } from "../scenarios/twiml-xsd";
import { fundWallet } from "./helpers";

/**
 * Who may use the softphone and what it may reach: a bookkeeper places no call (the token is
 * refused, and a call the carrier still sends is told no), another account's calls stay unseen,
 * and the destination policy holds for calls from the browser too.
 */

let t: TestApp;
let sim: CarrierSim;
let owner: TestUser;
let ownerIn: SignedIn;
let viewer: TestUser;
let viewerIn: SignedIn;
let strangerIn: SignedIn;

beforeAll(async () => {
  t = await createTestApp({ config: { LOG_LEVEL: "error" } });
  if (!t.app.deps.simulator) throw new Error("the embedded simulator is the carrier");
  sim = t.app.deps.simulator;
  owner = await createUser(t);
  ownerIn = await signIn(t, owner);
  viewer = await createMember(t, owner.accountId, "viewer");
  viewerIn = await signIn(t, viewer);
  strangerIn = await signIn(t, await createUser(t));
  await addNumber(t, owner.accountId, "+13055550100");
  await fundWallet(t, owner.accountId);
  await t.app.deps.routing.changed();
});
afterAll(() => t.close());

/** What the softphone's voice URL answers the carrier for a call from `identity` to `to`. */
async function callOut(identity: string, to: string) {
  const transcript = await sim.placeClientCall({
    identity,
    applicationSid: "APc0ffee00000000000000000000000000",
    application: sim.applications.APc0ffee00000000000000000000000000 ?? { voiceUrl: "" },
    params: { To: to },
    device: { ended: new Promise(() => {}), hangUp: () => {}, digits: [], scriptedSeconds: 1 },
    onStart: () => {},
  });
  return { transcript };
}

describe("the softphone's endpoints", () => {
  it.each([
    ["GET", "/api/softphone/settings", undefined],
    ["PUT", "/api/softphone/settings", { ringBrowser: true }],
    ["GET", "/api/softphone/calls/CA123/card", undefined],
  ] as const)("%s %s: a bookkeeper may not place calls (403)", async (method, url, payload) => {
    const res = await t.app.inject({
      method,
      url,
      headers: viewerIn.headers,
      ...(payload ? { payload } : {}),
    });
    expect(res.statusCode).toBe(403);
  });

  it("a ring setting that is not a yes or no is refused by field", async () => {
    const res = await t.app.inject({
      method: "PUT",
      url: "/api/softphone/settings",
      headers: ownerIn.headers,
      payload: { ringBrowser: "yes" },
    });
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().error.fields)).toEqual(["body.ringBrowser"]);
  });

  it("another account's call is not found on the card: nothing of it is shown", async () => {
    const callId = await addCall(t, owner.accountId, new Date(), 0, { fromNumber: "+13055550111" });
    const [call] = await t.db.db.select().from(schema.callLogs).where(eq(schema.callLogs.id, callId));
    const res = await t.app.inject({
      method: "GET",
      url: `/api/softphone/calls/${call?.callSid}/card`,
      headers: strangerIn.headers,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ callId: null, number: null, contact: null, recent: [] });
  });
});

describe("the softphone's voice URL", () => {
  it("tells a bookkeeper's call no, logs it refused and unbilled, and says why on their softphone", async () => {
    const events: unknown[] = [];
    const stop = t.app.deps.live.subscribe(owner.accountId, (event) => events.push(event));
    const { transcript } = await callOut(softphoneIdentity(owner.accountId, viewer.id), "+13055559999");
    expect(transcript.spoken).toEqual([SOFTPHONE_REFUSALS.notAllowed]);
    expect(transcript.dials).toEqual([]);
    // The carrier reports the refused call completed: its log says refused, and nothing is charged.
    const [log] = await t.db.db
      .select()
      .from(schema.callLogs)
      .where(eq(schema.callLogs.callSid, transcript.callSid));
    expect(log).toMatchObject({ callStatus: "refused", priceCents: null });
    await expect
      .poll(() => events)
      .toContainEqual(
        expect.objectContaining({
          type: "softphone.refused",
          userId: viewer.id,
          message: SOFTPHONE_REFUSALS.notAllowed,
        }),
      );
    stop();
  });

  it("holds calls from the browser to the destination policy (a premium number is not dialled)", async () => {
    const { transcript } = await callOut(softphoneIdentity(owner.accountId, owner.id), "+19005550100");
    expect(transcript.dials).toEqual([]);
    expect(transcript.spoken[0]).toMatch(/premium|cannot|not allowed/i);
  });

  it("does not let an identity of another account's member borrow this account's numbers", async () => {
    const { transcript } = await callOut(`${owner.accountId}_usr_nobody`, "+13055559999");
    expect(transcript.spoken).toEqual([SOFTPHONE_REFUSALS.notMember]);
  });

  it("answers TwiML the carrier's schema accepts, for a dial and for a refusal", async () => {
    const validator = findTwimlValidator();
    if (!validator.ok) {
      expect(process.env.CI, validator.reason).toBeFalsy();
      return;
    }
    const dial = await callOut(softphoneIdentity(owner.accountId, owner.id), "+13055559999");
    const refused = await callOut(softphoneIdentity(owner.accountId, viewer.id), "+13055559999");
    const documents = new Map(
      [dial.transcript, refused.transcript].flatMap((call) =>
        call.webhooks.filter((w) => w.kind === "voice").map((w) => [w.body, `softphone ${w.url}`] as const),
      ),
    );
    expect(documents.size).toBe(2);
    expect(await validator.validate(documents)).toEqual([]);
  });
});
