import { newId, schema } from "@poundline/db";
import { voicePaths } from "@poundline/domain";
import { storageKeys } from "@poundline/platform/storage/keys";
import { eq, like } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../src/testing";
import { createUser, type SignedIn, signIn, type TestUser } from "../fixtures";
import { carrierPost } from "../twilio/carrier";

/** The carrier's callbacks that keep nothing, or keep it once; the player's 404s. */
let t: TestApp;
let user: TestUser;
let session: SignedIn;

beforeAll(async () => {
  t = await createTestApp({ config: { LOG_LEVEL: "silent" } });
  user = await createUser(t);
  session = await signIn(t, user);
});
afterAll(() => t.close());

const hex = () => crypto.randomUUID().replaceAll("-", "");
const recordingSid = () => `RE${hex()}`;
const callSid = () => `CA${hex()}`;

/** The carrier's recording status callback for a recorded call of `accountId`. */
function callback(query: Record<string, string>, params: Record<string, string>) {
  const search = new URLSearchParams(query).toString();
  const path = search ? `${voicePaths.callRecording}?${search}` : voicePaths.callRecording;
  return carrierPost(t, path, {
    AccountSid: t.app.deps.carrier.accountSid,
    RecordingUrl: `https://api.twilio.com/2010-04-01/Accounts/AC1/Recordings/${params.RecordingSid ?? "RE"}`,
    RecordingStatus: "completed",
    RecordingDuration: "42",
    RecordingChannels: "2",
    ...params,
  });
}

const rowsOf = (sid: string) =>
  t.db.db.select().from(schema.callRecordings).where(eq(schema.callRecordings.recordingSid, sid));
const jobsOf = (sid: string) =>
  t.db.db
    .select()
    .from(schema.jobOutbox)
    .where(like(schema.jobOutbox.jobId, `%${sid}`));

describe("the call-recording callback", () => {
  it("keeps a repeated delivery once: one row, one job", async () => {
    const sid = recordingSid();
    const call = callSid();
    for (let i = 0; i < 3; i++) {
      const res = await callback({ a: user.accountId }, { RecordingSid: sid, CallSid: call });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.headers["content-type"]).toContain("text/xml");
    }
    const rows = await rowsOf(sid);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      accountId: user.accountId,
      callSid: call,
      status: "pending",
      durationSeconds: 42,
      channels: 2,
      storageKey: null,
    });
    const jobs = await jobsOf(sid);
    expect(jobs).toHaveLength(1);
    expect(jobs[0]).toMatchObject({
      queue: "voicemail",
      jobName: "store-call-recording",
      jobId: `store-call-recording:${sid}`,
      payload: { callRecordingId: rows[0]?.id },
    });
  });

  it("files a ring group member's bridge under the waiting caller's call (p)", async () => {
    const sid = recordingSid();
    const caller = callSid();
    const res = await callback({ a: user.accountId, p: caller }, { RecordingSid: sid, CallSid: callSid() });
    expect(res.statusCode).toBe(200);
    expect((await rowsOf(sid))[0]?.callSid).toBe(caller);
  });

  it.each([
    ["no RecordingSid", { RecordingSid: "" }],
    ["a RecordingSid that is a path", { RecordingSid: "../../../etc/passwd" }],
    ["a RecordingSid of another kind", { RecordingSid: `CA${"0".repeat(32)}` }],
    ["a RecordingSid too short", { RecordingSid: "RE123" }],
    ["no CallSid", { CallSid: "" }],
    ["no RecordingUrl", { RecordingUrl: "" }],
    ["a recording that failed", { RecordingStatus: "failed" }],
    ["a recording that is absent", { RecordingStatus: "absent" }],
  ])("%s: answered, nothing kept", async (_name, params: Record<string, string>) => {
    const before = await t.db.db.select().from(schema.callRecordings);
    const res = await callback(
      { a: user.accountId },
      { RecordingSid: recordingSid(), CallSid: callSid(), ...params },
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(await t.db.db.select().from(schema.callRecordings)).toHaveLength(before.length);
  });

  it("without the call's context in the URL, or for an account that is gone: answered, nothing kept", async () => {
    for (const query of [{}, { a: "acct_gone" }] as Record<string, string>[]) {
      const sid = recordingSid();
      const res = await callback(query, { RecordingSid: sid, CallSid: callSid() });
      expect(res.statusCode, res.body).toBe(200);
      expect(await rowsOf(sid)).toEqual([]);
      expect(await jobsOf(sid)).toEqual([]);
    }
  });
});

describe("GET /api/calls/:id/recording", () => {
  /** A call of the account, with a recording in the given state. */
  async function callWith(recording: "none" | "pending" | "stored-missing") {
    const sid = callSid();
    const id = newId("call");
    await t.db.db.insert(schema.callLogs).values({
      id,
      accountId: user.accountId,
      callSid: sid,
      direction: "inbound",
      fromNumber: "+14155551234",
      toNumber: "+13055550100",
      callStatus: "completed",
    });
    if (recording !== "none") {
      const rec = recordingSid();
      await t.db.db.insert(schema.callRecordings).values({
        id: newId("callRecording"),
        accountId: user.accountId,
        callSid: sid,
        recordingSid: rec,
        recordingUrl: `https://api.twilio.com/Recordings/${rec}`,
        ...(recording === "stored-missing"
          ? {
              status: "stored",
              storageKey: storageKeys.callRecording(user.accountId, rec),
              storedAt: new Date(),
            }
          : {}),
      });
    }
    return id;
  }

  it.each([
    ["a call without a recording", "none"],
    ["a call whose recording is not stored yet", "pending"],
    ["a call whose stored object is missing", "stored-missing"],
  ] as const)("%s answers 404", async (_name, state) => {
    const id = await callWith(state);
    const res = await t.app.inject({
      method: "GET",
      url: `/api/calls/${id}/recording`,
      headers: session.headers,
    });
    expect(res.statusCode, res.body).toBe(404);
    expect(res.json().error.message).toBe("This call has no recording to play.");
  });

  it("a call that does not exist answers 404", async () => {
    const res = await t.app.inject({
      method: "GET",
      url: `/api/calls/${newId("call")}/recording`,
      headers: session.headers,
    });
    expect(res.statusCode).toBe(404);
  });
});

describe("a call's recordings, asked badly", () => {
  it.each([
    ["a malformed call id", "/api/calls/not-a-call/recordings", 400, "Invalid call id."],
    [
      "a malformed recording id",
      `/api/calls/${newId("call")}/recordings/x/audio`,
      400,
      "Invalid recording id.",
    ],
    ["a call that does not exist", `/api/calls/${newId("call")}/recordings`, 404, "Call not found"],
    [
      "a recording that does not exist",
      `/api/calls/${newId("call")}/recordings/${newId("callRecording")}/download`,
      404,
      "This call has no recording to play.",
    ],
  ])("%s answers %i", async (_case, url, status, message) => {
    const res = await t.app.inject({ method: "GET", url, headers: session.headers });
    expect(res.statusCode).toBe(status);
    expect(JSON.stringify(res.json())).toContain(message);
  });
});
