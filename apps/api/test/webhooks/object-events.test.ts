import type { CarrierSim } from "@poundline/carrier-sim";
import { schema } from "@poundline/db";
import { asc, eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../src/testing";
import { addNumber } from "../call-routing/helpers";
import { fundWallet } from "../console/seed";
import { createUser, type SignedIn, signIn } from "../fixtures";
import { createHook } from "./helpers";

const LINE = "+13055550143";
const PEER = "+13055551299";

let t: TestApp;
let sim: CarrierSim;
let owner: SignedIn;
let accountId: string;

beforeAll(async () => {
  t = await createTestApp();
  if (!t.app.deps.simulator) throw new Error("the embedded simulator is the carrier");
  sim = t.app.deps.simulator;
  const user = await createUser(t);
  accountId = user.accountId;
  owner = await signIn(t, user);
  await addNumber(t, accountId, LINE);
  await fundWallet(t, accountId, 10_000);
  await t.app.deps.routing.reload();
  await createHook(t, owner, {
    url: "https://hooks.example.com/in",
    eventTypes: [
      "contact.created",
      "contact.updated",
      "message.received",
      "message.sent",
      "message.delivered",
      "message.failed",
    ],
  });
});
afterAll(() => t.close());
beforeEach(async () => {
  await t.db.db.delete(schema.webhookEvents);
});

const events = () =>
  t.db.db
    .select()
    .from(schema.webhookEvents)
    .where(eq(schema.webhookEvents.accountId, accountId))
    .orderBy(asc(schema.webhookEvents.createdAt));

const call = (method: "POST" | "PATCH", url: string, payload: object) =>
  t.app.inject({ method, url, headers: owner.headers, payload });

describe("events of the account's objects, each with its delivery", () => {
  it("a contact created and updated", async () => {
    const created = await call("POST", "/api/contacts", { name: "Ada", phone: "3055550177" });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json<{ id: string }>().id;
    await call("PATCH", `/api/contacts/${id}`, { company: "Engines Ltd" });
    expect((await events()).map((e) => [e.type, (e.payload as { data: { id: string } }).data.id])).toEqual([
      ["contact.created", id],
      ["contact.updated", id],
    ]);
    expect((await events())[1]?.payload).toMatchObject({
      data: { company: "Engines Ltd", links: { self: `/v1/contacts/${id}` } },
    });
    const deliveries = await t.db.db
      .select()
      .from(schema.webhookDeliveries)
      .where(eq(schema.webhookDeliveries.accountId, accountId));
    expect(deliveries.length).toBeGreaterThanOrEqual(2);
  });

  it("a duplicate contact emits nothing", async () => {
    await call("POST", "/api/contacts", { name: "Bo", phone: "3055550178" });
    const again = await call("POST", "/api/contacts", { name: "Bo", phone: "3055550178" });
    expect(again.statusCode).toBe(409);
    expect((await events()).map((e) => e.type)).toEqual(["contact.created"]);
  });

  it("a text received", async () => {
    await sim.sendText({ from: PEER, to: LINE, body: "Open on Sunday?" });
    await sim.idle();
    const [received] = (await events()).filter((e) => e.type === "message.received");
    expect(received?.payload).toMatchObject({ data: { from: PEER, to: LINE, body: "Open on Sunday?" } });
    expect((await events()).filter((e) => e.type === "message.received")).toHaveLength(1);
  });

  it("a text sent, then delivered", async () => {
    const sent = await call("POST", "/api/messages", { from: LINE, to: PEER, body: "We are." });
    expect(sent.statusCode, sent.body).toBe(201);
    await sim.idle();
    const types = (await events()).map((e) => e.type).filter((type) => type.startsWith("message."));
    expect(types).toEqual(["message.sent", "message.delivered"]);
  });
});
