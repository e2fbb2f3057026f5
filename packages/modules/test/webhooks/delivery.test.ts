import { createServer, type IncomingHttpHeaders, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { type DatabaseHandle, newId, schema } from "@poundline/db";
import { createTestDatabase } from "@poundline/db/testing";
import { createMailer } from "@poundline/platform/mailer";
import type { JobPorts } from "@poundline/platform/queue/jobs";
import { and, asc, eq } from "drizzle-orm";
import { pino } from "pino";
import { Webhook } from "standardwebhooks";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { deliverWebhook, dispatchDueDeliveries } from "../../src/webhooks/deliver";
import { sendWebhookDisabled } from "../../src/webhooks/disabled-notice";
import { emitWebhookEvent } from "../../src/webhooks/emit";
import { newWebhookSecret } from "../../src/webhooks/signature";

const {
  accounts,
  users,
  accountMemberships,
  webhookSubscriptions,
  webhookDeliveries,
  webhookAttempts,
  jobOutbox,
} = schema;

/** What the receiver heard: the event as `standardwebhooks` verified it, or why it did not verify. */
interface Heard {
  id: string;
  type: string | null;
  verifyError: string | null;
}

/**
 * A customer's endpoint on a free port: answers each request with the next status of `answers`
 * (200 once they run out) and verifies every request with the subscription's secret.
 */
function receiver() {
  const heard: Heard[] = [];
  const state = { secret: "", answers: [] as number[] };
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      const body = Buffer.concat(chunks).toString("utf8");
      heard.push(verify(state.secret, body, req.headers));
      res.writeHead(state.answers.shift() ?? 200, { "content-type": "text/plain" }).end("thanks");
    });
  });
  return { server, heard, state };
}

function verify(secret: string, body: string, headers: IncomingHttpHeaders): Heard {
  const id = String(headers["webhook-id"]);
  try {
    const event = new Webhook(secret).verify(body, headers as Record<string, string>) as { type: string };
    return { id, type: event.type, verifyError: null };
  } catch (err) {
    return { id, type: null, verifyError: (err as Error).message };
  }
}

describe("webhook deliveries", () => {
  let handle: DatabaseHandle;
  let ports: JobPorts;
  let url: string;
  const hook = receiver();
  const log = pino({ level: "silent" });
  const deps = { allowPrivateAddresses: true };
  let accountId: string;
  let subscriptionId: string;

  beforeAll(async () => {
    handle = await createTestDatabase();
    // The clock is the faked Date, so the receiver's timestamp check follows the test's time.
    ports = { db: handle.db, log, clock: () => new Date() };
    await new Promise<void>((resolve) => hook.server.listen(0, "127.0.0.1", resolve));
    url = `http://127.0.0.1:${(hook.server.address() as AddressInfo).port}/hook`;
  });
  afterAll(async () => {
    await new Promise((resolve) => hook.server.close(resolve));
    await handle.close();
  });

  beforeEach(async () => {
    vi.useFakeTimers({ toFake: ["Date"], now: new Date("2026-11-28T10:00:00Z") });
    hook.heard.length = 0;
    hook.state.answers = [];
    hook.state.secret = newWebhookSecret();
    accountId = newId("account");
    const owner = newId("user");
    await handle.db.insert(accounts).values({ id: accountId, companyName: "Hooks LLC" });
    await handle.db.insert(users).values({ id: owner, email: `${owner}@example.com`, firstName: "Ada" });
    await handle.db.insert(accountMemberships).values({ accountId, userId: owner, role: "owner" });
    subscriptionId = newId("webhookSubscription");
    await handle.db.insert(webhookSubscriptions).values({
      id: subscriptionId,
      accountId,
      url,
      eventTypes: ["contact.created", "call.ringing", "call.completed"],
      secret: hook.state.secret,
    });
  });
  afterEach(() => vi.useRealTimers());

  const advance = (ms: number) => vi.setSystemTime(new Date(Date.now() + ms));

  const emit = (
    type: "contact.created" | "call.ringing" | "call.completed",
    orderKey: string | null = null,
  ) => emitWebhookEvent(handle.db, { accountId, type, at: new Date(), data: { id: "ct_1" }, orderKey });

  const deliveriesOfAccount = () =>
    handle.db
      .select()
      .from(webhookDeliveries)
      .where(eq(webhookDeliveries.accountId, accountId))
      .orderBy(asc(webhookDeliveries.seq));

  const attemptsOf = (deliveryId: string) =>
    handle.db
      .select()
      .from(webhookAttempts)
      .where(eq(webhookAttempts.deliveryId, deliveryId))
      .orderBy(asc(webhookAttempts.attempt));

  /** Hands due retries to the queue and runs the jobs it wrote, as the relay would. */
  async function runDue(): Promise<number> {
    const handed = await dispatchDueDeliveries(handle.db, new Date());
    const jobs = await handle.db
      .select()
      .from(jobOutbox)
      .where(and(eq(jobOutbox.jobName, "deliver-webhook")));
    const fresh = jobs.filter((job) => job.jobId.endsWith(`:${Date.now()}`));
    for (const job of fresh) await deliverWebhook(ports, deps, job.payload as { deliveryId: string });
    return handed;
  }

  it("writes a delivery and its job in the emitting transaction, for subscribers of the event only", async () => {
    expect(await emit("contact.created")).toBe(1);
    expect(
      await emitWebhookEvent(handle.db, { accountId, type: "number.released", at: new Date(), data: {} }),
    ).toBe(0);
    const [delivery] = await deliveriesOfAccount();
    expect(delivery).toMatchObject({ status: "pending", attempts: 0, eventType: "contact.created" });
    const [job] = await handle.db
      .select()
      .from(jobOutbox)
      .where(eq(jobOutbox.jobId, `deliver-webhook:${delivery?.id}:0`));
    expect(job?.payload).toEqual({ deliveryId: delivery?.id });
  });

  it("retries a failing endpoint on the schedule until it answers, logging every attempt, signed alike", async () => {
    hook.state.answers = [500, 503];
    await emit("contact.created");
    const [delivery] = await deliveriesOfAccount();
    const id = delivery?.id ?? "";

    expect(await deliverWebhook(ports, deps, { deliveryId: id })).toBe("done");
    expect((await deliveriesOfAccount())[0]).toMatchObject({
      status: "pending",
      attempts: 1,
      lastStatusCode: 500,
    });
    expect(await runDue()).toBe(0); // not due before 5 s
    advance(5_000);
    expect(await runDue()).toBe(1);
    expect((await deliveriesOfAccount())[0]).toMatchObject({
      status: "pending",
      attempts: 2,
      lastStatusCode: 503,
    });
    advance(5 * 60_000);
    expect(await runDue()).toBe(1);

    expect((await deliveriesOfAccount())[0]).toMatchObject({
      status: "delivered",
      lastStatusCode: 200,
      lastError: null,
    });
    const log = await attemptsOf(id);
    expect(log.map((a) => [a.attempt, a.statusCode, a.manual])).toEqual([
      [1, 500, false],
      [2, 503, false],
      [3, 200, false],
    ]);
    expect(log[2]?.responseExcerpt).toBe("thanks");
    expect(log[0]?.requestHeaders).toMatchObject({ "webhook-id": delivery?.eventId });
    expect(JSON.stringify(log[0]?.requestHeaders)).not.toContain(hook.state.secret);
    // Every request verified, under one webhook-id: the receiver can tell a retry from a new event.
    expect(hook.heard).toEqual(
      Array(3).fill({ id: delivery?.eventId, type: "contact.created", verifyError: null }),
    );
  });

  it("replays a delivered event as a new, manual attempt", async () => {
    await emit("contact.created");
    const [delivery] = await deliveriesOfAccount();
    await deliverWebhook(ports, deps, { deliveryId: delivery?.id ?? "" });
    // A scheduled job for a delivered event does nothing; a replay sends it again.
    expect(await deliverWebhook(ports, deps, { deliveryId: delivery?.id ?? "" })).toBe("skipped");
    expect(await deliverWebhook(ports, deps, { deliveryId: delivery?.id ?? "", manual: true })).toBe("done");
    const log = await attemptsOf(delivery?.id ?? "");
    expect(log.map((a) => [a.attempt, a.manual])).toEqual([
      [1, false],
      [2, true],
    ]);
    expect(hook.heard).toHaveLength(2);
    expect(hook.heard.every((h) => h.verifyError === null)).toBe(true);
  });

  it("holds a call's later event back until its earlier one is settled", async () => {
    await emit("call.ringing", "CA1");
    await emit("call.completed", "CA1");
    const [ringing, completed] = await deliveriesOfAccount();
    expect(await deliverWebhook(ports, deps, { deliveryId: completed?.id ?? "" })).toBe("skipped");
    expect(hook.heard).toEqual([]);
    await deliverWebhook(ports, deps, { deliveryId: ringing?.id ?? "" });
    advance(5_000);
    await runDue();
    expect(hook.heard.map((h) => h.type)).toEqual(["call.ringing", "call.completed"]);
  });

  it("turns a subscription off after five days of failures and e-mails the owner", async () => {
    hook.state.answers = Array(20).fill(500);
    await emit("contact.created");
    const [first] = await deliveriesOfAccount();
    await deliverWebhook(ports, deps, { deliveryId: first?.id ?? "" });
    advance(5 * 24 * 3600_000);
    await emit("contact.created");
    const second = (await deliveriesOfAccount())[1];
    await deliverWebhook(ports, deps, { deliveryId: second?.id ?? "" });

    const [sub] = await handle.db
      .select()
      .from(webhookSubscriptions)
      .where(eq(webhookSubscriptions.id, subscriptionId));
    expect(sub).toMatchObject({ disabledReason: "Every delivery failed for 5 days." });
    expect(sub?.disabledAt).toEqual(new Date());
    // Turned off, it hears of nothing new.
    expect(await emit("contact.created")).toBe(0);

    const [job] = await handle.db.select().from(jobOutbox).where(eq(jobOutbox.jobName, "webhook-disabled"));
    expect(job?.payload).toMatchObject({ subscriptionId });
    const mailer = createMailer({ db: handle.db, log, from: "Poundline <no-reply@poundline.test>" });
    const notice = { ...ports, mailer, publicBaseUrl: "https://poundline.test" };
    expect(
      await sendWebhookDisabled(notice, job?.payload as { subscriptionId: string; disabledAt: string }),
    ).toBe("done");
    const mails = await handle.db
      .select()
      .from(schema.emailOutbox)
      .where(eq(schema.emailOutbox.template, "webhook_disabled"));
    expect(mails).toHaveLength(1);
    expect(mails[0]?.subject).toBe("A webhook was turned off");
    expect(mails[0]?.textBody ?? "").toContain(url);
  });
});
