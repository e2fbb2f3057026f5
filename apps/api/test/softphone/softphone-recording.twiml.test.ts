import { schema } from "@poundline/db";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, expect, it } from "vitest";
import { addEmergencyAddress } from "../console/seed";
import { type RecordingApp, startRecordingApp } from "../recordings/call-recording-fixtures";
import { findTwimlValidator } from "../scenarios/twiml-xsd";
import { carrierPost } from "../twilio/carrier";

/** A call placed from the browser on a number that records its calls is recorded like the number's calls. */
let r: RecordingApp;

beforeAll(async () => {
  r = await startRecordingApp(undefined);
  await addEmergencyAddress(r.t, r.ids.get("law") ?? "", r.ids.get("law-line") ?? "");
});
afterAll(() => r?.close());

const dialOf = (xml: string) => xml.match(/<Dial [^>]*>/)?.[0] ?? "";

it("records the Dial out, with the recording callback for the member's call; not once the number stops recording", async () => {
  const accountId = r.ids.get("law") ?? "";
  const from = `client:${accountId}_${r.ids.get("law-owner")}`;
  const recorded = await carrierPost(r.t, "/twilio/voice/softphone", {
    CallSid: `CA${"5".repeat(32)}`,
    From: from,
    To: "+13055550999",
  });
  expect(recorded.statusCode).toBe(200);
  const dial = dialOf(recorded.body);
  expect(dial, recorded.body).toContain('record="record-from-answer-dual"');
  expect(dial).toContain(
    `recordingStatusCallback="http://localhost:3000/twilio/voice/call-recording?a=${accountId}&amp;n=`,
  );
  expect(dial).toContain('recordingStatusCallbackEvent="completed"');

  await r.t.db.db
    .update(schema.numberRouting)
    .set({ recordCalls: false })
    .where(eq(schema.numberRouting.accountId, accountId));
  await r.t.app.deps.routing.reload();
  const plain = await carrierPost(r.t, "/twilio/voice/softphone", {
    CallSid: `CA${"6".repeat(32)}`,
    From: from,
    To: "+13055550999",
  });
  expect(dialOf(plain.body)).not.toContain("record");

  const validator = findTwimlValidator();
  if (!validator.ok) {
    expect(process.env.CI, validator.reason).toBeFalsy();
    return;
  }
  expect(await validator.validate(new Map([[recorded.body, "recorded"]]))).toEqual([]);
});
