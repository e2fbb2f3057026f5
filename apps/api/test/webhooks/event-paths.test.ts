import type { CarrierSim } from "@poundline/carrier-sim";
import { schema } from "@poundline/db";
import { and, asc, eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../src/testing";
import { addNumber } from "../call-routing/helpers";
import { addEmergencyAddress, fundWallet } from "../console/seed";
import { createUser, type SignedIn, signIn } from "../fixtures";
import { carrierPost } from "../twilio/carrier";
import { createHook } from "./helpers";

/**
 * Events from the paths other than the usual callback: the carrier's transcription of a voicemail,
 * a text the carrier refuses at once, a call the console logs before the carrier reports it.
 */

const LINE = "+13055550144";
const PEER = "+13055551288";
const MY_PHONE = "+13055550171";

let t: TestApp;
let sim: CarrierSim;
let owner: SignedIn;
let accountId: string;

beforeAll(async () => {
  t = await createTestApp();
  if (!t.app.deps.simulator) throw new Error("the embedded simulator is the carrier");
  sim = t.app.deps.simulator;
  const user = await createUser(t);
  accountId = user.accountId;
  owner = await signIn(t, user);
  const numberId = await addNumber(t, accountId, LINE);
  await addEmergencyAddress(t, accountId, numberId);
  await fundWallet(t, accountId, 10_000);
  await t.app.deps.routing.reload();
  await createHook(t, owner, {
    url: "https://hooks.example.com/paths",
    eventTypes: [
      "voicemail.transcribed",
      "message.failed",
      "call.ringing",
      "call.answered",
      "call.completed",
    ],
  });
});
afterAll(() => t.close());
beforeEach(async () => {
  await t.db.db.delete(schema.webhookEvents);
});

const events = (type: string) =>
  t.db.db
    .select()
    .from(schema.webhookEvents)
    .where(and(eq(schema.webhookEvents.accountId, accountId), eq(schema.webhookEvents.type, type)))
    .orderBy(asc(schema.webhookEvents.createdAt));

describe("voicemail.transcribed from the carrier's transcription callback", () => {
  it("is emitted once with the text, however often the callback comes", async () => {
    const recordingSid = `RE${"a".repeat(32)}`;
    const recordingPath = `/twilio/recording?${new URLSearchParams({ a: accountId, fr: PEER, to: LINE })}`;
    const stored = await carrierPost(t, recordingPath, {
      AccountSid: "AC0",
      CallSid: `CA${"a".repeat(32)}`,
      RecordingSid: recordingSid,
      RecordingUrl: `https://api.twilio.com/2010-04-01/Accounts/AC0/Recordings/${recordingSid}`,
      RecordingStatus: "completed",
      RecordingDuration: "9",
    });
    expect(stored.statusCode, stored.body).toBe(200);
    const callback = {
      RecordingSid: recordingSid,
      TranscriptionStatus: "completed",
      TranscriptionText: "Please call me back",
    };
    for (let i = 0; i < 2; i++) {
      const res = await carrierPost(t, `/twilio/recording/transcription?a=${accountId}`, callback);
      expect(res.statusCode, res.body).toBe(200);
    }
    const emitted = await events("voicemail.transcribed");
    expect(emitted.map((e) => e.payload)).toEqual([
      expect.objectContaining({
        data: expect.objectContaining({
          transcription: "Please call me back",
          transcriptionStatus: "completed",
        }),
      }),
    ]);
  });
});

describe("message.failed when the carrier refuses the send", () => {
  it("is emitted with the failed row, once", async () => {
    // The carrier refuses a text from a number to itself (21266) in its answer to the send.
    const res = await t.app.inject({
      method: "POST",
      url: "/api/messages",
      headers: owner.headers,
      payload: { from: LINE, to: LINE, body: "To myself" },
    });
    expect(res.statusCode, res.body).toBeGreaterThanOrEqual(400);
    const [row] = await t.db.db
      .select()
      .from(schema.messages)
      .where(and(eq(schema.messages.accountId, accountId), eq(schema.messages.body, "To myself")));
    expect(row).toMatchObject({ status: "failed", errorCode: 21266 });
    const emitted = await events("message.failed");
    expect(emitted.map((e) => e.payload)).toEqual([
      expect.objectContaining({
        data: expect.objectContaining({ id: row?.id, status: "failed", errorCode: 21266, messageSid: null }),
      }),
    ]);
  });
});

describe("call.ringing for a call the console places", () => {
  it("Make a Call: ringing, answered, completed, once each", async () => {
    sim.setCallee(MY_PHONE, { dial: { [PEER]: { outcome: "answer", ringSeconds: 2, talkSeconds: 30 } } });
    const res = await t.app.inject({
      method: "POST",
      url: "/api/calls/click-to-call",
      headers: owner.headers,
      payload: { myPhone: MY_PHONE, to: PEER },
    });
    expect(res.statusCode, res.body).toBe(201);
    const { callSid } = res.json<{ callSid: string }>();
    await sim.idle();
    const ofCall = async (type: string) =>
      (await events(type)).filter(
        (e) => (e.payload as { data: { callSid: string } }).data.callSid === callSid,
      );
    expect(await ofCall("call.ringing")).toHaveLength(1);
    expect(await ofCall("call.answered")).toHaveLength(1);
    expect(await ofCall("call.completed")).toHaveLength(1);
  });
});
