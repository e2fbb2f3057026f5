import { type DatabaseHandle, newId, schema } from "@poundline/db";
import { createTestDatabase } from "@poundline/db/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { purgeExpiredRows } from "../../src/housekeeping/housekeeping";

const DAY = 24 * 3600 * 1000;
const now = new Date("2026-11-20T12:00:00Z");
const ago = (days: number) => new Date(now.getTime() - days * DAY);

describe("housekeeping", () => {
  let handle: DatabaseHandle;
  beforeAll(async () => {
    handle = await createTestDatabase();
  });
  afterAll(() => handle.close());

  it("deletes only the rows that outlived their use", async () => {
    const { db } = handle;
    const accountId = newId("account");
    const userId = newId("user");
    await db.insert(schema.accounts).values({ id: accountId, companyName: "Old Rows Inc" });
    await db.insert(schema.users).values({ id: userId, email: "old@rows.test" });
    const job = (jobId: string, settledAt: Date | null) => ({
      id: newId("job"),
      queue: "billing",
      jobName: "charge-call",
      jobId,
      payload: {},
      createdAt: ago(40),
      settledAt,
    });
    await db.insert(schema.jobOutbox).values([
      job("charge-call:CAold", ago(8)), // settled long ago: goes
      job("charge-call:CArecent", ago(1)), // settled yesterday: stays
      job("charge-call:CAunsettled", null), // never settled: stays (the relay sends it again)
    ]);
    await db.insert(schema.processedWebhookEvents).values([
      { provider: "twilio", eventId: "old", receivedAt: ago(31) },
      { provider: "twilio", eventId: "recent", receivedAt: ago(2) },
    ]);
    const hunt = (sid: string, updatedAt: Date) => ({
      id: newId("job"),
      accountId,
      callerCallSid: sid,
      target: "open" as const,
      createdAt: updatedAt,
      updatedAt,
    });
    await db.insert(schema.ringHunts).values([hunt("CAhuntold", ago(2)), hunt("CAhuntnow", ago(0.01))]);
    await db.insert(schema.sessions).values([
      { id: "expired", userId, expiresAt: ago(1) },
      { id: "live", userId, expiresAt: new Date(now.getTime() + DAY) },
    ]);
    await db.insert(schema.emailTokens).values([
      { tokenHash: "expired", userId, purpose: "reset_password", expiresAt: ago(0.1) },
      { tokenHash: "live", userId, purpose: "reset_password", expiresAt: new Date(now.getTime() + 3600_000) },
    ]);
    const voicemailId = newId("voicemail");
    await db.insert(schema.voicemails).values({
      id: voicemailId,
      accountId,
      callSid: "CAvm",
      recordingSid: "REvm",
      recordingUrl: "https://api.twilio.com/Recordings/REvm",
      fromNumber: "+13125550142",
      toNumber: "+13055550100",
    });
    await db.insert(schema.voicemailLinks).values([
      { tokenHash: "expired", voicemailId, accountId, expiresAt: ago(0.1) },
      { tokenHash: "live", voicemailId, accountId, expiresAt: new Date(now.getTime() + DAY) },
    ]);
    await db.insert(schema.idempotencyKeys).values([
      { accountId, key: "old", requestHash: "h", createdAt: ago(1.1) },
      { accountId, key: "recent", requestHash: "h", createdAt: ago(0.5) },
    ]);

    expect(await purgeExpiredRows(db, now)).toEqual({
      settledJobs: 1,
      processedEvents: 1,
      ringHunts: 1,
      expiredSessions: 1,
      expiredTokens: 1,
      expiredVoicemailLinks: 1,
      idempotencyKeys: 1,
    });
    expect((await db.select().from(schema.jobOutbox)).map((j) => j.jobId).sort()).toEqual([
      "charge-call:CArecent",
      "charge-call:CAunsettled",
    ]);
    expect((await db.select().from(schema.processedWebhookEvents)).map((e) => e.eventId)).toEqual(["recent"]);
    expect((await db.select().from(schema.ringHunts)).map((h) => h.callerCallSid)).toEqual(["CAhuntnow"]);
    expect((await db.select().from(schema.sessions)).map((s) => s.id)).toEqual(["live"]);
    expect((await db.select().from(schema.emailTokens)).map((t) => t.tokenHash)).toEqual(["live"]);
    expect((await db.select().from(schema.voicemailLinks)).map((l) => l.tokenHash)).toEqual(["live"]);
    expect((await db.select().from(schema.idempotencyKeys)).map((k) => k.key)).toEqual(["recent"]);
    // A second run finds nothing more.
    expect(Object.values(await purgeExpiredRows(db, now)).every((n) => n === 0)).toBe(true);
  });
});
