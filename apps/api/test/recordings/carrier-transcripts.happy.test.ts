import { schema } from "@poundline/db";
import { voicePaths } from "@poundline/domain";
import { waitFor } from "@poundline/testing/jobs";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { carrierPost } from "../twilio/carrier";
import { DESK_PHONE, MAIN_LINE, type RecordingApp, startRecordingApp } from "./call-recording-fixtures";

/** What each party says, in seconds from when the desk answered. */
const CALLER_SAYS = [
  { at: 1.2, text: "Hi, I have a question about my invoice." },
  { at: 9, text: "Thank you, goodbye." },
];
const DESK_SAYS = [
  { at: 0, text: "Demo Law Group, how can I help?" },
  { at: 4.5, text: "Sure, let me look that up." },
];
const TURNS = [
  { speaker: "team", startSeconds: 0, text: "Demo Law Group, how can I help?" },
  { speaker: "other", startSeconds: 1.2, text: "Hi, I have a question about my invoice." },
  { speaker: "team", startSeconds: 4.5, text: "Sure, let me look that up." },
  { speaker: "other", startSeconds: 9, text: "Thank you, goodbye." },
];

const { callRecordings, callLogs, callTranscriptions, callTranscriptTexts } = schema;

/**
 * TRANSCRIBER=carrier (the simulator's default): a recorded call's answer asks the carrier's
 * real-time transcription, whose events are kept and merged onto the call's recording.
 */
describe("a recorded call transcribed by the carrier", () => {
  let r: RecordingApp;

  beforeAll(async () => {
    r = await startRecordingApp(undefined, "law");
    expect(r.t.app.deps.carrier.transcriber).toBe("carrier");
  });
  afterAll(() => r?.close());

  async function call(options: { says?: boolean; duplicate?: boolean } = {}) {
    const says = options.says ?? true;
    const transcript = await r.sim.placeCall({
      from: "+14155551234",
      to: MAIN_LINE,
      fromState: "CA",
      ...(says ? { says: CALLER_SAYS } : {}),
      ...(options.duplicate ? { callbacks: { duplicate: true } } : {}),
      dial: {
        [DESK_PHONE]: {
          outcome: "answer",
          ringSeconds: 3,
          talkSeconds: 12,
          ...(says ? { says: DESK_SAYS } : {}),
        },
      },
    });
    await r.sim.idle();
    return transcript.callSid;
  }

  async function transcribed(callSid: string) {
    const rows = () => r.t.db.db.select().from(callRecordings).where(eq(callRecordings.callSid, callSid));
    await waitFor(async () => (await rows()).some((row) => row.transcriptionStatus === "completed"));
    const [row] = await rows();
    const [log] = await r.t.db.db.select().from(callLogs).where(eq(callLogs.callSid, callSid));
    return { row, log };
  }

  it("hears both parties, keeps their turns on the recording and the words on the call's log", async () => {
    const callSid = await call();
    const { row, log } = await transcribed(callSid);
    expect(row).toMatchObject({ source: "call", channels: 2, transcriptionStatus: "completed" });
    expect(row?.transcript).toEqual(TURNS);
    expect(row?.transcriptText).toBe(TURNS.map((t) => t.text).join("\n"));
    expect(log?.transcript).toContain("question about my invoice");
    const [asked] = await r.t.db.db
      .select()
      .from(callTranscriptions)
      .where(eq(callTranscriptions.callSid, callSid));
    expect(asked?.status).toBe("stopped");
    expect(asked?.transcriptionSid).toMatch(/^GT[0-9a-f]{32}$/);

    const found = await r.t.app.inject({
      method: "GET",
      url: "/api/calls?q=LOOK%20THAT%20UP",
      headers: r.owner.headers,
    });
    expect(found.statusCode).toBe(200);
    expect(found.json().calls.map((c: { id: string }) => c.id)).toEqual([log?.id]);
  });

  it("a call where nobody was heard: completed with no turns", async () => {
    const callSid = await call({ says: false });
    const { row, log } = await transcribed(callSid);
    expect(row?.transcript).toEqual([]);
    expect(log?.transcript ?? null).toBeNull();
  });

  it("every event delivered twice: the same transcript, each text kept once, the log's words once", async () => {
    const callSid = await call({ duplicate: true });
    const { row, log } = await transcribed(callSid);
    expect(row?.transcript).toEqual(TURNS);
    const texts = await r.t.db.db
      .select()
      .from(callTranscriptTexts)
      .where(eq(callTranscriptTexts.callSid, callSid));
    expect(texts).toHaveLength(4);
    expect(log?.transcript?.split("Thank you, goodbye.")).toHaveLength(2);
  });

  /** A text of the carrier's transcription event: final, on `track`. */
  const said = (track: string, text: string) => ({
    Track: track,
    Final: "true",
    TranscriptionData: JSON.stringify({ transcript: text, confidence: 0.9 }),
  });

  /**
   * A call whose transcription was asked for (as the dialled leg's answer does), and the carrier's
   * signed posts about it: its transcription's events, and its recording's callback.
   */
  async function askedCall(callSid: string, transcriptionSid: string) {
    const accountId = r.ids.get("law") ?? "";
    const numberId = r.ids.get("law-line") ?? "";
    await r.t.db.db.insert(callTranscriptions).values({ accountId, callSid, transcriptionSid });
    const path = `${voicePaths.callTranscription}?a=${accountId}&n=${numberId}`;
    const event = (sequence: number, name: string, at: string, extra: Record<string, string> = {}) =>
      carrierPost(r.t, path, {
        AccountSid: r.t.app.deps.carrier.accountSid,
        CallSid: callSid,
        TranscriptionSid: transcriptionSid,
        TranscriptionEvent: name,
        SequenceId: String(sequence),
        Timestamp: at,
        ...extra,
      });
    const recorded = (recordingSid: string) => recordingArrives(callSid, recordingSid);
    return { event, recorded };
  }

  /** The carrier's signed callback of a call's finished two-channel `<Dial>` recording. */
  function recordingArrives(callSid: string, recordingSid: string) {
    const query = `a=${r.ids.get("law") ?? ""}&n=${r.ids.get("law-line") ?? ""}`;
    return carrierPost(r.t, `${voicePaths.callRecording}?${query}`, {
      AccountSid: r.t.app.deps.carrier.accountSid,
      CallSid: callSid,
      RecordingSid: recordingSid,
      RecordingUrl: r.sim.recordingUrl(recordingSid),
      RecordingStatus: "completed",
      RecordingDuration: "7",
      RecordingChannels: "2",
      RecordingSource: "DialVerb",
    });
  }

  it("the transcription ending before the recording arrives: the recording's callback settles it", async () => {
    const callSid = `CA${"1".repeat(32)}`;
    const { event, recorded } = await askedCall(callSid, `GT${"2".repeat(32)}`);
    for (const res of [
      await event(1, "transcription-started", "2026-11-23T15:00:03.000Z"),
      await event(2, "transcription-content", "2026-11-23T15:00:03.500Z", said("outbound_track", "Hello?")),
      await event(3, "transcription-content", "2026-11-23T15:00:05.000Z", said("inbound_track", "It's me.")),
      await event(4, "transcription-stopped", "2026-11-23T15:00:10.000Z"),
    ])
      expect(res.statusCode).toBe(200);
    // No recording yet: the texts wait.
    expect(await r.t.db.db.select().from(callRecordings).where(eq(callRecordings.callSid, callSid))).toEqual(
      [],
    );

    const recordingSid = `RE${"3".repeat(32)}`;
    expect((await recorded(recordingSid)).statusCode).toBe(200);
    const [row] = await r.t.db.db
      .select()
      .from(callRecordings)
      .where(and(eq(callRecordings.callSid, callSid), eq(callRecordings.recordingSid, recordingSid)));
    expect(row?.transcriptionStatus).toBe("completed");
    expect(row?.transcript).toEqual([
      { speaker: "team", startSeconds: 0.5, text: "Hello?" },
      { speaker: "other", startSeconds: 2, text: "It's me." },
    ]);
  });

  it("a text delivered after the transcription's end (callbacks crossing): the transcript waits for it", async () => {
    const { event, recorded } = await askedCall(`CA${"7".repeat(32)}`, `GT${"8".repeat(32)}`);
    const recordingSid = `RE${"9".repeat(32)}`;
    // The recording first, waiting for its transcript.
    expect((await recorded(recordingSid)).statusCode).toBe(200);
    const status = async () =>
      (await r.t.db.db.select().from(callRecordings).where(eq(callRecordings.recordingSid, recordingSid)))[0];
    await event(1, "transcription-started", "2026-11-23T15:00:03.000Z");
    await event(2, "transcription-content", "2026-11-23T15:00:04.000Z", said("outbound_track", "Hello?"));
    // The end overtakes the last text: nothing settles yet.
    await event(4, "transcription-stopped", "2026-11-23T15:00:10.000Z");
    expect((await status())?.transcriptionStatus).toBe("pending");
    await event(3, "transcription-content", "2026-11-23T15:00:06.000Z", said("inbound_track", "It's me."));
    expect(await status()).toMatchObject({
      transcriptionStatus: "completed",
      transcript: [
        { speaker: "team", startSeconds: 1, text: "Hello?" },
        { speaker: "other", startSeconds: 3, text: "It's me." },
      ],
    });
  });

  it("a recording of a call whose transcription was never asked for is off", async () => {
    const callSid = `CA${"4".repeat(32)}`;
    const recordingSid = `RE${"5".repeat(32)}`;
    await recordingArrives(callSid, recordingSid);
    const [row] = await r.t.db.db.select().from(callRecordings).where(eq(callRecordings.callSid, callSid));
    expect(row?.transcriptionStatus).toBe("off");
  });

  it("the carrier failing the transcription: the recording waiting for it says failed", async () => {
    const accountId = r.ids.get("law") ?? "";
    const callSid = `CA${"c".repeat(32)}`;
    const transcriptionSid = `GT${"d".repeat(32)}`;
    await r.t.db.db.insert(callTranscriptions).values({ accountId, callSid, transcriptionSid });
    const recordingSid = `RE${"e".repeat(32)}`;
    await recordingArrives(callSid, recordingSid);
    const status = async () =>
      (await r.t.db.db.select().from(callRecordings).where(eq(callRecordings.callSid, callSid)))[0]
        ?.transcriptionStatus;
    expect(await status()).toBe("pending");
    await carrierPost(r.t, `${voicePaths.callTranscription}?a=${accountId}`, {
      CallSid: callSid,
      TranscriptionSid: transcriptionSid,
      TranscriptionEvent: "transcription-error",
      SequenceId: "2",
    });
    expect(await status()).toBe("failed");
  });

  it("a recording of a call whose transcription the carrier refused says failed", async () => {
    const accountId = r.ids.get("law") ?? "";
    const callSid = `CA${"f".repeat(32)}`;
    await r.t.db.db.insert(callTranscriptions).values({ accountId, callSid, status: "failed" });
    const recordingSid = `RE${"f".repeat(32)}`;
    await recordingArrives(callSid, recordingSid);
    const [row] = await r.t.db.db.select().from(callRecordings).where(eq(callRecordings.callSid, callSid));
    expect(row?.transcriptionStatus).toBe("failed");
  });
});
