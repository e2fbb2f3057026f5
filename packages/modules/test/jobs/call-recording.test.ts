import { type DatabaseHandle, newId, schema } from "@poundline/db";
import { createTestDatabase } from "@poundline/db/testing";
import { storageKeys } from "@poundline/platform/storage/keys";
import { type FileStorage, readStoredBytes } from "@poundline/platform/storage/port";
import { localTestStorage, type TestStorage } from "@poundline/platform/storage/testing";
import { eq } from "drizzle-orm";
import { pino } from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type CallRecordingPorts, storeCallRecording } from "../../src/recordings/jobs/store-call-recording";
import { createTranscriber } from "../../src/voicemails/jobs/transcriber";

const { accounts, callRecordings } = schema;
const AUDIO = new Uint8Array(Array.from({ length: 640 }, (_, i) => i % 256));
const SIM = { mode: "simulator" as const, accountSid: "ACsim", authToken: "sim-token" };

/**
 * The store-call-recording processor on fakes at the edges (the carrier's media and REST API): the
 * carrier's copy is deleted only once ours is stored, a run after a crash carries on, a download
 * that fails changes nothing.
 */
describe("storeCallRecording", () => {
  let handle: DatabaseHandle;
  let files: TestStorage;
  const accountId = newId("account");

  beforeAll(async () => {
    handle = await createTestDatabase();
    files = await localTestStorage();
    await handle.db.insert(accounts).values({ id: accountId, companyName: "Recorded LLC" });
  });
  afterAll(async () => {
    await handle.close();
    await files.close();
  });

  async function pendingRecording() {
    const sid = `RE${crypto.randomUUID().replaceAll("-", "")}`;
    const id = newId("callRecording");
    await handle.db.insert(callRecordings).values({
      id,
      accountId,
      callSid: `CA${"1".repeat(32)}`,
      recordingSid: sid,
      recordingUrl: `https://carrier.test/Recordings/${sid}`,
      durationSeconds: 4,
      channels: 2,
    });
    return { id, sid };
  }

  /** The carrier: its media answers `status` (the audio when 200); its deletes are recorded with what we had stored then. */
  function ports(options: { status?: number; storage?: FileStorage; reachable?: boolean } = {}) {
    const storage = options.storage ?? files.storage;
    const downloads: string[] = [];
    const deletes: { sid: string; storedThen: boolean }[] = [];
    const p: CallRecordingPorts = {
      db: handle.db,
      log: pino({ level: "silent" }),
      clock: () => new Date("2026-11-23T15:00:00Z"),
      storage,
      carrier: SIM,
      transcriber: createTranscriber({ provider: "none" }),
      fetch: async (input) => {
        downloads.push(String(input));
        const status = options.status ?? 200;
        return status === 200
          ? new Response(AUDIO, { status, headers: { "content-length": String(AUDIO.byteLength) } })
          : new Response(null, { status });
      },
      recordings: {
        async deleteRecording(sid) {
          const stored = await readStoredBytes(files.storage, storageKeys.callRecording(accountId, sid));
          deletes.push({ sid, storedThen: stored !== null });
          return options.reachable ?? true;
        },
      },
    };
    return { ports: p, downloads, deletes };
  }

  const rowOf = async (id: string) =>
    (await handle.db.select().from(callRecordings).where(eq(callRecordings.id, id)))[0];

  it("stores the recording, marks it stored, then deletes the carrier's copy", async () => {
    const { id, sid } = await pendingRecording();
    const fake = ports();
    expect(await storeCallRecording(fake.ports, { callRecordingId: id })).toBe("done");
    expect(fake.downloads).toEqual([`https://carrier.test/Recordings/${sid}.wav`]);
    expect(fake.deletes).toEqual([{ sid, storedThen: true }]);
    const key = storageKeys.callRecording(accountId, sid);
    expect(await readStoredBytes(files.storage, key)).toEqual(AUDIO);
    expect(await rowOf(id)).toMatchObject({ status: "stored", storageKey: key });
    expect((await rowOf(id))?.carrierDeletedAt).toBeInstanceOf(Date);
    // Run again (delivery is at least once): nothing to do.
    expect(await storeCallRecording(fake.ports, { callRecordingId: id })).toBe("skipped");
    expect(fake.downloads).toHaveLength(1);
  });

  it("emits recording.available once, when our copy is stored", async () => {
    await handle.db.insert(schema.webhookSubscriptions).values({
      id: newId("webhookSubscription"),
      accountId,
      url: "https://hooks.example.com/in",
      eventTypes: ["recording.available"],
      secret: "whsec_c2VjcmV0c2VjcmV0c2VjcmV0c2VjcmV0",
    });
    const { id, sid } = await pendingRecording();
    const fake = ports();
    await storeCallRecording(fake.ports, { callRecordingId: id });
    await storeCallRecording(fake.ports, { callRecordingId: id });
    const emitted = await handle.db
      .select()
      .from(schema.webhookEvents)
      .where(eq(schema.webhookEvents.type, "recording.available"));
    expect(emitted.map((e) => e.payload)).toEqual([
      expect.objectContaining({ data: expect.objectContaining({ id, recordingSid: sid }) }),
    ]);
    await handle.db
      .delete(schema.webhookSubscriptions)
      .where(eq(schema.webhookSubscriptions.accountId, accountId));
  });

  it("two runs at once emit recording.available once, and only one deletes at the carrier", async () => {
    await handle.db.insert(schema.webhookSubscriptions).values({
      id: newId("webhookSubscription"),
      accountId,
      url: "https://hooks.example.com/in",
      eventTypes: ["recording.available"],
      secret: "whsec_c2VjcmV0c2VjcmV0c2VjcmV0c2VjcmV0",
    });
    const { id } = await pendingRecording();
    const fake = ports();
    const outcomes = await Promise.all([
      storeCallRecording(fake.ports, { callRecordingId: id }),
      storeCallRecording(fake.ports, { callRecordingId: id }),
    ]);
    expect(outcomes.sort()).toEqual(["done", "skipped"]);
    const emitted = await handle.db
      .select()
      .from(schema.webhookEvents)
      .where(eq(schema.webhookEvents.type, "recording.available"));
    expect(emitted.filter((e) => (e.payload as { data: { id: string } }).data.id === id)).toHaveLength(1);
    expect(fake.deletes).toHaveLength(1);
    await handle.db
      .delete(schema.webhookSubscriptions)
      .where(eq(schema.webhookSubscriptions.accountId, accountId));
  });

  it("a download that fails throws (the queue retries) and changes nothing; the carrier keeps its copy", async () => {
    const { id, sid } = await pendingRecording();
    const fake = ports({ status: 503 });
    await expect(storeCallRecording(fake.ports, { callRecordingId: id })).rejects.toThrow(/HTTP 503/);
    expect(fake.deletes).toEqual([]);
    expect(await rowOf(id)).toMatchObject({ status: "pending", storageKey: null, carrierDeletedAt: null });
    expect(await readStoredBytes(files.storage, storageKeys.callRecording(accountId, sid))).toBeNull();
  });

  it("a store that fails throws before the carrier's copy is touched", async () => {
    const { id } = await pendingRecording();
    const broken: FileStorage = {
      ...files.storage,
      driver: files.storage.driver,
      put: async () => {
        throw new Error("disk full");
      },
    };
    const fake = ports({ storage: broken });
    await expect(storeCallRecording(fake.ports, { callRecordingId: id })).rejects.toThrow("disk full");
    expect(fake.deletes).toEqual([]);
    expect((await rowOf(id))?.status).toBe("pending");
  });

  it("a recording the carrier no longer has is marked failed, not retried", async () => {
    const { id } = await pendingRecording();
    const fake = ports({ status: 404 });
    expect(await storeCallRecording(fake.ports, { callRecordingId: id })).toBe("skipped");
    expect(fake.deletes).toEqual([]);
    expect((await rowOf(id))?.status).toBe("failed");
  });

  it("stored but not yet deleted (a crash between): the next run deletes without downloading again", async () => {
    const { id, sid } = await pendingRecording();
    const unreachable = ports({ reachable: false });
    expect(await storeCallRecording(unreachable.ports, { callRecordingId: id })).toBe("done");
    expect(await rowOf(id)).toMatchObject({ status: "stored", carrierDeletedAt: null });
    const again = ports();
    expect(await storeCallRecording(again.ports, { callRecordingId: id })).toBe("done");
    expect(again.downloads).toEqual([]);
    expect(again.deletes).toEqual([{ sid, storedThen: true }]);
    expect((await rowOf(id))?.carrierDeletedAt).toBeInstanceOf(Date);
  });

  it("a row that is gone is skipped", async () => {
    expect(await storeCallRecording(ports().ports, { callRecordingId: newId("callRecording") })).toBe(
      "skipped",
    );
  });
});
