import { schema } from "@poundline/db";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../src/testing";
import { createUser, type SignedIn, signIn } from "../fixtures";
import { createHook, hookBody, hookRow } from "./helpers";

let t: TestApp;
let owner: SignedIn;
let accountId: string;

beforeAll(async () => {
  t = await createTestApp();
  const user = await createUser(t);
  accountId = user.accountId;
  owner = await signIn(t, user);
});
afterAll(() => t.close());

const call = (method: "GET" | "POST" | "PATCH" | "DELETE", url: string, payload?: object) =>
  t.app.inject({ method, url, headers: owner.headers, ...(payload ? { payload } : {}) });

describe("webhook subscriptions", () => {
  it("creates one with a Standard Webhooks secret, stored as answered", async () => {
    const res = await call("POST", "/api/webhooks", hookBody);
    expect(res.statusCode, res.body).toBe(201);
    const made = res.json();
    expect(made).toMatchObject({ ...hookBody, enabled: true, disabledAt: null });
    expect(made.secret).toMatch(/^whsec_[A-Za-z0-9+/]{32}$/);
    expect(await hookRow(t, made.id)).toMatchObject({
      accountId,
      url: hookBody.url,
      eventTypes: hookBody.eventTypes,
      secret: made.secret,
    });
  });

  it("lists and reads the account's subscriptions", async () => {
    const id = await createHook(t, owner);
    const list = await call("GET", "/api/webhooks");
    expect(list.json().webhooks.map((w: { id: string }) => w.id)).toContain(id);
    const one = await call("GET", `/api/webhooks/${id}`);
    expect(one.json()).toMatchObject({ id, url: hookBody.url });
  });

  it("updates the address, the events, and turns it off and on", async () => {
    const id = await createHook(t, owner);
    const off = await call("PATCH", `/api/webhooks/${id}`, {
      url: "https://other.example.com/in",
      eventTypes: ["message.received"],
      enabled: false,
    });
    expect(off.statusCode, off.body).toBe(200);
    expect(await hookRow(t, id)).toMatchObject({
      url: "https://other.example.com/in",
      eventTypes: ["message.received"],
      disabledReason: "Turned off in the console.",
    });
    const on = await call("PATCH", `/api/webhooks/${id}`, { enabled: true });
    expect(on.json()).toMatchObject({ enabled: true, disabledReason: null });
    expect((await hookRow(t, id))?.disabledAt).toBeNull();
  });

  it("rotates the secret", async () => {
    const id = await createHook(t, owner);
    const before = (await hookRow(t, id))?.secret;
    const res = await call("POST", `/api/webhooks/${id}/secret`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().secret).not.toBe(before);
    expect((await hookRow(t, id))?.secret).toBe(res.json().secret);
  });

  it("sends a test event: an event, a delivery and its job", async () => {
    const id = await createHook(t, owner);
    const res = await call("POST", `/api/webhooks/${id}/test`);
    expect(res.statusCode, res.body).toBe(202);
    const delivery = res.json();
    expect(delivery).toMatchObject({ eventType: "webhook.test", status: "pending", attemptLog: [] });
    const [event] = await t.db.db
      .select()
      .from(schema.webhookEvents)
      .where(eq(schema.webhookEvents.id, delivery.eventId));
    expect(event?.payload).toMatchObject({ type: "webhook.test", data: { webhookId: id } });
    const jobs = await t.db.db
      .select()
      .from(schema.jobOutbox)
      .where(eq(schema.jobOutbox.jobId, `deliver-webhook:${delivery.id}:0`));
    expect(jobs).toHaveLength(1);

    const page = await call("GET", `/api/webhooks/${id}/deliveries?limit=10`);
    expect(page.json()).toMatchObject({ total: 1, deliveries: [{ id: delivery.id }] });

    const replay = await call("POST", `/api/webhooks/${id}/deliveries/${delivery.id}/replay`);
    expect(replay.statusCode, replay.body).toBe(202);
    const replays = await t.db.db
      .select()
      .from(schema.jobOutbox)
      .where(eq(schema.jobOutbox.jobName, "deliver-webhook"));
    expect(replays.filter((job) => (job.payload as { manual?: boolean }).manual)).toHaveLength(1);
  });

  it("deletes one with its deliveries", async () => {
    const id = await createHook(t, owner);
    await call("POST", `/api/webhooks/${id}/test`);
    const res = await call("DELETE", `/api/webhooks/${id}`);
    expect(res.statusCode, res.body).toBe(204);
    expect(await hookRow(t, id)).toBeUndefined();
    const left = await t.db.db
      .select()
      .from(schema.webhookDeliveries)
      .where(eq(schema.webhookDeliveries.subscriptionId, id));
    expect(left).toEqual([]);
  });
});
