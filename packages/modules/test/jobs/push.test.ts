import { createECDH, randomBytes } from "node:crypto";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { type DatabaseHandle, newId, schema } from "@poundline/db";
import { createTestDatabase } from "@poundline/db/testing";
import type { JobInfo, JobPorts } from "@poundline/platform/queue/jobs";
import { and, eq } from "drizzle-orm";
// web-push's own dependency: the receiving browser's side of RFC 8188 / RFC 8291.
import { decrypt as eceDecrypt } from "http_ece";
import { pino } from "pino";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { notifyMember } from "../../src/inbox/notifications";
import { pushProcessors } from "../../src/push/jobs";
import { vapidKeysOf } from "../../src/push/keys";
import { createRingNotifier } from "../../src/push/ringing";
import { webPushSender } from "../../src/push/sender";

const {
  accounts,
  users,
  accountMemberships,
  notificationPreferences,
  pushSubscriptions,
  memberNotifications,
  messages,
  jobOutbox,
} = schema;

/** What the fake push service received: the request's path, headers, and its encrypted body. */
interface Received {
  path: string;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

/**
 * A push service on a free port: `/ok/*` accepts (201), `/gone/*` answers 410, `/down/*` 500
 * until `healed`. Every request is kept.
 */
function fakePushService() {
  const received: Received[] = [];
  const state = { healed: false };
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      const path = req.url ?? "";
      received.push({ path, headers: req.headers, body: Buffer.concat(chunks) });
      const status = path.startsWith("/gone/") ? 410 : path.startsWith("/down/") && !state.healed ? 500 : 201;
      res.writeHead(status).end();
    });
  });
  return { server, received, state };
}

/** A browser's side of a subscription: its ECDH key pair and auth secret. */
function browserKeys() {
  const ecdh = createECDH("prime256v1");
  ecdh.generateKeys();
  const auth = randomBytes(16);
  return {
    ecdh,
    auth,
    p256dh: ecdh.getPublicKey().toString("base64url"),
    authB64: auth.toString("base64url"),
  };
}

/** Decrypts a push as the browser does: with its private key and auth secret (aes128gcm). */
function decrypt(body: Buffer, keys: ReturnType<typeof browserKeys>) {
  const plain: Buffer = eceDecrypt(body, {
    version: "aes128gcm",
    privateKey: keys.ecdh,
    authSecret: keys.authB64,
  });
  return JSON.parse(plain.toString("utf8")) as { title: string; body: string; url: string; kind: string };
}

describe("Web Push jobs", () => {
  let handle: DatabaseHandle;
  let ports: JobPorts;
  let base: string;
  const push = fakePushService();
  const log = pino({ level: "silent" });
  const now = new Date("2026-11-28T10:00:00Z");
  const info: JobInfo = { queue: "notifications", name: "push", jobId: "j", attempt: 1 };
  let processors: ReturnType<typeof pushProcessors>;
  let accountId: string;
  let ann: string;
  let bob: string;

  beforeAll(async () => {
    handle = await createTestDatabase();
    ports = { db: handle.db, log, clock: () => now };
    await new Promise<void>((resolve) => push.server.listen(0, "127.0.0.1", resolve));
    base = `http://127.0.0.1:${(push.server.address() as AddressInfo).port}`;
    const keys = vapidKeysOf(handle.db, { SUPPORT_INBOX: "support@poundline.test" });
    processors = pushProcessors({ push: webPushSender({ keys, fetch }) });
  });
  afterAll(async () => {
    await new Promise((resolve) => push.server.close(resolve));
    await handle.close();
  });

  beforeEach(async () => {
    push.received.length = 0;
    push.state.healed = false;
    accountId = newId("account");
    ann = newId("user");
    bob = newId("user");
    await handle.db.insert(accounts).values({ id: accountId, companyName: "Push LLC" });
    await handle.db.insert(users).values([
      { id: ann, email: `${ann}@example.com` },
      { id: bob, email: `${bob}@example.com` },
    ]);
    await handle.db.insert(accountMemberships).values([
      { accountId, userId: ann, role: "owner" },
      { accountId, userId: bob },
    ]);
  });

  /** A device of `userId` whose push service answers as `path` says (`ok`, `gone`, `down`). */
  async function device(userId: string, path: "ok" | "gone" | "down") {
    const keys = browserKeys();
    const id = newId("pushSubscription");
    await handle.db.insert(pushSubscriptions).values({
      id,
      userId,
      endpoint: `${base}/${path}/${id}`,
      p256dh: keys.p256dh,
      auth: keys.authB64,
    });
    return { id, keys };
  }

  async function bellEntry(userId: string, kind: "voicemail" | "mention" = "voicemail") {
    const id = newId("notification");
    await handle.db.insert(memberNotifications).values({
      id,
      accountId,
      userId,
      kind,
      title: "New voicemail from +13125550199",
      body: "0:12",
      link: "/dashboard/voicemails",
    });
    return id;
  }

  const deviceRow = async (id: string) =>
    (await handle.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.id, id)))[0];

  it("encrypts a bell entry to each device: the browser's keys decrypt its title and link", async () => {
    const phone = await device(ann, "ok");
    const laptop = await device(ann, "ok");
    const notificationId = await bellEntry(ann);

    expect(await processors["push-notification"](ports, { notificationId }, info)).toBe("done");
    expect(push.received).toHaveLength(2);
    for (const target of [phone, laptop]) {
      const request = push.received.find((r) => r.path.endsWith(target.id));
      if (!request) throw new Error("not pushed");
      expect(request.headers["content-encoding"]).toBe("aes128gcm");
      expect(request.headers.ttl).toBe("86400");
      expect(request.headers.authorization).toMatch(/^vapid t=[\w-]+\.[\w-]+\.[\w-]+, k=[\w-]+$/);
      expect(decrypt(request.body, target.keys)).toEqual({
        title: "New voicemail from +13125550199",
        body: "0:12",
        url: "/dashboard/voicemails",
        tag: notificationId,
        kind: "voicemail",
      });
      expect((await deviceRow(target.id))?.lastUsedAt).toEqual(now);
    }
    // One device's keys cannot read the other's push.
    const toPhone = push.received.find((r) => r.path.endsWith(phone.id));
    expect(() => decrypt(toPhone?.body ?? Buffer.alloc(0), laptop.keys)).toThrow();

    // A retried job pushes nothing twice.
    await processors["push-notification"](ports, { notificationId }, info);
    expect(push.received).toHaveLength(2);
  });

  it("sends nothing when the member's preference for the kind is off", async () => {
    await device(ann, "ok");
    await handle.db.insert(notificationPreferences).values({
      userId: ann,
      pushVoicemail: false,
      pushIncomingCall: false,
      pushText: false,
    });
    expect(await processors["push-notification"](ports, { notificationId: await bellEntry(ann) }, info)).toBe(
      "skipped",
    );
    const call = { accountId, userId: ann, callSid: "CAoff", from: "+13125550199", to: "+14075550100" };
    expect(await processors["push-incoming-call"](ports, call, info)).toBe("skipped");
    // Mentions are still on.
    expect(
      await processors["push-notification"](ports, { notificationId: await bellEntry(ann, "mention") }, info),
    ).toBe("done");
    expect(push.received).toHaveLength(1);
  });

  it("forgets a device the push service says is gone (410), and still reaches the others", async () => {
    const gone = await device(ann, "gone");
    const ok = await device(ann, "ok");
    expect(await processors["push-notification"](ports, { notificationId: await bellEntry(ann) }, info)).toBe(
      "done",
    );
    expect(await deviceRow(gone.id)).toBeUndefined();
    expect(await deviceRow(ok.id)).toBeDefined();
  });

  it("throws on another failure (the job retries) and the retry reaches only the device that failed", async () => {
    const down = await device(ann, "down");
    await device(ann, "ok");
    const notificationId = await bellEntry(ann);
    await expect(processors["push-notification"](ports, { notificationId }, info)).rejects.toThrow(/500/);
    expect(await deviceRow(down.id)).toBeDefined();
    push.state.healed = true;
    push.received.length = 0;
    expect(await processors["push-notification"](ports, { notificationId }, info)).toBe("done");
    expect(push.received.map((r) => r.path)).toEqual([`/down/${down.id}`]);
  });

  it("an incoming call: who calls, urgent and short-lived, opening the console", async () => {
    const phone = await device(bob, "ok");
    const call = { accountId, userId: bob, callSid: "CAring1", from: "+13125550199", to: "+14075550100" };
    expect(await processors["push-incoming-call"](ports, call, info)).toBe("done");
    const [request] = push.received;
    expect(request?.headers.urgency).toBe("high");
    expect(request?.headers.ttl).toBe("30");
    expect(decrypt(request?.body ?? Buffer.alloc(0), phone.keys)).toMatchObject({
      title: "Incoming call from +13125550199",
      url: "/dashboard",
      kind: "incoming_call",
    });
  });

  it("a ring group's call, whose caller the hunt does not name, says the number called", async () => {
    const phone = await device(bob, "ok");
    const call = { accountId, userId: bob, callSid: "CAgroup1", from: "", to: "+14075550100" };
    expect(await processors["push-incoming-call"](ports, call, info)).toBe("done");
    expect(decrypt(push.received[0]?.body ?? Buffer.alloc(0), phone.keys)).toMatchObject({
      title: "Incoming call on +14075550100",
    });
  });

  it("a text reaches the account's members who keep pushText on", async () => {
    const annPhone = await device(ann, "ok");
    await device(bob, "ok");
    await handle.db.insert(notificationPreferences).values({ userId: bob, pushText: false });
    const messageId = newId("message");
    await handle.db.insert(messages).values({
      id: messageId,
      accountId,
      messageSid: `SM${messageId}`,
      direction: "inbound",
      fromNumber: "+13125550199",
      toNumber: "+14075550100",
      body: "Are you open on Sunday?",
      status: "received",
    });
    expect(await processors["push-text"](ports, { messageId }, info)).toBe("done");
    expect(push.received).toHaveLength(1);
    expect(decrypt(push.received[0]?.body ?? Buffer.alloc(0), annPhone.keys)).toMatchObject({
      title: "Text from +13125550199",
      body: "Are you open on Sunday?",
      url: "/dashboard/messages?our=%2B14075550100&peer=%2B13125550199",
      kind: "text",
    });
  });

  const outboxJobs = (name: string) =>
    handle.db
      .select({ jobId: jobOutbox.jobId, payload: jobOutbox.payload })
      .from(jobOutbox)
      .where(and(eq(jobOutbox.queue, "notifications"), eq(jobOutbox.jobName, name)));

  it("a bell entry queues its push only for a member with a device", async () => {
    await device(ann, "ok");
    const input = { accountId, kind: "mention" as const, title: "Mentioned", body: "", link: "/dashboard" };
    const forAnn = await notifyMember(handle.db, { ...input, userId: ann });
    const forBob = await notifyMember(handle.db, { ...input, userId: bob });
    const jobIds = (await outboxJobs("push-notification")).map((job) => job.jobId);
    expect(jobIds).toContain(`push-notification:${forAnn}`);
    expect(jobIds).not.toContain(`push-notification:${forBob}`);
  });

  it("a Dial ringing softphones queues an incoming-call push for each rung member with a device", async () => {
    await device(bob, "ok");
    let woken = 0;
    const notify = createRingNotifier({ db: handle.db, log, wake: () => (woken += 1) });
    const callSid = `CA${newId("call").slice(5)}`;
    notify({
      accountId,
      callSid,
      from: "+13125550199",
      to: "+14075550100",
      destinations: [`client:${accountId}_${ann}`, `client:${accountId}_${bob}`, "+14155550100"],
    });
    await expect.poll(() => woken).toBe(1);
    expect(
      (await outboxJobs("push-incoming-call")).filter((job) =>
        job.jobId.startsWith(`push-incoming-call:${callSid}`),
      ),
    ).toEqual([
      {
        jobId: `push-incoming-call:${callSid}:${bob}`,
        payload: { accountId, userId: bob, callSid, from: "+13125550199", to: "+14075550100" },
      },
    ]);
  });
});
