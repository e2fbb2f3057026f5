import { schema } from "@poundline/db";
import { readWavFormat } from "@poundline/domain/wav";
import { createTranscriber } from "@poundline/modules/voicemails/jobs/transcriber";
import { localTestStorage, type TestStorage } from "@poundline/platform/storage/testing";
import { waitFor } from "@poundline/testing/jobs";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createMember, signIn } from "../fixtures";
import {
  callLogId,
  placeRecordedCall,
  type RecordingApp,
  startRecordingApp,
} from "./call-recording-fixtures";

/** What each party says on the simulator's recordings: the caller's channel is a 440 Hz tone, the desk's 660 Hz. */
const SAID: Record<number, { start: number; text: string }[]> = {
  440: [
    { start: 1.2, text: "Hi, I have a question about my invoice." },
    { start: 9, text: "Thank you, goodbye." },
  ],
  660: [
    { start: 0, text: "Demo Law Group, how can I help?" },
    { start: 4.5, text: "Sure, let me look that up." },
  ],
};

/** The loudest tone of a mono 16-bit WAV, from its zero crossings. */
function toneOf(wav: Uint8Array): number {
  const format = readWavFormat(wav);
  if (format?.channels !== 1) throw new Error("the service was sent a file that is not one channel");
  const view = new DataView(wav.buffer, wav.byteOffset + format.dataOffset, format.dataBytes);
  let crossings = 0;
  for (let at = 2; at < format.dataBytes; at += 2)
    if (view.getInt16(at - 2, true) < 0 !== view.getInt16(at, true) < 0) crossings++;
  const seconds = format.dataBytes / 2 / format.sampleRate;
  return Math.round(crossings / 2 / seconds / 110) * 110;
}

/**
 * An OpenAI-compatible transcription service: it hears the tone of the one channel it is sent and
 * answers that party's words with their timings (verbose_json), as whisper does.
 */
function transcriptionService(requests: string[]): typeof fetch {
  return async (input, init) => {
    const form = init?.body as FormData;
    const file = form.get("file") as Blob;
    requests.push(`${String(input)} ${form.get("response_format")}`);
    const said = SAID[toneOf(new Uint8Array(await file.arrayBuffer()))] ?? [];
    const segments = said.map((s) => ({ start: s.start, end: s.start + 2, text: ` ${s.text}` }));
    return Response.json({ text: said.map((s) => s.text).join(" "), segments });
  };
}

describe("a recorded call's transcript", () => {
  let files: TestStorage;
  let r: RecordingApp;
  const requests: string[] = [];

  beforeAll(async () => {
    files = await localTestStorage();
    const transcriber = createTranscriber(
      { provider: "http", url: "http://transcriber.test/v1", model: "whisper-1" },
      transcriptionService(requests),
    );
    r = await startRecordingApp(files.storage, "law", undefined, transcriber);
  });
  afterAll(async () => {
    await r?.close();
    await files?.close();
  });

  async function transcribedCall() {
    const callSid = await placeRecordedCall(r.sim, 12);
    const id = await callLogId(r.t, callSid);
    await waitFor(async () => {
      const rows = await r.t.db.db
        .select()
        .from(schema.callRecordings)
        .where(eq(schema.callRecordings.callSid, callSid));
      return rows.length > 0 && rows.every((row) => row.transcriptionStatus !== "pending");
    });
    return { callSid, id };
  }

  it("hears each party on their own channel and merges their turns by time", async () => {
    const { callSid, id } = await transcribedCall();
    // Each channel went to the service on its own, asking for timings.
    expect(requests).toEqual([
      "http://transcriber.test/v1/audio/transcriptions verbose_json",
      "http://transcriber.test/v1/audio/transcriptions verbose_json",
    ]);
    const [row] = await r.t.db.db
      .select()
      .from(schema.callRecordings)
      .where(eq(schema.callRecordings.callSid, callSid));
    expect(row?.transcriptionStatus).toBe("completed");
    expect(row?.transcript).toEqual([
      { speaker: "team", startSeconds: 0, text: "Demo Law Group, how can I help?" },
      { speaker: "other", startSeconds: 1.2, text: "Hi, I have a question about my invoice." },
      { speaker: "team", startSeconds: 4.5, text: "Sure, let me look that up." },
      { speaker: "other", startSeconds: 9, text: "Thank you, goodbye." },
    ]);
    // The call's log holds the words for the history's search.
    const [log] = await r.t.db.db.select().from(schema.callLogs).where(eq(schema.callLogs.id, id));
    expect(log?.transcript).toContain("question about my invoice");

    const admin = await signIn(r.t, await createMember(r.t, r.ids.get("law") ?? "", "admin"));
    const listed = await r.t.app.inject({
      method: "GET",
      url: `/api/calls/${id}/recordings`,
      headers: admin.headers,
    });
    expect(listed.statusCode).toBe(200);
    const [recording] = listed.json().recordings;
    expect(recording).toMatchObject({
      source: "call",
      status: "stored",
      durationSeconds: 12,
      transcriptionStatus: "completed",
      audioUrl: `/api/calls/${id}/recordings/${row?.id}/audio`,
      downloadUrl: `/api/calls/${id}/recordings/${row?.id}/download`,
      deletedAfterDays: null,
    });
    expect(recording.transcript).toHaveLength(4);
  });

  it("finds the call in the history by what was said, and only that call", async () => {
    const { id } = await transcribedCall();
    const found = await r.t.app.inject({
      method: "GET",
      url: "/api/calls?q=QUESTION%20ABOUT%20MY",
      headers: r.owner.headers,
    });
    expect(found.statusCode).toBe(200);
    expect(found.json().calls.map((c: { id: string }) => c.id)).toContain(id);
    expect(found.json().calls[0].recordingCount).toBe(1);
    const none = await r.t.app.inject({
      method: "GET",
      url: "/api/calls?q=never%20said%20on%20any%20call",
      headers: r.owner.headers,
    });
    expect(none.json().calls).toEqual([]);
  });

  it("plays each recording with ranges; the owner downloads it as a named file", async () => {
    const { callSid, id } = await transcribedCall();
    const [row] = await r.t.db.db
      .select()
      .from(schema.callRecordings)
      .where(eq(schema.callRecordings.callSid, callSid));
    const base = `/api/calls/${id}/recordings/${row?.id}`;
    const part = await r.t.app.inject({
      method: "GET",
      url: `${base}/audio`,
      headers: { ...r.owner.headers, range: "bytes=0-43" },
    });
    expect(part.statusCode).toBe(206);
    expect(part.rawPayload.subarray(0, 4).toString("ascii")).toBe("RIFF");
    const owner = await signIn(r.t, await createMember(r.t, r.ids.get("law") ?? "", "owner"));
    const file = await r.t.app.inject({ method: "GET", url: `${base}/download`, headers: owner.headers });
    expect(file.statusCode).toBe(200);
    expect(file.headers["content-disposition"]).toMatch(
      /^attachment; filename="call-2026-11-23-\d{4}-14155551234\.wav"$/,
    );
    expect(readWavFormat(new Uint8Array(file.rawPayload))?.channels).toBe(2);
  });

  it("a member plays the recording but is not offered, nor given, the download", async () => {
    const { callSid, id } = await transcribedCall();
    const [row] = await r.t.db.db
      .select()
      .from(schema.callRecordings)
      .where(eq(schema.callRecordings.callSid, callSid));
    const member = await signIn(r.t, await createMember(r.t, r.ids.get("law") ?? "", "member"));
    const listed = await r.t.app.inject({
      method: "GET",
      url: `/api/calls/${id}/recordings`,
      headers: member.headers,
    });
    expect(listed.json().recordings[0]).toMatchObject({
      downloadUrl: null,
      audioUrl: `/api/calls/${id}/recordings/${row?.id}/audio`,
    });
    const base = `/api/calls/${id}/recordings/${row?.id}`;
    const played = await r.t.app.inject({ method: "GET", url: `${base}/audio`, headers: member.headers });
    expect(played.statusCode).toBe(200);
    const refused = await r.t.app.inject({ method: "GET", url: `${base}/download`, headers: member.headers });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.message).toBe(
      "Only the account's owner or an administrator can download call recordings.",
    );
  });
});
