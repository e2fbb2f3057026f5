import { newId, schema } from "@poundline/db";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  OPEN,
  placeCallToDesk,
  type RecordingApp,
  settledRecordings,
  startRecordingApp,
} from "./call-recording-fixtures";

const HOUR = 3600;
const CONSENT = "This call may be recorded. By staying on the line you consent to the recording.";

/**
 * Recording stops at the plan's hours (Professional: 100 a month): the account has 20 s of them
 * left, a recorded call uses them, and the next call is neither recorded nor announced.
 */
describe("a recorded line at its plan's recording hours", () => {
  let r: RecordingApp;
  let accountId: string;
  let now = OPEN;

  beforeAll(async () => {
    r = await startRecordingApp(undefined, "limit", () => now);
    accountId = r.ids.get("limit") ?? "";
    const sid = `RE${"4".repeat(32)}`;
    await r.t.db.db.insert(schema.callRecordings).values({
      id: newId("callRecording"),
      accountId,
      callSid: `CA${"4".repeat(32)}`,
      recordingSid: sid,
      recordingUrl: `https://carrier.test/Recordings/${sid}`,
      durationSeconds: 100 * HOUR - 20,
      status: "stored",
      storageKey: `accounts/${accountId}/call-recordings/${sid}.wav`,
      storedAt: OPEN,
      createdAt: new Date("2026-11-02T10:00:00Z"),
    });
  });
  afterAll(() => r?.close());

  it("records the call that takes the month over the limit, then not the next one", async () => {
    const first = await placeCallToDesk(r.sim, 30);
    expect(first.spoken).toContain(CONSENT);
    expect(dialRecords(first)).toEqual(["record-from-answer-dual"]);
    expect(await settledRecordings(r.t, first.callSid)).toMatchObject([{ status: "stored" }]);

    const second = await placeCallToDesk(r.sim, 30);
    expect(second.spoken).not.toContain(CONSENT);
    expect(dialRecords(second)).toEqual([""]);
    const kept = await r.t.db.db
      .select()
      .from(schema.callRecordings)
      .where(eq(schema.callRecordings.callSid, second.callSid));
    expect(kept).toEqual([]);

    const plan = await r.t.app.inject({ method: "GET", url: "/api/billing/plan", headers: r.owner.headers });
    expect(plan.json().used).toMatchObject({
      recordingHoursThisMonth: 100,
      recordingWarning: "at_limit",
      recordingNotice:
        "Your Professional plan's call recording is all used this month (100 of 100 hours): calls are not recorded until the month ends.",
    });
  });

  it("a new month records again: the tables compiled once it starts record the line's calls", async () => {
    now = new Date("2026-12-01T15:00:00Z");
    await r.t.app.deps.routing.reload();
    const third = await placeCallToDesk(r.sim, 5);
    expect(third.spoken).toContain(CONSENT);
    expect(dialRecords(third)).toEqual(["record-from-answer-dual"]);
  });
});

function dialRecords(transcript: { verbs: { verb: string; attributes: Record<string, string> }[] }) {
  return transcript.verbs.filter((v) => v.verb === "Dial").map((v) => v.attributes.record ?? "");
}
