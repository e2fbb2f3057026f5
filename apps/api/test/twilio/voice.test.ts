import { schema } from "@poundline/db";
import { insertRoutingConfig } from "@poundline/db/fixtures";
import { EMPTY_TWIML } from "@poundline/domain";
import {
  type CallEnding,
  type CarrierClient,
  CarrierError,
  type CreateCallInput,
} from "@poundline/platform/carrier/client";
import { pendingChargesOf } from "@poundline/testing/jobs";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../src/testing";
import { carrierPost } from "./carrier";

const OUR_NUMBER = "+13055550100";
const CALLER = "+13055551234";
const CALL_SID = "CA0123456789abcdef0123456789abcdef";

let t: TestApp;
let ids: Map<string, string>;

beforeAll(async () => {
  t = await createTestApp({ clock: () => new Date("2026-11-23T15:00:00Z") });
  ids = await insertRoutingConfig(t.db.db, {
    accounts: [{ key: "law", status: "active", walletCents: 1000 }],
    numbers: [{ key: "line", account: "law", e164: OUR_NUMBER, routing: { open: { type: "voicemail" } } }],
  });
  await t.app.deps.routing.reload();
});
afterAll(() => t.close());
beforeEach(async () => {
  await t.db.db.delete(schema.callLogs);
  await t.db.db.delete(schema.jobOutbox);
  await t.db.db.delete(schema.pendingCharges);
  await t.db.db.delete(schema.contacts);
});

const status = (callStatus: string, sequence: number, extra: Record<string, string> = {}) => ({
  AccountSid: t.app.deps.carrier.accountSid,
  CallSid: CALL_SID,
  From: CALLER,
  To: OUR_NUMBER,
  Direction: "inbound",
  CallStatus: callStatus,
  SequenceNumber: String(sequence),
  Timestamp: new Date(Date.UTC(2026, 10, 23, 15, 0, sequence * 10)).toUTCString(),
  CallbackSource: "call-progress-events",
  ...extra,
});

const callLogs = () => t.db.db.select().from(schema.callLogs).where(eq(schema.callLogs.callSid, CALL_SID));

describe("POST /twilio/voice", () => {
  it("answers a number nobody owns with a polite goodbye", async () => {
    const res = await carrierPost(t, "/twilio/voice", {
      CallSid: CALL_SID,
      From: CALLER,
      To: "+13055550777",
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toMatch(/text\/xml/);
    expect(res.body).toContain("not in service");
    expect(res.body).toContain("<Hangup/>");
  });

  it("refuses an unsigned call with 403", async () => {
    const res = await t.app.inject({
      method: "POST",
      url: "/twilio/voice",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      payload: new URLSearchParams({ CallSid: CALL_SID, From: CALLER, To: OUR_NUMBER }).toString(),
    });
    expect(res.statusCode).toBe(403);
  });
});

describe("POST /twilio/voice/status", () => {
  it("the same callback delivered five times at once leaves one call log and one charge job", async () => {
    const completed = status("completed", 3, { CallDuration: "65" });
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => carrierPost(t, "/twilio/voice/status", completed)),
    );
    for (const res of answers) {
      expect(res.statusCode).toBe(200);
      expect(res.body).toBe(EMPTY_TWIML);
    }
    const logs = await callLogs();
    expect(logs).toHaveLength(1);
    expect(logs[0]).toMatchObject({
      callStatus: "completed",
      durationSeconds: 65,
      accountId: ids.get("law"),
    });
    expect(await pendingChargesOf(t.db.db, CALL_SID)).toBe(1);
    const contacts = await t.db.db.select().from(schema.contacts);
    expect(contacts).toMatchObject([{ phone: CALLER, source: "call" }]);
  });

  it.each([
    ["in order", [0, 1, 2, 3]],
    ["reversed", [3, 2, 1, 0]],
    ["shuffled", [2, 0, 3, 1]],
    ["with repeats", [1, 3, 1, 0, 2, 3]],
  ])("events arriving %s end at completed, never moved backwards", async (_label, order) => {
    const events = [
      status("initiated", 0),
      status("ringing", 1),
      status("in-progress", 2),
      status("completed", 3, { CallDuration: "42" }),
    ];
    for (const i of order) await carrierPost(t, "/twilio/voice/status", events[i] as Record<string, string>);
    const [log] = await callLogs();
    expect(log).toMatchObject({ callStatus: "completed", lastSequenceNumber: 3, durationSeconds: 42 });
    expect(log?.endedAt).toBeInstanceOf(Date);
  });

  it("without SequenceNumbers, a completion after ringing is stored and charged (ordered by status)", async () => {
    const { SequenceNumber: _ringing, ...ringing } = status("ringing", 1);
    const { SequenceNumber: _completed, ...completed } = status("completed", 3, { CallDuration: "42" });
    await carrierPost(t, "/twilio/voice/status", ringing);
    await carrierPost(t, "/twilio/voice/status", completed);
    await carrierPost(t, "/twilio/voice/status", ringing); // late: changes nothing
    const [log] = await callLogs();
    expect(log).toMatchObject({ callStatus: "completed", durationSeconds: 42 });
    expect(await pendingChargesOf(t.db.db, CALL_SID)).toBe(1);
  });

  it("a later completion with a longer duration re-rates the call once", async () => {
    await carrierPost(t, "/twilio/voice/status", status("completed", 3, { CallDuration: "30" }));
    const longer = status("completed", 3, { CallDuration: "600" });
    await Promise.all([1, 2, 3].map(() => carrierPost(t, "/twilio/voice/status", longer)));
    const [log] = await callLogs();
    expect(log).toMatchObject({ callStatus: "completed", durationSeconds: 600 });
    // Handed off twice (the first charge, the re-rate); the biller charges the difference once.
    expect(await pendingChargesOf(t.db.db, CALL_SID)).toBe(2);
    // Answered, and no legs: not missed, so no notice is handed off.
    expect(await t.db.db.select().from(schema.jobOutbox)).toEqual([]);
  });

  it("a late ringing event does not reopen a completed call", async () => {
    await carrierPost(t, "/twilio/voice/status", status("completed", 3, { CallDuration: "10" }));
    await carrierPost(t, "/twilio/voice/status", status("ringing", 1));
    const [log] = await callLogs();
    expect(log?.callStatus).toBe("completed");
  });
});

describe("ring groups: the caller holds in a queue while members are called", () => {
  const GROUP_NUMBER = "+13055550200";
  const WAITING_SID = "CAfeedfeedfeedfeedfeedfeedfeedfeed";
  let q: TestApp;
  let created: CreateCallInput[] = [];
  let ended: { sid: string; status: CallEnding }[] = [];
  /** Runs while the carrier places member call `n` (1-based): what happens meanwhile. */
  let whilePlacing: (n: number) => Promise<void> = async () => {};
  let refuseUpdates = false;
  const sidOf = (n: number) => `CA${String(n).padStart(32, "0")}`;
  const carrierClient: CarrierClient = {
    sendMessage: () => Promise.reject(new Error("not used")),
    fetchMessage: () => Promise.reject(new Error("not used")),
    createCall: async (input) => {
      created.push(input);
      const n = created.length;
      await whilePlacing(n);
      return { sid: sidOf(n), status: "queued" };
    },
    updateCall: async (sid, update) => {
      if (refuseUpdates) throw new CarrierError("Service unavailable", 503, 20503);
      ended.push({ sid, status: update.status });
    },
  };

  let accountId = "";
  beforeAll(async () => {
    q = await createTestApp({ clock: () => new Date("2026-11-23T15:00:00Z"), carrierClient });
    const ids = await insertRoutingConfig(q.db.db, {
      accounts: [{ key: "law", companyName: "Demo Law Group", status: "active", walletCents: 1000 }],
      extensions: [
        { key: "a", account: "law", number: 101, name: "A", forwardingNumbers: ["+13055550101"] },
        {
          key: "b",
          account: "law",
          number: 102,
          name: "B",
          forwardingNumbers: ["+13055550102", "+13055550112"],
        },
        { key: "c", account: "law", number: 103, name: "C", forwardingNumbers: ["+13055550103"] },
      ],
      numbers: [
        {
          key: "group",
          account: "law",
          e164: GROUP_NUMBER,
          routing: {
            open: { type: "ring_group", members: ["a", "b", "c"] },
            ringStrategy: "simultaneous",
            ringTimeoutSeconds: 25,
            holdMusic: "jazz",
          },
        },
      ],
    });
    accountId = ids.get("law") ?? "";
    await q.app.deps.routing.reload();
  });
  afterAll(() => q.close());
  beforeEach(async () => {
    created = [];
    ended = [];
    whilePlacing = async () => {};
    refuseUpdates = false;
    await q.db.db.delete(schema.ringHunts);
    // A member who took a caller in an earlier test is on that call no more.
    const { presence } = q.app.deps;
    for (const [seat, calls] of await presence.calls(accountId))
      for (const callSid of calls) await presence.callLeft(accountId, seat, callSid);
  });

  const caller = { AccountSid: "AC", CallSid: WAITING_SID, From: CALLER, To: GROUP_NUMBER };
  const hunt = async () =>
    (await q.db.db.select().from(schema.ringHunts).where(eq(schema.ringHunts.callerCallSid, WAITING_SID)))[0];
  const pathOf = (url: string) => url.slice(q.app.deps.carrier.webhookBaseUrl.length);

  async function enqueue() {
    const incoming = await carrierPost(q, "/twilio/voice", caller);
    const waitUrl = /waitUrl="([^"]+)"/.exec(incoming.body)?.[1]?.replaceAll("&amp;", "&") ?? "";
    return { incoming, waitPath: pathOf(waitUrl) };
  }

  it("answers with Enqueue into a queue named by the CallSid, waiting on the hold URL", async () => {
    const { incoming } = await enqueue();
    expect(incoming.body).toContain(`>${WAITING_SID}</Enqueue>`);
    expect(incoming.body).toContain('waitUrlMethod="POST"');
    expect(incoming.body).toContain("/twilio/voice/hold?");
    expect(incoming.body).toContain("/twilio/voice/queue-result?");
    expect(incoming.body).not.toContain("<Dial");
  });

  it("the first wait request starts the hunt once and plays the number's hold music", async () => {
    const { waitPath } = await enqueue();
    const first = await carrierPost(q, waitPath, caller);
    expect(first.body).toContain("<Play>http://com.twilio.music.soft-rock.s3.amazonaws.com/");
    const again = await carrierPost(q, waitPath, caller);
    expect(again.body).toContain("<Play>");
    expect(created.map((c) => c.to)).toEqual([
      "+13055550101",
      "+13055550102",
      "+13055550112",
      "+13055550103",
    ]);
    expect(created.every((c) => c.from === GROUP_NUMBER && c.timeout === 25)).toBe(true);
    expect(await hunt()).toMatchObject({ state: "hunting", attempt: 0, ringing: 4 });
  });

  it("members' unanswered ends arriving together exhaust the hunt exactly once; then the caller leaves", async () => {
    const { waitPath } = await enqueue();
    await carrierPost(q, waitPath, caller);
    const results = await Promise.all(
      created.map((c, i) =>
        carrierPost(q, pathOf(c.statusCallback), {
          CallSid: `CA${i}`,
          CallStatus: i % 2 ? "busy" : "no-answer",
        }),
      ),
    );
    expect(results.every((r) => r.statusCode === 200)).toBe(true);
    expect(await hunt()).toMatchObject({ state: "exhausted", ringing: 0 });
    const wait = await carrierPost(q, waitPath, caller);
    expect(wait.body).toContain("<Leave/>");

    const action =
      /action="([^"]+)"/.exec((await enqueue()).incoming.body)?.[1]?.replaceAll("&amp;", "&") ?? "";
    const left = await carrierPost(q, pathOf(action), { ...caller, QueueResult: "leave", QueueTime: "40" });
    expect(left.body).toContain("<Record");
    const bridged = await carrierPost(q, pathOf(action), {
      ...caller,
      QueueResult: "bridged",
      QueueTime: "9",
    });
    expect(bridged.body).toContain("<Hangup/>");
  });

  it("a status callback delivered again is counted once", async () => {
    const { waitPath } = await enqueue();
    await carrierPost(q, waitPath, caller);
    const [a, b] = created;
    const ends = [a, b, a, b, a].map((c, i) =>
      carrierPost(q, pathOf(c?.statusCallback ?? ""), { CallSid: `CAend${i % 2}`, CallStatus: "no-answer" }),
    );
    await Promise.all(ends);
    expect(await hunt()).toMatchObject({ state: "hunting", ringing: 2 });
    expect((await carrierPost(q, waitPath, caller)).body).toContain("<Play>");
  });

  it("the first member to answer takes the caller; a later one is hung up on", async () => {
    const { waitPath } = await enqueue();
    await carrierPost(q, waitPath, caller);
    const [a, b] = created;
    const answers = await Promise.all(
      [a, b].map((c, i) =>
        carrierPost(q, pathOf(c?.url ?? ""), { CallSid: `CAm${i}`, CallStatus: "in-progress" }),
      ),
    );
    const whispered = answers.filter((r) => r.body.includes("<Queue>"));
    expect(whispered).toHaveLength(1);
    expect(whispered[0]?.body).toContain("<Say>Call for Demo Law Group.</Say>");
    expect(whispered[0]?.body).toContain(`<Dial><Queue>${WAITING_SID}</Queue></Dial>`);
    expect(answers.filter((r) => r.body.includes("<Hangup/>"))).toHaveLength(1);
    expect(await hunt()).toMatchObject({ state: "bridged" });
    // Late unanswered ends of the others change nothing.
    await carrierPost(q, pathOf(created[3]?.statusCallback ?? ""), {
      CallSid: "CAx",
      CallStatus: "no-answer",
    });
    expect(await hunt()).toMatchObject({ state: "bridged", ringing: 4 });
  });

  const canceled = (...n: number[]) => n.map((i) => ({ sid: sidOf(i), status: "canceled" }));
  const memberPost = (i: number, which: "url" | "statusCallback", params: Record<string, string>) =>
    carrierPost(q, pathOf(created[i - 1]?.[which] ?? ""), { CallSid: sidOf(i), ...params });

  it("a member taking the caller cancels the calls still ringing, not those that ended", async () => {
    const { waitPath } = await enqueue();
    await carrierPost(q, waitPath, caller);
    expect(await hunt()).toMatchObject({ memberCallSids: [1, 2, 3, 4].map(sidOf) });
    await memberPost(1, "statusCallback", { CallStatus: "busy" });
    const answer = await memberPost(3, "url", { CallStatus: "in-progress" });
    expect(answer.body).toContain(`<Dial><Queue>${WAITING_SID}</Queue></Dial>`);
    expect(ended).toEqual(canceled(2, 4));
    // Their canceled reports change nothing.
    await Promise.all([2, 4].map((i) => memberPost(i, "statusCallback", { CallStatus: "canceled" })));
    expect(await hunt()).toMatchObject({ state: "bridged", ringing: 3, endedCallSids: [sidOf(1)] });
  });

  it("the caller leaving unbridged cancels every call still ringing; their reports change nothing", async () => {
    const { waitPath, incoming } = await enqueue();
    await carrierPost(q, waitPath, caller);
    await memberPost(2, "statusCallback", { CallStatus: "no-answer" });
    const action = /action="([^"]+)"/.exec(incoming.body)?.[1]?.replaceAll("&amp;", "&") ?? "";
    await carrierPost(q, pathOf(action), { ...caller, QueueResult: "hangup", QueueTime: "12" });
    expect(ended).toEqual(canceled(1, 3, 4));
    await memberPost(1, "statusCallback", { CallStatus: "canceled" });
    expect(await hunt()).toMatchObject({ state: "exhausted", ringing: 3 });
    // A bridged caller's end cancels nothing more.
    ended = [];
    await carrierPost(q, pathOf(action), { ...caller, QueueResult: "bridged", QueueTime: "12" });
    expect(ended).toEqual([]);
  });

  it("a call placed while a member took the caller is canceled at once", async () => {
    const { waitPath } = await enqueue();
    whilePlacing = async (n) => {
      if (n === 2) await memberPost(1, "url", { CallStatus: "in-progress" });
    };
    await carrierPost(q, waitPath, caller);
    expect(ended).toEqual(canceled(2, 3, 4));
    expect(await hunt()).toMatchObject({ state: "bridged", memberCallSids: [1, 2, 3, 4].map(sidOf) });
  });

  it("a carrier refusing to cancel does not keep the member from taking the caller", async () => {
    const { waitPath } = await enqueue();
    await carrierPost(q, waitPath, caller);
    refuseUpdates = true;
    const answer = await memberPost(2, "url", { CallStatus: "in-progress" });
    expect(answer.statusCode).toBe(200);
    expect(answer.body).toContain(`<Dial><Queue>${WAITING_SID}</Queue></Dial>`);
  });
});
