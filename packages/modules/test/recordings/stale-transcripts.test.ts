import { newId, schema } from "@poundline/db";
import { createTestDatabase } from "@poundline/db/testing";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { failStaleTranscripts, TRANSCRIPT_WAIT_MS } from "../../src/recordings/transcribe-call";

const NOW = new Date("2026-11-28T12:00:00Z");

describe("failStaleTranscripts", () => {
  let handle: Awaited<ReturnType<typeof createTestDatabase>>;
  const accountId = newId("account");

  beforeAll(async () => {
    handle = await createTestDatabase();
    await handle.db.insert(schema.accounts).values({ id: accountId, companyName: "Waiting Co" });
  });
  afterAll(() => handle.close());

  const recording = async (status: "pending" | "completed", ageMs: number) => {
    const id = newId("callRecording");
    const sid = crypto.randomUUID().replaceAll("-", "");
    await handle.db.insert(schema.callRecordings).values({
      id,
      accountId,
      callSid: `CA${sid}`,
      recordingSid: `RE${sid}`,
      recordingUrl: "https://carrier.test/r",
      transcriptionStatus: status,
      createdAt: new Date(NOW.getTime() - ageMs),
    });
    return id;
  };
  const statusOf = async (id: string) =>
    (await handle.db.select().from(schema.callRecordings).where(eq(schema.callRecordings.id, id)))[0]
      ?.transcriptionStatus;

  it("fails a transcript pending past the wait, and only that one", async () => {
    const stale = await recording("pending", TRANSCRIPT_WAIT_MS + 60_000);
    const fresh = await recording("pending", TRANSCRIPT_WAIT_MS - 60_000);
    const done = await recording("completed", 3 * TRANSCRIPT_WAIT_MS);
    expect(await failStaleTranscripts(handle.db, NOW)).toBe(1);
    expect([await statusOf(stale), await statusOf(fresh), await statusOf(done)]).toEqual([
      "failed",
      "pending",
      "completed",
    ]);
    // Again: nothing more to fail.
    expect(await failStaleTranscripts(handle.db, NOW)).toBe(0);
  });
});
