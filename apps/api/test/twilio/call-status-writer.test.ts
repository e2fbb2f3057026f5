import { type DatabaseHandle, schema } from "@poundline/db";
import { insertRoutingConfig } from "@poundline/db/fixtures";
import { createTestDatabase } from "@poundline/db/testing";
import type { CallProgressStatus } from "@poundline/domain";
import { type CallStatusEvent, createCallStatusWriter } from "@poundline/modules/carrier/call-status-writer";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

describe("call status writer (group commit of call progress)", () => {
  let handle: DatabaseHandle;
  let accountId: string;
  let numberId: string;
  const t0 = new Date("2026-11-20T15:00:00Z");

  beforeAll(async () => {
    handle = await createTestDatabase();
    const made = await insertRoutingConfig(handle.db, {
      accounts: [{ key: "acme" }],
      numbers: [{ key: "main", account: "acme", e164: "+14075550100" }],
    });
    accountId = made.get("acme") as string;
    numberId = made.get("main") as string;
  });
  afterAll(() => handle.close());

  /** Every hand-off written: `charge:<CallSid>` per pending_charges row, and the outbox's job ids. */
  const handOffs = async () => {
    const pending = await handle.db
      .select({ callSid: schema.callLogs.callSid })
      .from(schema.pendingCharges)
      .innerJoin(schema.callLogs, eq(schema.callLogs.id, schema.pendingCharges.callLogId));
    const jobs = await handle.db.select().from(schema.jobOutbox);
    return [...pending.map((p) => `charge:${p.callSid}`), ...jobs.map((j) => j.jobId)].sort();
  };
  const chargesOf = async (callSid: string) => (await handOffs()).filter((h) => h === `charge:${callSid}`);

  const event = (
    callSid: string,
    caller: string,
    status: CallProgressStatus,
    sequence: number | null,
  ): CallStatusEvent => {
    const eventTime = new Date(t0.getTime() + (sequence ?? 0) * 1000);
    const ended = status === "completed";
    return {
      accountId,
      phoneNumberId: numberId,
      callSid,
      parentCallSid: null,
      inbound: true,
      fromNumber: caller,
      toNumber: "+14075550100",
      theirNumber: caller,
      callerName: undefined,
      callStartTime: eventTime,
      answeredAt: null,
      endedAt: ended ? eventTime : null,
      durationSeconds: ended ? 42 : 0,
      callStatus: status,
      sequence,
      eventTime,
      fromCity: null,
      fromState: null,
      fromCountry: null,
    };
  };

  it("a burst of events, repeats and late ones included, leaves exactly what one at a time would", async () => {
    const write = createCallStatusWriter(handle.db);
    const calls = Array.from({ length: 12 }, (_, i) => `CAburst${i}`);
    // Three callers share the twelve calls; every call rings, completes, then repeats both.
    const events = calls.flatMap((sid, i) => {
      const caller = `+1305555000${i % 3}`;
      return [
        event(sid, caller, "ringing", 1),
        event(sid, caller, "completed", 3),
        event(sid, caller, "completed", 3),
        event(sid, caller, "ringing", 1),
      ];
    });
    const applied = await Promise.all(events.map((e) => write(e)));

    // Each call's first ringing and its completion moved the log; the repeats changed nothing.
    expect(applied.filter((a) => a !== null)).toHaveLength(24);
    const logs = await handle.db
      .select()
      .from(schema.callLogs)
      .where(eq(schema.callLogs.accountId, accountId));
    expect(logs).toHaveLength(12);
    for (const log of logs) expect(log).toMatchObject({ callStatus: "completed", lastSequenceNumber: 3 });
    const contacts = await handle.db
      .select()
      .from(schema.contacts)
      .where(eq(schema.contacts.accountId, accountId));
    expect(contacts.map((c) => c.phone).sort()).toEqual(["+13055550000", "+13055550001", "+13055550002"]);
    expect(new Set(logs.map((l) => l.contactId)).size).toBe(3);
    expect(await handOffs()).toEqual(calls.flatMap((sid) => [`charge:${sid}`, `missed-call:${sid}`]).sort());
  });

  it("a late ringing event after completion changes nothing and hands off nothing", async () => {
    const write = createCallStatusWriter(handle.db);
    expect(await write(event("CAlate", "+13055550009", "completed", 3))).toMatchObject({
      callStatus: "completed",
    });
    expect(await write(event("CAlate", "+13055550009", "ringing", 1))).toBeNull();
    expect(await chargesOf("CAlate")).toHaveLength(1);
  });

  it("an event that cannot be written fails alone, not the events it shared a statement with", async () => {
    const write = createCallStatusWriter(handle.db);
    const bad = { ...event("CAbad", "+13055550077", "completed", 3), durationSeconds: -1 };
    const results = await Promise.allSettled([
      write(event("CAfirst", "+13055550070", "ringing", 1)), // flushed alone, the others queue behind it
      write(event("CAgood1", "+13055550071", "completed", 3)),
      write(bad),
      write(event("CAgood2", "+13055550072", "completed", 3)),
    ]);
    expect(results.map((r) => r.status)).toEqual(["fulfilled", "fulfilled", "rejected", "fulfilled"]);
    const sids = (await handle.db.select().from(schema.callLogs)).map((l) => l.callSid);
    expect(sids).toEqual(expect.arrayContaining(["CAfirst", "CAgood1", "CAgood2"]));
    expect(sids).not.toContain("CAbad");
  });

  it("an event for an account that no longer exists changes nothing, alone or in a batch", async () => {
    const write = createCallStatusWriter(handle.db);
    const gone = (sid: string) => ({ ...event(sid, "+13055550078", "completed", 3), accountId: "acct_gone" });
    expect(await write(gone("CAgoneAlone"))).toBeNull();
    const results = await Promise.all([
      write(event("CAgoneFirst", "+13055550079", "ringing", 1)),
      write(gone("CAgoneBatch")),
      write(event("CAgoneGood", "+13055550079", "completed", 3)),
    ]);
    expect(results[1]).toBeNull();
    expect(results[2]).toMatchObject({ callStatus: "completed" });
    const sids = (await handle.db.select().from(schema.callLogs)).map((l) => l.callSid);
    expect(sids).toContain("CAgoneGood");
    expect(sids).not.toContain("CAgoneAlone");
    expect(sids).not.toContain("CAgoneBatch");
    const jobs = await handOffs();
    expect(jobs.filter((id) => id.includes("CAgoneAlone") || id.includes("CAgoneBatch"))).toEqual([]);
  });

  describe("events without a SequenceNumber are ordered by status", () => {
    it.each<[string, CallProgressStatus[], CallProgressStatus]>([
      ["ringing then completed", ["ringing", "completed"], "completed"],
      [
        "initiated, ringing, in-progress, completed",
        ["initiated", "ringing", "in-progress", "completed"],
        "completed",
      ],
      ["completed then a late ringing", ["completed", "ringing"], "completed"],
      ["in-progress then a late queued", ["in-progress", "queued"], "in-progress"],
      ["busy then a late ringing", ["busy", "ringing"], "busy"],
    ])("%s ends at %s", async (label, statuses, last) => {
      const write = createCallStatusWriter(handle.db);
      const callSid = `CAnoseq${label.replaceAll(/\W/g, "")}`;
      for (const status of statuses) await write(event(callSid, "+13055550080", status, null));
      const [log] = await handle.db
        .select()
        .from(schema.callLogs)
        .where(eq(schema.callLogs.callSid, callSid));
      expect(log).toMatchObject({ callStatus: last, lastSequenceNumber: -1 });
      expect(await chargesOf(callSid)).toHaveLength(last === "completed" ? 1 : 0);
    });

    it("a repeated completion without a SequenceNumber changes nothing", async () => {
      const write = createCallStatusWriter(handle.db);
      expect(await write(event("CAnoseqTwice", "+13055550081", "completed", null))).not.toBeNull();
      expect(await write(event("CAnoseqTwice", "+13055550081", "completed", null))).toBeNull();
    });
  });

  describe("the missed-call notice is handed off only for a call that may have been missed", () => {
    const noticesOf = async (callSid: string) =>
      (await handle.db.select().from(schema.jobOutbox)).filter((j) => j.jobId === `missed-call:${callSid}`);
    const answered = (callSid: string, caller: string) => {
      const e = event(callSid, caller, "completed", 3);
      return { ...e, answeredAt: new Date(e.eventTime.getTime() - 42_000) };
    };
    const leg = (
      callSid: string,
      parentCallSid: string,
      status: CallProgressStatus,
      answeredAt: Date | null,
    ) => ({
      ...event(callSid, "+14075550100", status, 3),
      parentCallSid,
      inbound: false,
      theirNumber: "+13055550199",
      answeredAt,
    });

    it("an unanswered call: one notice; an answered call without legs: none, charged all the same", async () => {
      const write = createCallStatusWriter(handle.db);
      await write(event("CAnoticeMissed", "+13055550090", "completed", 3));
      await write(answered("CAnoticeAnswered", "+13055550091"));
      expect(await noticesOf("CAnoticeMissed")).toHaveLength(1);
      expect(await noticesOf("CAnoticeAnswered")).toHaveLength(0);
      expect(await chargesOf("CAnoticeAnswered")).toHaveLength(1);
    });

    it("an answered call whose legs were reported (before, or in the same statement): a notice, the legs decide", async () => {
      const write = createCallStatusWriter(handle.db);
      await write(leg("CAlegBefore1", "CAnoticeLegsBefore", "no-answer", null));
      await write(answered("CAnoticeLegsBefore", "+13055550092"));
      expect(await noticesOf("CAnoticeLegsBefore")).toHaveLength(1);

      await Promise.all([
        write(event("CAnoticeFirst", "+13055550093", "ringing", 1)), // flushed alone, the others together
        write(leg("CAlegSame1", "CAnoticeLegsSame", "no-answer", null)),
        write(answered("CAnoticeLegsSame", "+13055550094")),
      ]);
      expect(await noticesOf("CAnoticeLegsSame")).toHaveLength(1);
    });

    it("a leg reported after its answered parent completed hands off the parent's notice, once while pending", async () => {
      const write = createCallStatusWriter(handle.db);
      await write(answered("CAnoticeLegsLate", "+13055550095"));
      expect(await noticesOf("CAnoticeLegsLate")).toHaveLength(0);
      await write(leg("CAlegLate1", "CAnoticeLegsLate", "ringing", null)); // not ended: nothing yet
      expect(await noticesOf("CAnoticeLegsLate")).toHaveLength(0);
      await Promise.all([
        write(leg("CAlegLate1", "CAnoticeLegsLate", "no-answer", null)),
        write(leg("CAlegLate2", "CAnoticeLegsLate", "no-answer", null)),
      ]);
      await write(leg("CAlegLate3", "CAnoticeLegsLate", "completed", t0));
      const notices = await noticesOf("CAnoticeLegsLate");
      expect(notices).toHaveLength(1);
      expect(notices[0]?.payload).toEqual({ callSid: "CAnoticeLegsLate" });
      // A leg's own completion is charged; legs never get a notice of their own.
      expect(await noticesOf("CAlegLate3")).toHaveLength(0);
    });
  });

  describe("a later completion with a longer duration re-rates the call", () => {
    const completed = (callSid: string, durationSeconds: number, sequence: number | null = 3) => ({
      ...event(callSid, "+13055550082", "completed", sequence),
      durationSeconds,
    });
    const jobsOf = async (callSid: string) => (await handOffs()).filter((id) => id.includes(callSid));

    it.each([
      ["with SequenceNumbers", 3],
      ["without SequenceNumbers", null],
    ])(
      "%s: one more charge hand-off, no second notice; redeliveries and shorter ones change nothing",
      async (label, sequence) => {
        const write = createCallStatusWriter(handle.db);
        const callSid = `CArerate${label.replaceAll(/\W/g, "")}`;
        await write(completed(callSid, 30, sequence));
        expect(await write(completed(callSid, 600, sequence))).toMatchObject({ callStatus: "completed" });
        expect(await write(completed(callSid, 600, sequence))).toBeNull();
        expect(await write(completed(callSid, 200, sequence))).toBeNull();
        const [log] = await handle.db
          .select()
          .from(schema.callLogs)
          .where(eq(schema.callLogs.callSid, callSid));
        expect(log?.durationSeconds).toBe(600);
        expect(await jobsOf(callSid)).toEqual([
          `charge:${callSid}`,
          `charge:${callSid}`, // the re-rate: billing charges the difference once
          `missed-call:${callSid}`, // unanswered: a notice, once
        ]);
      },
    );
  });
});
