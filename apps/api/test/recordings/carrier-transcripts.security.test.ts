import { schema } from "@poundline/db";
import { insertRoutingConfig } from "@poundline/db/fixtures";
import { voicePaths } from "@poundline/domain";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { carrierPost } from "../twilio/carrier";
import { type RecordingApp, recordedLine, startRecordingApp } from "./call-recording-fixtures";

const { callRecordings, callTranscriptions, callTranscriptTexts } = schema;

/**
 * The carrier's transcription callback is a /twilio route: signed by the carrier, and writing only
 * to a transcription its URL's account asked for.
 */
describe("the carrier's transcription callback", () => {
  let r: RecordingApp;
  let accountId: string;
  let otherId: string;
  const callSid = `CA${"6".repeat(32)}`;
  const transcriptionSid = `GT${"7".repeat(32)}`;

  beforeAll(async () => {
    r = await startRecordingApp(undefined, "law");
    accountId = r.ids.get("law") ?? "";
    const other = await insertRoutingConfig(r.t.db.db, recordedLine("rival", "+13055550190"));
    await r.t.app.deps.routing.reload();
    otherId = other.get("rival") ?? "";
    await r.t.db.db.insert(callTranscriptions).values({ accountId, callSid, transcriptionSid });
  });
  afterAll(() => r?.close());

  const params = (name: string, sequence: number, extra: Record<string, string> = {}) => ({
    CallSid: callSid,
    TranscriptionSid: transcriptionSid,
    TranscriptionEvent: name,
    SequenceId: String(sequence),
    Timestamp: "2026-11-23T15:00:05.000Z",
    ...extra,
  });
  const said = (sequence: number, text: string) =>
    params("transcription-content", sequence, {
      Track: "inbound_track",
      Final: "true",
      TranscriptionData: JSON.stringify({ transcript: text }),
    });
  const texts = () =>
    r.t.db.db.select().from(callTranscriptTexts).where(eq(callTranscriptTexts.callSid, callSid));

  it("answers 403 to an unsigned event and keeps nothing", async () => {
    const res = await r.t.app.inject({
      method: "POST",
      url: `${voicePaths.callTranscription}?a=${accountId}`,
      headers: { "content-type": "application/x-www-form-urlencoded" },
      payload: new URLSearchParams(said(2, "planted words")).toString(),
    });
    expect(res.statusCode).toBe(403);
    expect(await texts()).toEqual([]);
  });

  it("keeps nothing from another account's URL, nor ends the transcription for it", async () => {
    const path = `${voicePaths.callTranscription}?a=${otherId}`;
    expect((await carrierPost(r.t, path, said(2, "planted words"))).statusCode).toBe(200);
    expect((await carrierPost(r.t, path, params("transcription-stopped", 3))).statusCode).toBe(200);
    expect(await texts()).toEqual([]);
    const [row] = await r.t.db.db
      .select()
      .from(callTranscriptions)
      .where(eq(callTranscriptions.callSid, callSid));
    expect(row?.status).toBe("requested");
    expect(
      await r.t.db.db.select().from(callTranscriptions).where(eq(callTranscriptions.accountId, otherId)),
    ).toEqual([]);
  });

  it("keeps nothing for another transcription of the call, nor for a call never asked about", async () => {
    const path = `${voicePaths.callTranscription}?a=${accountId}`;
    await carrierPost(r.t, path, { ...said(2, "planted"), TranscriptionSid: `GT${"8".repeat(32)}` });
    await carrierPost(r.t, path, { ...said(2, "planted"), CallSid: `CA${"9".repeat(32)}` });
    expect(await texts()).toEqual([]);
  });

  it("a repeated event changes nothing; a settled transcript stays as it was", async () => {
    const path = `${voicePaths.callTranscription}?a=${accountId}`;
    await carrierPost(r.t, path, said(2, "Hello."));
    await carrierPost(r.t, path, said(2, "Hello."));
    expect(await texts()).toHaveLength(1);
    const recordingSid = `RE${"a".repeat(32)}`;
    await carrierPost(r.t, `${voicePaths.callRecording}?a=${accountId}`, {
      CallSid: callSid,
      RecordingSid: recordingSid,
      RecordingUrl: r.sim.recordingUrl(recordingSid),
      RecordingStatus: "completed",
      RecordingDuration: "5",
      RecordingChannels: "2",
      RecordingSource: "DialVerb",
    });
    await carrierPost(r.t, path, params("transcription-stopped", 3));
    await carrierPost(r.t, path, said(4, "Said after the end."));
    await carrierPost(r.t, path, params("transcription-stopped", 3));
    const [row] = await r.t.db.db.select().from(callRecordings).where(eq(callRecordings.callSid, callSid));
    expect(row?.transcriptionStatus).toBe("completed");
    expect(row?.transcript).toEqual([{ speaker: "other", startSeconds: 0, text: "Hello." }]);
  });
});
