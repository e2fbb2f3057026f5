import { readStoredBytes } from "@poundline/platform/storage/port";
import { storageBackends, type TestStorage } from "@poundline/platform/storage/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  callLogId,
  placeRecordedCall,
  type RecordingApp,
  settledRecordings,
  startRecordingApp,
} from "./call-recording-fixtures";

/**
 * A recorded call through the embedded simulator, on each storage backend: the carrier's
 * recording callback, the workers' download, our copy stored, the carrier's deleted, and the
 * console's player streaming it with byte ranges.
 */
describe.each(storageBackends)("a recorded call's recording on $driver", ({ open }) => {
  let files: TestStorage;
  let r: RecordingApp;

  beforeAll(async () => {
    files = await open();
    r = await startRecordingApp(files.storage);
  });
  afterAll(async () => {
    await r?.close();
    await files?.close();
  });

  it("is stored under the account, the carrier's copy deleted, and plays with a Range request", async () => {
    const callSid = await placeRecordedCall(r.sim, 30);
    const [recording, ...others] = await settledRecordings(r.t, callSid);
    expect(others).toEqual([]);
    const accountId = r.ids.get("law");
    expect(recording).toMatchObject({
      accountId,
      status: "stored",
      channels: 2,
      durationSeconds: 30,
      storageKey: `accounts/${accountId}/call-recordings/${recording?.recordingSid}.wav`,
    });
    expect(recording?.storedAt).toBeInstanceOf(Date);
    expect(recording?.carrierDeletedAt).toBeInstanceOf(Date);

    // The carrier no longer has it: its media answers 404.
    const sid = recording?.recordingSid ?? "";
    expect(r.sim.recording(sid)).toBeUndefined();
    const media = await r.t.app.inject({ method: "GET", url: new URL(r.sim.recordingUrl(sid)).pathname });
    expect(media.statusCode).toBe(404);

    const stored = await readStoredBytes(files.storage, recording?.storageKey ?? "");
    expect(stored?.byteLength).toBeGreaterThan(100);

    const id = await callLogId(r.t, callSid);
    const url = `/api/calls/${id}/recording`;
    const part = await r.t.app.inject({
      method: "GET",
      url,
      headers: { ...r.owner.headers, range: "bytes=0-99" },
    });
    expect(part.statusCode, part.body).toBe(206);
    expect(part.headers).toMatchObject({
      "content-type": "audio/wav",
      "content-length": "100",
      "accept-ranges": "bytes",
      "content-range": `bytes 0-99/${stored?.byteLength}`,
    });
    expect(new Uint8Array(part.rawPayload)).toEqual(stored?.subarray(0, 100));
    expect(Buffer.from(part.rawPayload).subarray(0, 4).toString()).toBe("RIFF");

    const whole = await r.t.app.inject({ method: "GET", url, headers: r.owner.headers });
    expect(whole.statusCode).toBe(200);
    expect(new Uint8Array(whole.rawPayload)).toEqual(stored);
  });

  it("call history plays the call's own recording", async () => {
    const callSid = await placeRecordedCall(r.sim, 12);
    await settledRecordings(r.t, callSid);
    const id = await callLogId(r.t, callSid);
    const res = await r.t.app.inject({ method: "GET", url: "/api/calls", headers: r.owner.headers });
    expect(res.statusCode, res.body).toBe(200);
    const call = (
      res.json().calls as { id: string; recordingUrl: string | null; recordingKind: string | null }[]
    ).find((c) => c.id === id);
    expect(call).toMatchObject({ recordingUrl: `/api/calls/${id}/recording`, recordingKind: "call" });
  });
});
