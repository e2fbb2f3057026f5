import { type Database, type DatabaseHandle, schema } from "@poundline/db";
import { createTestDatabase } from "@poundline/db/testing";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import {
  createOutboxWriter,
  enqueue,
  enqueueStored,
  type OutboxTransaction,
  type OutboxWriter,
  outboxRow,
} from "../src/outbox";

const { jobOutbox } = schema;

/**
 * What the job map refuses at compile time (`npm run typecheck` covers this file): every line
 * below an `@ts-expect-error` must fail to type-check, or the check itself fails. Never called.
 */
// biome-ignore lint/suspicious/noExportsInTest: a compile-time check, exported so that it is not reported unused
export function refusedByTheJobMap(tx: OutboxTransaction, db: Database) {
  // @ts-expect-error a job name the queue does not have
  void enqueue(tx, { queue: "billing", name: "charge-fax", jobId: "j" }, { callSid: "CA1" });
  // @ts-expect-error a queue the map does not have
  void enqueue(tx, { queue: "faxes", name: "charge-call", jobId: "j" }, { callSid: "CA1" });
  // @ts-expect-error a job of another queue
  void enqueue(tx, { queue: "billing", name: "missed-call", jobId: "j" }, { callSid: "CA1" });
  // @ts-expect-error another job's payload
  void enqueue(tx, { queue: "billing", name: "charge-call", jobId: "j" }, { messageSid: "SM1" });
  // @ts-expect-error a payload missing a field
  void enqueue(tx, { queue: "voicemail", name: "process-voicemail", jobId: "j" }, { voicemailId: "v" });
  // @ts-expect-error a payload field of the wrong type
  void enqueue(tx, { queue: "notifications", name: "password-reset", jobId: "j" }, { email: 42 });
  // @ts-expect-error a payload with a field the job does not take
  void enqueue(tx, { queue: "billing", name: "charge-sms", jobId: "j" }, { messageSid: "SM1", cents: 1 });
  // @ts-expect-error the batch form checks the same: an unknown job name
  outboxRow({ queue: "notifications", name: "missed-text", jobId: "j" }, { callSid: "CA1" });
  // @ts-expect-error the batch form checks the same: a wrong payload
  outboxRow({ queue: "billing", name: "charge-call", jobId: "j" }, { messageSid: "SM1" });
  // @ts-expect-error only in a transaction opened by the outbox writer (which wakes the relay)
  void enqueue(db, { queue: "billing", name: "charge-sms", jobId: "j" }, { messageSid: "SM1" });
  // What the map knows type-checks.
  void enqueue(tx, { queue: "billing", name: "charge-call", jobId: "j" }, { callSid: "CA1" });
  outboxRow(
    { queue: "voicemail", name: "process-voicemail", jobId: "j" },
    { voicemailId: "v", extensionId: null },
  );
}

describe("the outbox writer", () => {
  let handle: DatabaseHandle;
  let outbox: OutboxWriter;
  let wakes: number;

  beforeAll(async () => {
    handle = await createTestDatabase();
  });
  afterAll(async () => {
    await handle.close();
  });
  beforeEach(async () => {
    await handle.db.delete(jobOutbox);
    wakes = 0;
    outbox = createOutboxWriter({
      db: handle.db,
      wake: () => {
        wakes += 1;
      },
    });
  });

  const rows = () => handle.db.select().from(jobOutbox);

  it("writes the row in the caller's transaction and wakes the relay once, after the commit", async () => {
    const result = await outbox.transaction(async (tx) => {
      await enqueue(
        tx,
        { queue: "billing", name: "charge-sms", jobId: "charge-sms:SM1" },
        { messageSid: "SM1" },
      );
      await enqueue(
        tx,
        { queue: "notifications", name: "missed-call", jobId: "missed-call:CA1" },
        { callSid: "CA1" },
      );
      // Written in this transaction, and the relay not woken while it is open.
      const inside = await tx.select().from(jobOutbox).where(eq(jobOutbox.jobId, "charge-sms:SM1"));
      expect(inside).toHaveLength(1);
      expect(wakes).toBe(0);
      return "committed";
    });
    expect(result).toBe("committed");
    expect(wakes).toBe(1);
    const written = await rows();
    expect(
      written.map(({ queue, jobName, jobId, payload, relayedAt }) => ({
        queue,
        jobName,
        jobId,
        payload,
        relayedAt,
      })),
    ).toEqual(
      expect.arrayContaining([
        {
          queue: "billing",
          jobName: "charge-sms",
          jobId: "charge-sms:SM1",
          payload: { messageSid: "SM1" },
          relayedAt: null,
        },
        {
          queue: "notifications",
          jobName: "missed-call",
          jobId: "missed-call:CA1",
          payload: { callSid: "CA1" },
          relayedAt: null,
        },
      ]),
    );
    expect(written).toHaveLength(2);
    expect(written.every((row) => row.id.startsWith("job_"))).toBe(true);
  });

  it("rolls the row back with the caller's transaction, and wakes nothing", async () => {
    const failed = outbox.transaction(async (tx) => {
      await tx.insert(schema.accounts).values({ id: "acct_outboxrollback", companyName: "Rolled back" });
      await enqueue(
        tx,
        { queue: "billing", name: "charge-call", jobId: "charge-call:CA2" },
        { callSid: "CA2" },
      );
      throw new Error("the use case failed after enqueuing");
    });
    await expect(failed).rejects.toThrow("the use case failed after enqueuing");
    expect(await rows()).toEqual([]);
    expect(await handle.db.$count(schema.accounts, eq(schema.accounts.id, "acct_outboxrollback"))).toBe(0);
    expect(wakes).toBe(0);
  });

  it("wakes nothing after a transaction that enqueued nothing", async () => {
    expect(await outbox.transaction(async () => 7)).toBe(7);
    expect(wakes).toBe(0);
  });

  it("refuses a transaction it did not open: nothing would wake the relay after its commit", async () => {
    const foreign = handle.db.transaction((tx) =>
      enqueue(
        tx as unknown as OutboxTransaction,
        { queue: "billing", name: "charge-sms", jobId: "j" },
        {
          messageSid: "SM3",
        },
      ),
    );
    await expect(foreign).rejects.toThrow(/not opened by the outbox writer/);
    expect(await rows()).toEqual([]);
  });

  it("hands a stored job back under its stored names", async () => {
    await outbox.transaction((tx) =>
      enqueueStored(tx, {
        queue: "billing",
        name: "charge-call",
        jobId: "charge-call:CA4:retry:1",
        payload: null,
      }),
    );
    expect(await rows()).toMatchObject([{ queue: "billing", jobName: "charge-call", payload: {} }]);
    expect(wakes).toBe(1);
  });

  it("builds the typed values of a row for a statement that writes many (then `notify` wakes the relay)", () => {
    const row = outboxRow(
      { queue: "billing", name: "charge-call", jobId: "charge-call:CA5" },
      { callSid: "CA5" },
    );
    expect(row).toEqual({
      id: expect.stringMatching(/^job_/),
      queue: "billing",
      jobName: "charge-call",
      jobId: "charge-call:CA5",
      payload: { callSid: "CA5" },
    });
    outbox.notify();
    expect(wakes).toBe(1);
  });
});
