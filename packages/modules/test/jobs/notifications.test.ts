import { type DatabaseHandle, newId, schema } from "@poundline/db";
import { createTestDatabase } from "@poundline/db/testing";
import type { Mailer } from "@poundline/platform/mailer";
import { createMailer } from "@poundline/platform/mailer";
import { and, eq, like } from "drizzle-orm";
import { pino } from "pino";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import {
  MISSED_CALL_TEMPLATE,
  type NotificationPorts,
  notifyMissedCall,
  phoneToE164,
} from "../../src/notifications/index";

const { accounts, users, accountMemberships, notificationPreferences, callLogs, voicemails, emailOutbox } =
  schema;

const BASE = "https://app.poundline.test";

describe("notifyMissedCall", () => {
  let handle: DatabaseHandle;
  let ports: NotificationPorts;
  const log = pino({ level: "silent" });
  const now = new Date("2026-11-21T15:00:00Z");
  let n = 0;
  let accountId: string;
  let member: string;

  beforeAll(async () => {
    handle = await createTestDatabase();
    ports = {
      db: handle.db,
      log,
      clock: () => now,
      mailer: createMailer({ db: handle.db, log, from: "Poundline <no-reply@poundline.test>" }),
      publicBaseUrl: BASE,
    };
  });
  afterAll(() => handle.close());

  /** An account whose owner keeps the defaults (missed-call e-mail on) and a member who turned it off. */
  beforeEach(async () => {
    n += 1;
    accountId = newId("account");
    const owner = newId("user");
    member = newId("user");
    const { db } = handle;
    await db.insert(accounts).values({ id: accountId, companyName: `Missed ${n} LLC` });
    await db.insert(users).values([
      { id: owner, email: `owner${n}@example.com` },
      { id: member, email: `member${n}@example.com` },
    ]);
    await db.insert(accountMemberships).values([
      { accountId, userId: owner, role: "owner" },
      { accountId, userId: member },
    ]);
    await db.insert(notificationPreferences).values({ userId: member, emailMissedCall: false });
  });

  async function call(over: Partial<typeof callLogs.$inferInsert> = {}): Promise<string> {
    const callSid = `CA${newId("call").slice(5)}`;
    await handle.db.insert(callLogs).values({
      id: newId("call"),
      accountId,
      callSid,
      direction: "inbound",
      fromNumber: "+13125550199",
      toNumber: "+14075550100",
      callStartTime: new Date("2026-11-21T14:58:00Z"),
      callStatus: "no-answer",
      ...over,
    });
    return callSid;
  }

  const mails = () =>
    handle.db
      .select()
      .from(emailOutbox)
      .where(
        and(eq(emailOutbox.template, MISSED_CALL_TEMPLATE), like(emailOutbox.toAddress, `%${n}@example.com`)),
      );

  it.each<[string, Partial<typeof callLogs.$inferInsert>]>([
    ["no-answer", {}],
    ["missed", { callStatus: "missed" }],
    ["busy", { callStatus: "busy" }],
    ["completed without being answered", { callStatus: "completed", answeredAt: null }],
  ])("e-mails the members who want it about a %s call", async (_name, over) => {
    const callSid = await call(over);
    expect(await notifyMissedCall(ports, { callSid })).toBe("done");
    const sent = await mails();
    expect(sent.map((m) => m.toAddress)).toEqual([`owner${n}@example.com`]);
    expect(sent[0]).toMatchObject({
      subject: "Missed call from +13125550199",
      status: "logged",
    });
    expect(sent[0]?.textBody).toContain("To: +14075550100");
    expect(sent[0]?.textBody).toContain("When: 2026-11-21T14:58:00.000Z");
    expect(sent[0]?.textBody).toContain(`${BASE}/dashboard/call-history`);
  });

  it("sends nothing twice, even to concurrent runs", async () => {
    const callSid = await call();
    const outcomes = await Promise.all([
      notifyMissedCall(ports, { callSid }),
      notifyMissedCall(ports, { callSid }),
    ]);
    expect(outcomes).toContain("done");
    expect(await notifyMissedCall(ports, { callSid })).toBe("done");
    expect(await mails()).toHaveLength(1);
  });

  it("a retry after a failed e-mail sends it once", async () => {
    await handle.db
      .update(notificationPreferences)
      .set({ emailMissedCall: true })
      .where(eq(notificationPreferences.userId, member));
    const callSid = await call();
    let failing = true;
    const flaky: Mailer = {
      send: (email) =>
        failing && email.to.startsWith("member")
          ? Promise.reject(new Error("SMTP down"))
          : ports.mailer.send(email),
    };
    await expect(notifyMissedCall({ ...ports, mailer: flaky }, { callSid })).rejects.toThrow("SMTP down");
    expect((await mails()).map((m) => m.toAddress)).toEqual([`owner${n}@example.com`]);
    failing = false;
    expect(await notifyMissedCall({ ...ports, mailer: flaky }, { callSid })).toBe("done");
    expect((await mails()).map((m) => m.toAddress).sort()).toEqual([
      `member${n}@example.com`,
      `owner${n}@example.com`,
    ]);
  });

  it("names a caller the account has as a contact", async () => {
    await handle.db
      .insert(schema.contacts)
      .values({ id: newId("contact"), accountId, name: "Bob Stone", phone: "+13125550199" });
    const callSid = await call();
    expect(await notifyMissedCall(ports, { callSid })).toBe("done");
    expect((await mails())[0]?.subject).toBe("Missed call from Bob Stone (+13125550199)");
  });

  it.each<[string, Partial<typeof callLogs.$inferInsert>]>([
    ["a voicemail_missed call (the voicemail mail covers it)", { callStatus: "voicemail_missed" }],
    ["an answered call", { callStatus: "completed", answeredAt: new Date("2026-11-21T14:58:05Z") }],
    ["an outbound call", { direction: "outbound", callStatus: "no-answer" }],
    ["a call still ringing", { callStatus: "ringing" }],
    ["a failed call", { callStatus: "failed" }],
    ["a child leg", { parentCallSid: "CAparent" }],
  ])("skips %s", async (_name, over) => {
    const callSid = await call(over);
    expect(await notifyMissedCall(ports, { callSid })).toBe("skipped");
    expect(await mails()).toEqual([]);
  });

  it("skips a completed call that left a voicemail before its status was updated", async () => {
    const callSid = await call({ callStatus: "completed" });
    await handle.db.insert(voicemails).values({
      id: newId("voicemail"),
      accountId,
      callSid,
      recordingSid: `RE${callSid.slice(2)}`,
      recordingUrl: "https://sim.local/Recordings/RE1",
      fromNumber: "+13125550199",
      toNumber: "+14075550100",
    });
    expect(await notifyMissedCall(ports, { callSid })).toBe("skipped");
  });

  it("reads a completed call by its legs: missed when none was answered, not when one was", async () => {
    const answered = new Date("2026-11-21T14:58:01Z");
    const unanswered = await call({ callStatus: "completed", answeredAt: answered });
    await call({ parentCallSid: unanswered, direction: "inbound", callStatus: "no-answer" });
    expect(await notifyMissedCall(ports, { callSid: unanswered })).toBe("done");
    expect(await mails()).toHaveLength(1);

    const picked = await call({ callStatus: "completed", answeredAt: answered });
    await call({ parentCallSid: picked, callStatus: "no-answer" });
    await call({ parentCallSid: picked, callStatus: "completed", answeredAt: answered });
    expect(await notifyMissedCall(ports, { callSid: picked })).toBe("skipped");
  });

  it("skips an unknown call", async () => {
    expect(await notifyMissedCall(ports, { callSid: "CAunknown" })).toBe("skipped");
  });
});

describe("phoneToE164", () => {
  it.each([
    ["+13125550100", "+13125550100"],
    ["(312) 555-0100", "+13125550100"],
    ["1-312-555-0100", "+13125550100"],
    ["+44 20 7946 0958", "+442079460958"],
    ["555-0100", null],
    ["call me", null],
    [null, null],
  ])("%j gives %j", (typed, expected) => {
    expect(phoneToE164(typed)).toBe(expected);
  });
});
