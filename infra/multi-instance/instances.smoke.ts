/**
 * Any number of instances: two API processes and two workers processes on PostgreSQL, Redis and
 * an object store, behind a round-robin proxy, with the carrier simulated apart from them all.
 * Each step acts on one instance and checks what the other answers and what the stores hold.
 *
 *   npm run test:instances   (PostgreSQL on 127.0.0.1:5432, Redis on 127.0.0.1:6379)
 */
import { schema } from "@poundline/db";
import { DEMO_EMAIL } from "@poundline/db/seed";
import { and, eq, isNotNull } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import WebSocket from "ws";
import { type Cluster, startCluster } from "./cluster";

const BASE_PORT = Number(process.env.INSTANCES_PORT ?? 3320);
const CALLER = "+13055551234";
/** The ring group step's caller. */
const RING_CALLER = "+13055554321";
/** The voicemail step's caller: its voicemail, not one left by an earlier step's call. */
const VOICEMAIL_CALLER = "+13055559876";

let cluster: Cluster;
let cookie = "";
let accountId = "";
let line = { id: "", e164: "" };

/** A request to one instance (or the proxy), signed in, from the console's origin. */
async function call(base: string, method: string, path: string, body?: unknown) {
  const res = await fetch(`${base}${path}`, {
    method,
    headers: {
      cookie,
      origin: cluster.proxyUrl,
      ...(body === undefined ? {} : { "content-type": "application/json" }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await res.text();
  return { status: res.status, json: text ? JSON.parse(text) : null, headers: res.headers };
}

/** Polls `probe` until it answers something: the proof a step waits for, never a fixed time. */
async function eventually<T>(probe: () => Promise<T | null | undefined | false>, what: string): Promise<T> {
  for (let looks = 1; ; looks++) {
    const found = await probe();
    if (found) return found;
    // The budget is the test's timeout; this is only how often to look.
    if (looks % 100 === 0) console.log(`still waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

const day = (active: boolean) => ({ active, start: "00:00", end: "23:59" });
/** The number's routing: the same destination open or closed, so the time of the run does not matter. */
const routing = (destination: Record<string, unknown>) => ({
  ringStrategy: "simultaneous",
  ringTimeoutSeconds: 20,
  timeZone: "America/New_York",
  businessHours: Object.fromEntries(
    ["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"].map((d) => [d, day(true)]),
  ),
  businessHoursDestination: destination,
  afterHoursDestination: destination,
  holidays: [],
  holdMusic: "default",
  recordCalls: false,
  voicemailEnabled: true,
});

beforeAll(async () => {
  cluster = await startCluster(BASE_PORT);
  const [demo] = await cluster.db.db
    .select({ accountId: schema.accountMemberships.accountId })
    .from(schema.users)
    .innerJoin(schema.accountMemberships, eq(schema.accountMemberships.userId, schema.users.id))
    .where(eq(schema.users.email, DEMO_EMAIL));
  accountId = demo?.accountId ?? "";
  const [number] = await cluster.db.db
    .select({ id: schema.phoneNumbers.id, e164: schema.phoneNumbers.e164 })
    .from(schema.phoneNumbers)
    .where(and(eq(schema.phoneNumbers.accountId, accountId), eq(schema.phoneNumbers.voiceEnabled, true)));
  line = number ?? line;
});

afterAll(async () => {
  await cluster?.stop();
});

describe("several API instances and workers processes", () => {
  it("signs in on one instance and acts on the other", async () => {
    const [first, second] = cluster.apiUrls;
    expect(accountId).not.toBe("");
    expect(line.id).not.toBe("");
    const login = await fetch(`${first}/api/auth/login`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: cluster.proxyUrl },
      body: JSON.stringify({ email: DEMO_EMAIL, password: cluster.demoPassword }),
    });
    expect(login.status).toBe(200);
    cookie =
      login.headers
        .getSetCookie()
        .find((c) => c.startsWith("session="))
        ?.split(";")[0] ?? "";
    expect(cookie).toMatch(/^session=./);

    const session = await call(second, "GET", "/api/auth/session");
    expect(session.status).toBe(200);
    expect(session.json.user.email).toBe(DEMO_EMAIL);
    // A write on the second instance, with the session the first opened.
    const saved = await call(second, "PUT", `/api/call-routing/${line.id}`, routing({ type: "voicemail" }));
    expect(saved.status, JSON.stringify(saved.json)).toBe(200);
    const [row] = await cluster.db.db
      .select({ target: schema.numberRouting.businessHoursTargetType, zone: schema.numberRouting.timeZone })
      .from(schema.numberRouting)
      .where(eq(schema.numberRouting.phoneNumberId, line.id));
    expect(row).toEqual({ target: "voicemail", zone: "America/New_York" });
  });

  it("a call's live event reaches consoles connected to either instance", async () => {
    const sockets = cluster.apiUrls.map((base) => {
      const socket = new WebSocket(`${base.replace("http", "ws")}/api/live`, {
        headers: { cookie, origin: cluster.proxyUrl },
      });
      const frames: { type: string; callSid?: string }[] = [];
      socket.on("message", (data) => frames.push(JSON.parse(String(data))));
      return { socket, frames };
    });
    try {
      // Hello: the account's subscription is live on that instance.
      await Promise.all(
        sockets.map((s) => eventually(async () => s.frames.some((f) => f.type === "hello"), "hello")),
      );
      // The call's webhooks go through the proxy: whichever instance answers them, both consoles hear.
      const transcript = await cluster.sim.placeCall({ from: CALLER, to: line.e164, recordSeconds: 1 });
      const callSid = transcript.callSid;
      for (const { frames } of sockets)
        await eventually(
          async () => frames.some((f) => f.type === "call.updated" && f.callSid === callSid),
          "the call's live event",
        );
    } finally {
      for (const { socket } of sockets) socket.close();
    }
  });

  it("a routing change saved on one instance routes the next call on the other", async () => {
    const [first, second] = cluster.apiUrls;
    const extension = async (extensionNumber: number, phone: string) => {
      const made = await call(cluster.proxyUrl, "POST", "/api/extensions", {
        extensionNumber,
        name: `Desk ${extensionNumber}`,
        forwardingNumbers: [phone],
      });
      expect(made.status, JSON.stringify(made.json)).toBe(201);
      return { id: made.json.id as string, phone };
    };
    const desk = await extension(701, "+13055550701");
    const sales = await extension(702, "+13055550702");
    const dialled = async (target: string) => {
      cluster.deliverWebhooksTo(target);
      try {
        const transcript = await cluster.sim.placeCall({ from: CALLER, to: line.e164, recordSeconds: 1 });
        return transcript.dials.flatMap((d) => d.legs.map((l) => l.target));
      } finally {
        cluster.deliverWebhooksTo(null);
      }
    };
    for (const [savedOn, calledOn, extension] of [
      [first, second, desk],
      [second, first, sales],
    ] as const) {
      const saved = await call(
        savedOn,
        "PUT",
        `/api/call-routing/${line.id}`,
        routing({ type: "extension", target: extension.id }),
      );
      expect(saved.status, JSON.stringify(saved.json)).toBe(200);
      // The other instance hears of it through Redis and recompiles; the next call it answers follows.
      await eventually(async () => (await dialled(calledOn)).includes(extension.phone), "the new routing");
    }
  });

  it("a ring group's hunt runs on both instances: the member who answers takes the caller", async () => {
    const member = async (extensionNumber: number, phone: string) => {
      const made = await call(cluster.proxyUrl, "POST", "/api/extensions", {
        extensionNumber,
        name: `Member ${extensionNumber}`,
        forwardingNumbers: [phone],
      });
      expect(made.status, JSON.stringify(made.json)).toBe(201);
      return made.json.id as string;
    };
    const members = [await member(703, "+13055550703"), await member(704, "+13055550704")];
    const saved = await call(cluster.proxyUrl, "PUT", `/api/call-routing/${line.id}`, {
      ...routing({ type: "ring_group", ringGroup: members }),
      ringStrategy: "simultaneous",
    });
    expect(saved.status, JSON.stringify(saved.json)).toBe(200);
    cluster.sim.setCallee("+13055550703", { outcome: "no-answer" });
    cluster.sim.setCallee("+13055550704", { ringSeconds: 2, talkSeconds: 5 });
    // Its webhooks (hold, the members' calls and progress, the queue's result) spread over both
    // instances through the proxy; the hunt lives in ring_hunts, where each step is saved.
    const callSid = await eventually(async () => {
      const placed = await cluster.sim.placeCall({ from: RING_CALLER, to: line.e164 });
      await cluster.sim.idle();
      return placed.queueWaits.some((w) => w.result === "bridged") && placed.callSid;
    }, "a caller taken by a member");
    const [hunt] = await cluster.db.db
      .select({ state: schema.ringHunts.state, members: schema.ringHunts.memberCallSids })
      .from(schema.ringHunts)
      .where(eq(schema.ringHunts.callerCallSid, callSid));
    expect(hunt?.state).toBe("bridged");
    expect(hunt?.members).toHaveLength(2);
    const legs = cluster.sim.calls().filter((c) => hunt?.members.includes(c.sid));
    expect(legs.map((c) => [c.to, c.status]).sort()).toEqual([
      ["+13055550703", "canceled"],
      ["+13055550704", "completed"],
    ]);
  });

  it("a try-it call started on one instance takes keys on the other", async () => {
    const [first, second] = cluster.apiUrls;
    const started = await call(first, "POST", "/api/ivr-menus/try", {});
    expect(started.status, JSON.stringify(started.json)).toBe(201);
    const { tryId } = started.json;
    const key = `${cluster.prefix}:try:call:${tryId}`;
    expect(await cluster.redis.exists(key)).toBe(1);

    const pressed = await call(second, "POST", `/api/ivr-menus/try/${tryId}/keys`, { digits: "" });
    expect(pressed.status, JSON.stringify(pressed.json)).toBe(200);
    expect(pressed.json.tryId).toBe(tryId);
    expect(JSON.parse((await cluster.redis.hget(key, "state")) ?? "{}").keys).toEqual([""]);

    expect((await call(first, "DELETE", `/api/ivr-menus/try/${tryId}`)).status).toBe(204);
    expect(await cluster.redis.exists(key)).toBe(0);
    expect((await call(second, "POST", `/api/ivr-menus/try/${tryId}/keys`, { digits: "1" })).status).toBe(
      404,
    );
  });

  it("a voicemail taken through the proxy is played from either instance", async () => {
    const saved = await call(
      cluster.proxyUrl,
      "PUT",
      `/api/call-routing/${line.id}`,
      routing({ type: "voicemail" }),
    );
    expect(saved.status).toBe(200);
    const [first, second] = cluster.apiUrls;
    // Routing reloads on both instances are announced; the call's first webhook may land on either.
    await eventually(async () => {
      const transcript = await cluster.sim.placeCall({
        from: VOICEMAIL_CALLER,
        to: line.e164,
        recordSeconds: 3,
        transcriptionText: "Please call me back about the lease.",
      });
      return transcript.recordings.length > 0;
    }, "a call that reaches voicemail");
    // A workers process downloads it from the carrier and stores it in the object store.
    const voicemail = await eventually(async () => {
      const [row] = await cluster.db.db
        .select({ id: schema.voicemails.id, storagePath: schema.voicemails.storagePath })
        .from(schema.voicemails)
        .where(
          and(
            eq(schema.voicemails.accountId, accountId),
            eq(schema.voicemails.fromNumber, VOICEMAIL_CALLER),
            isNotNull(schema.voicemails.storagePath),
          ),
        );
      return row;
    }, "the stored recording");
    const played = await Promise.all(
      [first, second].map((base) =>
        fetch(`${base}/api/voicemails/${voicemail.id}/audio`, { headers: { cookie } }).then(async (res) => ({
          status: res.status,
          type: res.headers.get("content-type"),
          bytes: Buffer.from(await res.arrayBuffer()),
        })),
      ),
    );
    for (const audio of played) {
      expect(audio.status).toBe(200);
      expect(audio.type).toMatch(/^audio\//);
      expect(audio.bytes.subarray(0, 4).toString("latin1")).toBe("RIFF");
    }
    expect(played[0]?.bytes.equals(played[1]?.bytes ?? Buffer.alloc(0))).toBe(true);
  });

  it("the calls are charged once each, by whichever workers process drains them", async () => {
    const { db } = cluster.db;
    const { callLogs, ledgerEntries, pendingCharges } = schema;
    // The calls of the steps above: both workers processes drain pending_charges side by side.
    const charged = await eventually(async () => {
      if ((await db.select().from(pendingCharges)).length > 0) return false;
      const calls = await db
        .select({ callSid: callLogs.callSid, seconds: callLogs.durationSeconds, price: callLogs.priceCents })
        .from(callLogs)
        .where(and(eq(callLogs.accountId, accountId), eq(callLogs.callStatus, "completed")));
      const billable = calls.filter((c) => c.seconds > 0);
      return billable.length > 0 && billable.every((c) => c.price !== null) && billable;
    }, "the calls' charges");
    expect(charged.length).toBeGreaterThan(0);
    const keys = (
      await db
        .select({ key: ledgerEntries.idempotencyKey })
        .from(ledgerEntries)
        .where(eq(ledgerEntries.accountId, accountId))
    ).map((e) => e.key);
    expect(new Set(keys).size).toBe(keys.length);
  });

  it("login throttling counts failures on every instance together", async () => {
    const email = "nobody-here@example.com";
    const attempt = (base: string) =>
      fetch(`${base}/api/auth/login`, {
        method: "POST",
        headers: { "content-type": "application/json", origin: cluster.proxyUrl },
        body: JSON.stringify({ email, password: "not the password" }),
      }).then((res) => res.status);
    const statuses: number[] = [];
    // Ten failures for this address and account, alternately on each instance: the limit.
    for (let i = 0; i < 10; i++) statuses.push(await attempt(cluster.apiUrls[i % 2] as string));
    expect(statuses).toEqual(Array.from({ length: 10 }, () => 400));
    // Over the limit on both: neither instance counted only its own five.
    expect(await attempt(cluster.apiUrls[0])).toBe(429);
    expect(await attempt(cluster.apiUrls[1])).toBe(429);
    expect(
      Number(await cluster.redis.get(`${cluster.prefix}:login:pair:127.0.0.1/${email}`)),
    ).toBeGreaterThan(10);
  });
});
