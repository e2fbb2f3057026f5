import type { DashboardStats, SearchResults, UnreadCounts } from "@poundline/contracts/console/schemas";
import { schema } from "@poundline/db";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../src/testing";
import { createUser, type SignedIn, signIn, type TestUser } from "../fixtures";
import { carrierPost } from "../twilio/carrier";
import {
  addCall,
  addMessage,
  addNumber,
  addTicketReply,
  addVoicemail,
  addWaitingCaller,
  fundWallet,
} from "./seed";

const NOW = new Date("2025-06-30T12:00:00.000Z");
const created: { to: string; from: string; url?: string | undefined; timeLimit?: number }[] = [];

let t: TestApp;
let user: TestUser;
let session: SignedIn;

beforeAll(async () => {
  t = await createTestApp({
    clock: () => NOW,
    carrierClient: {
      async createCall(input) {
        created.push(input);
        return { sid: `CA${crypto.randomUUID().replaceAll("-", "")}`, status: "queued" };
      },
      sendMessage: async () => {
        throw new Error("not used");
      },
      fetchMessage: async () => {
        throw new Error("not used");
      },
      updateCall: async () => {},
    },
  });
  user = await createUser(t);
  session = await signIn(t, user);
});
afterAll(() => t.close());

async function get<T>(url: string) {
  const res = await t.app.inject({ method: "GET", url, headers: session.headers });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<T>();
}

describe("GET /api/dashboard/stats", () => {
  it("counts the last 30 days against the 30 before, from the call logs", async () => {
    const a = user.accountId;
    // Last 30 days: 3 inbound (1 missed), 1 outbound. The 30 before: 2 inbound. Older: ignored.
    await addCall(t, a, NOW, 1);
    await addCall(t, a, NOW, 2, { callStatus: "missed" });
    await addCall(t, a, NOW, 29);
    await addCall(t, a, NOW, 3, {
      direction: "outbound",
      fromNumber: "+13055550100",
      toNumber: "+13055550199",
    });
    await addCall(t, a, NOW, 31);
    await addCall(t, a, NOW, 45);
    await addCall(t, a, NOW, 90);
    const stats = await get<DashboardStats>("/api/dashboard/stats");
    expect(stats).toEqual({
      windowDays: 30,
      totalCalls: { value: 4, previous: 2, changePercent: 100 },
      incoming: { value: 3, previous: 2, changePercent: 50 },
      outgoing: { value: 1, previous: 0, changePercent: null },
      missed: { value: 1, previous: 0, changePercent: null },
    });
  });

  it("lists recent calls newest first and active calls", async () => {
    await addCall(t, user.accountId, NOW, 0.01, { callStatus: "ringing", fromNumber: "+13055550777" });
    const recent = await get<{ calls: { fromNumber: string; callStatus: string }[] }>(
      "/api/dashboard/recent-calls",
    );
    expect(recent.calls).toHaveLength(5);
    expect(recent.calls[0]).toMatchObject({ fromNumber: "+13055550777", callStatus: "ringing" });
    const active = await get<{ calls: { fromNumber: string }[] }>("/api/calls/active");
    expect(active.calls.map((c) => c.fromNumber)).toEqual(["+13055550777"]);
  });
});

describe("GET /api/calls/waiting", () => {
  it("lists the callers in each number's line in order, with who is rung for and who is to be called back", async () => {
    const a = user.accountId;
    const main = await addNumber(t, a, "+13055550188");
    await addWaitingCaller(t, a, main, "CAfirst", { state: "hunting", secondsAgo: 90 });
    await addWaitingCaller(t, a, main, "CAtaken", { state: "bridged", secondsAgo: 80 });
    await addWaitingCaller(t, a, main, "CAcallback", { callbackNumber: "+13055557777", secondsAgo: 60 });
    await addWaitingCaller(t, a, main, "CAlast", { secondsAgo: 10 });
    const { callers } = await get<{ callers: Record<string, unknown>[] }>("/api/calls/waiting");
    expect(callers).toEqual([
      expect.objectContaining({ callSid: "CAfirst", position: 1, ringing: true, numberE164: "+13055550188" }),
      expect.objectContaining({
        callSid: "CAcallback",
        position: 2,
        ringing: false,
        callbackNumber: "+13055557777",
      }),
      expect.objectContaining({ callSid: "CAlast", position: 3, ringing: false, callbackNumber: null }),
    ]);
    expect(callers[0]?.from).toBe("+13055551234");
  });
});

describe("GET /api/console/unread", () => {
  it("counts unread voicemails, unread inbound texts and unread support replies to the user's tickets", async () => {
    const a = user.accountId;
    await addVoicemail(t, a);
    await addVoicemail(t, a);
    await addVoicemail(t, a, "read");
    await addMessage(t, a);
    await addMessage(t, a, { readAt: NOW });
    await addMessage(t, a, { direction: "outbound", status: "sent" });
    await addTicketReply(t, a, user.id);
    await addTicketReply(t, a, user.id, true);
    expect(await get<UnreadCounts>("/api/console/unread")).toEqual({
      voicemails: 2,
      texts: 1,
      ticketReplies: 1,
      total: 4,
    });
  });
});

describe("GET /api/console/search", () => {
  it("finds contacts, calls and messages of the account, case-insensitive", async () => {
    const a = user.accountId;
    await t.db.db
      .insert(schema.contacts)
      .values({ id: "ct_zelda", accountId: a, name: "Zelda Fitzgerald", phone: "+14045550123" });
    await addCall(t, a, NOW, 1, { fromNumber: "+14045550123", notes: "asked about ZELDA's order" });
    await addMessage(t, a, { body: "Zelda here, call me" });
    const found = await get<SearchResults>("/api/console/search?q=zELDa");
    expect(found.contacts.map((c) => c.name)).toEqual(["Zelda Fitzgerald"]);
    expect(found.calls).toHaveLength(1);
    expect(found.messages.map((m) => m.body)).toEqual(["Zelda here, call me"]);
  });

  it("takes % and _ literally", async () => {
    const found = await get<SearchResults>("/api/console/search?q=%25%25");
    expect(found).toEqual({ contacts: [], calls: [], messages: [] });
  });
});

describe("POST /api/calls/click-to-call", () => {
  it("rings the user's phone from the account's number, logs the call, and bridges it to the destination", async () => {
    const numberId = await addNumber(t, user.accountId, "+13055550100");
    // 100¢ at 2¢ a minute for each leg: 25 minutes, the call's time limit.
    await fundWallet(t, user.accountId, 100);
    const res = await t.app.inject({
      method: "POST",
      url: "/api/calls/click-to-call",
      headers: session.headers,
      payload: { myPhone: "(305) 555-0142", to: "+1 404 555 0199", callerId: numberId },
    });
    expect(res.statusCode, res.body).toBe(201);
    const { callId } = res.json<{ callId: string }>();
    expect(created.at(-1)).toMatchObject({ from: "+13055550100", to: "+13055550142", timeLimit: 1500 });
    const [log] = await t.db.db.select().from(schema.callLogs).where(eq(schema.callLogs.id, callId));
    expect(log).toMatchObject({
      direction: "outbound",
      fromNumber: "+13055550100",
      toNumber: "+14045550199",
      userId: user.id,
      accountId: user.accountId,
    });

    // The user answered: the carrier fetches the bridge's TwiML (signed) and dials the destination.
    const url = new URL(created.at(-1)?.url ?? "");
    const twiml = await carrierPost(t, `${url.pathname}${url.search}`, { CallSid: log?.callSid ?? "" });
    expect(twiml.statusCode).toBe(200);
    expect(twiml.body).toContain('<Dial callerId="+13055550100" timeLimit="1500"><Number statusCallback=');
    // The bridge leg reports its completion to be logged and charged by its destination.
    expect(twiml.body).toMatch(
      /<Number statusCallback="[^"]*\/twilio\/voice\/forward-status\?a=acct_[^"]*" statusCallbackMethod="POST">\+14045550199<\/Number>/,
    );
  });
});
