import { schema } from "@poundline/db";
import { startHousekeeping } from "@poundline/modules/housekeeping/housekeeping";
import { readStoredBytes } from "@poundline/platform/storage/port";
import { storageBackends, type TestStorage } from "@poundline/platform/storage/testing";
import { quietLog } from "@poundline/testing/jobs";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signIn } from "../fixtures";
import {
  callLogId,
  OPEN,
  placeRecordedCall,
  type RecordingApp,
  settledRecordings,
  startRecordingApp,
} from "./call-recording-fixtures";

const DAY = 86_400_000;

/**
 * An account keeping its recordings 30 days: the housekeeping deletes the stored object of one
 * older than that and marks its row, the call history says so; a younger one stays.
 */
describe.each(storageBackends)("recordings past the account's retention on $driver", ({ open }) => {
  let files: TestStorage;
  let r: RecordingApp;
  let now = OPEN;

  beforeAll(async () => {
    files = await open();
    r = await startRecordingApp(files.storage, "kept", () => now);
    await r.t.db.db
      .update(schema.accounts)
      .set({ recordingRetentionDays: 30 })
      .where(eq(schema.accounts.id, r.ids.get("kept") ?? ""));
  });
  afterAll(async () => {
    await r?.close();
    await files?.close();
  });

  async function housekeepingAt(at: Date) {
    const round = startHousekeeping({
      db: r.t.db.db,
      log: quietLog,
      clock: () => at,
      storage: files.storage,
    });
    await round.stop();
  }

  it("deletes the expired one's object, marks it, and the history says so; the younger one plays", async () => {
    const oldCall = await placeRecordedCall(r.sim, 20);
    const [old] = await settledRecordings(r.t, oldCall);
    now = new Date(OPEN.getTime() + 21 * DAY); // a Monday again: the desk answers and the call records
    const youngCall = await placeRecordedCall(r.sim, 20);
    const [young] = await settledRecordings(r.t, youngCall);
    expect(await readStoredBytes(files.storage, old?.storageKey ?? "")).not.toBeNull();

    now = new Date(OPEN.getTime() + 31 * DAY);
    await housekeepingAt(now);

    expect(await readStoredBytes(files.storage, old?.storageKey ?? "")).toBeNull();
    expect(await readStoredBytes(files.storage, young?.storageKey ?? "")).not.toBeNull();
    const rows = await r.t.db.db.select().from(schema.callRecordings);
    expect(rows.find((row) => row.id === old?.id)).toMatchObject({
      status: "deleted",
      deletedAt: now,
      deletedReason: "retention",
    });
    expect(rows.find((row) => row.id === young?.id)).toMatchObject({ status: "stored", deletedAt: null });

    // A month later the first sign-in has expired.
    const { headers } = await signIn(r.t, { id: r.ids.get("kept-owner") ?? "" });
    const history = await r.t.app.inject({ method: "GET", url: "/api/calls", headers });
    expect(history.statusCode).toBe(200);
    const calls = history.json().calls as { id: string; recordingUrl: string | null }[];
    const [oldId, youngId] = [await callLogId(r.t, oldCall), await callLogId(r.t, youngCall)];
    expect(calls.find((c) => c.id === oldId)).toMatchObject({
      recordingUrl: null,
      recordingKind: null,
      recordingDeleted: { reason: "retention", afterDays: 31 },
    });
    expect(calls.find((c) => c.id === youngId)).toMatchObject({
      recordingUrl: `/api/calls/${youngId}/recording`,
      recordingDeleted: null,
    });
    const gone = await r.t.app.inject({
      method: "GET",
      url: `/api/calls/${oldId}/recording`,
      headers,
    });
    expect(gone.statusCode).toBe(404);

    // The next round finds nothing more to delete; the younger one goes once it is 30 days old too.
    await housekeepingAt(new Date(OPEN.getTime() + 52 * DAY));
    expect(await readStoredBytes(files.storage, young?.storageKey ?? "")).toBeNull();
  });
});
