import { schema } from "@poundline/db";
import { voicePaths } from "@poundline/domain";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createUser, signIn } from "../fixtures";
import {
  callLogId,
  placeRecordedCall,
  type RecordingApp,
  settledRecordings,
  startRecordingApp,
} from "./call-recording-fixtures";

/** A call's recording is its account's: another account, or someone without a session, hears nothing. */
let r: RecordingApp;
let id: string;

beforeAll(async () => {
  r = await startRecordingApp(undefined);
  const callSid = await placeRecordedCall(r.sim, 20);
  const [recording] = await settledRecordings(r.t, callSid);
  expect(recording?.status).toBe("stored");
  id = await callLogId(r.t, callSid);
});
afterAll(() => r?.close());

describe("a call's recording", () => {
  it("is played to its account", async () => {
    const res = await r.t.app.inject({
      method: "GET",
      url: `/api/calls/${id}/recording`,
      headers: r.owner.headers,
    });
    expect(res.statusCode).toBe(200);
  });

  it("answers 404 to another account's member, as a call that does not exist", async () => {
    const other = await signIn(r.t, await createUser(r.t));
    const res = await r.t.app.inject({
      method: "GET",
      url: `/api/calls/${id}/recording`,
      headers: { ...other.headers, range: "bytes=0-99" },
    });
    expect(res.statusCode).toBe(404);
    expect(res.headers["content-type"]).toContain("application/json");
    expect(res.json().error.message).toBe("This call has no recording to play.");
  });

  it("answers 401 without a session", async () => {
    const res = await r.t.app.inject({ method: "GET", url: `/api/calls/${id}/recording` });
    expect(res.statusCode).toBe(401);
  });

  it("cannot be planted by an unsigned callback", async () => {
    const sid = `RE${"a".repeat(32)}`;
    const res = await r.t.app.inject({
      method: "POST",
      url: `${voicePaths.callRecording}?a=${r.ids.get("law")}`,
      headers: { "content-type": "application/x-www-form-urlencoded" },
      payload: new URLSearchParams({
        RecordingSid: sid,
        CallSid: `CA${"b".repeat(32)}`,
        RecordingUrl: "https://attacker.example/r",
      }).toString(),
    });
    expect(res.statusCode).toBe(403);
    const rows = await r.t.db.db
      .select()
      .from(schema.callRecordings)
      .where(eq(schema.callRecordings.recordingSid, sid));
    expect(rows).toEqual([]);
  });
});

describe("a call's list of recordings, each one's audio and download", () => {
  const recordingIdOf = async () => {
    const [log] = await r.t.db.db.select().from(schema.callLogs).where(eq(schema.callLogs.id, id));
    const [row] = await r.t.db.db
      .select()
      .from(schema.callRecordings)
      .where(eq(schema.callRecordings.callSid, log?.callSid ?? ""));
    return row?.id ?? "";
  };

  it("answer 404 to another account's owner, whatever the path", async () => {
    const other = await signIn(r.t, await createUser(r.t));
    const recordingId = await recordingIdOf();
    for (const url of [
      `/api/calls/${id}/recordings`,
      `/api/calls/${id}/recordings/${recordingId}/audio`,
      `/api/calls/${id}/recordings/${recordingId}/download`,
    ]) {
      const res = await r.t.app.inject({ method: "GET", url, headers: other.headers });
      expect(res.statusCode, url).toBe(404);
    }
  });

  it("a recording is reached only through its own call: another call of the account answers 404", async () => {
    const recordingId = await recordingIdOf();
    const otherCall = await callLogId(r.t, await placeRecordedCall(r.sim, 5));
    const res = await r.t.app.inject({
      method: "GET",
      url: `/api/calls/${otherCall}/recordings/${recordingId}/audio`,
      headers: r.owner.headers,
    });
    expect(res.statusCode).toBe(404);
    expect(res.json().error.message).toBe("This call has no recording to play.");
  });

  it("answer 401 without a session", async () => {
    const res = await r.t.app.inject({ method: "GET", url: `/api/calls/${id}/recordings` });
    expect(res.statusCode).toBe(401);
  });
});
