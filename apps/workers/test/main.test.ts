import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { type DatabaseHandle, newId, schema } from "@poundline/db";
import { createTestDatabase } from "@poundline/db/testing";
import { liveChannel } from "@poundline/platform/events/live";
import { createOutboxWriter, enqueue } from "@poundline/platform/outbox";
import { Redis } from "ioredis";
import { pino } from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadWorkersConfig } from "../src/config";
import { startWorkersProcess, type WorkersProcess } from "../src/main";

const redisUrl = process.env.TEST_REDIS_URL;

/** A WAV header and a little silence: what the carrier's recording URL serves. */
const RECORDING = Buffer.concat([Buffer.from("RIFF"), Buffer.alloc(2000)]);

async function waitFor<T>(check: () => T | undefined, timeoutMs = 15_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const found = check();
    if (found !== undefined) return found;
    if (Date.now() > deadline) throw new Error(`Timed out after ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

describe.skipIf(!redisUrl)("npm run workers (the workers apart from the API, with Redis)", () => {
  const url = redisUrl ?? "";
  let handle: DatabaseHandle;
  let dataDir: string;
  let workers: WorkersProcess;
  let subscriber: Redis;
  const downloads: string[] = [];

  beforeAll(async () => {
    handle = await createTestDatabase();
    dataDir = await mkdtemp(join(tmpdir(), "poundline-workers-process-"));
    const config = loadWorkersConfig({
      // The database is handed over below; the setting is only required to be there.
      DATABASE_URL: process.env.TEST_DATABASE_URL ?? "postgres://in-test",
      REDIS_URL: url,
      QUEUE_PREFIX: `test-${crypto.randomUUID().slice(0, 8)}`,
      PUBLIC_BASE_URL: "https://app.poundline.test",
      LOG_LEVEL: "silent",
      DATA_DIR: dataDir,
    });
    workers = await startWorkersProcess({
      config,
      db: handle.db,
      log: pino({ level: "silent" }),
      // Transcription off: the voicemail's event says so once the recording is stored.
      env: { TRANSCRIBER: "none" },
      fetch: async (input) => {
        downloads.push(String(input));
        return new Response(RECORDING, {
          headers: { "content-type": "audio/x-wav", "content-length": String(RECORDING.length) },
        });
      },
    });
    subscriber = new Redis(url);
  });
  afterAll(async () => {
    subscriber?.disconnect();
    await workers?.stop();
    await rm(dataDir, { recursive: true, force: true });
    await handle?.close();
  });

  it("publishes voicemail.updated to the account's channel once it has processed a voicemail", async () => {
    const accountId = newId("account");
    const voicemailId = newId("voicemail");
    const recordingSid = `RE${voicemailId.slice(3)}`;
    await handle.db.insert(schema.accounts).values({ id: accountId, companyName: "Workers Process LLC" });

    // What an API instance hears: the account's live channel on the shared Redis.
    const heard: unknown[] = [];
    subscriber.on("message", (channel: string, raw: string) => {
      if (channel === liveChannel(accountId)) heard.push(JSON.parse(raw));
    });
    await subscriber.subscribe(liveChannel(accountId));

    // The recording webhook's transaction, as the API writes it.
    const outbox = createOutboxWriter({ db: handle.db, wake: () => workers.jobs.notify() });
    await outbox.transaction(async (tx) => {
      await tx.insert(schema.voicemails).values({
        id: voicemailId,
        accountId,
        callSid: `CA${voicemailId.slice(3)}`,
        recordingSid,
        recordingUrl: `https://api.twilio.test/2010-04-01/Accounts/ACsim/Recordings/${recordingSid}`,
        durationSeconds: 12,
        fromNumber: "+13125550142",
        toNumber: "+14075550100",
      });
      await enqueue(
        tx,
        { queue: "voicemail", name: "process-voicemail", jobId: recordingSid },
        { voicemailId, extensionId: null },
      );
    });

    const event = await waitFor(() => heard[0]);
    expect(event).toEqual({
      type: "voicemail.updated",
      voicemailId,
      recordingSid,
      transcriptionStatus: "off",
      transcription: null,
      stored: true,
      at: expect.any(String),
    });
    expect(downloads).toEqual([
      `https://api.twilio.test/2010-04-01/Accounts/ACsim/Recordings/${recordingSid}.wav`,
    ]);
  });
});
