import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import type { CarrierSim } from "@poundline/carrier-sim";
import { schema } from "@poundline/db";
import { deliverWebhook } from "@poundline/modules/webhooks/deliver";
import { asc, eq } from "drizzle-orm";
import { pino } from "pino";
import { Webhook } from "standardwebhooks";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../src/testing";
import { addNumber } from "../call-routing/helpers";
import { fundWallet } from "../console/seed";
import { createUser, type SignedIn, signIn } from "../fixtures";
import { carrierPost } from "../twilio/carrier";
import { createHook } from "./helpers";

const LINE = "+13055550142";
const CALLER = "+13055551234";

let t: TestApp;
let sim: CarrierSim;
let owner: SignedIn;
let accountId: string;
let receiver: Server;
let url: string;
const heard: { type: string; callSid: string }[] = [];
let secret = "";

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
  // The customer's endpoint: keeps each event that `standardwebhooks` verifies.
  receiver = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      const event = new Webhook(secret).verify(
        Buffer.concat(chunks).toString("utf8"),
        req.headers as Record<string, string>,
      ) as { type: string; data: { callSid: string } };
      heard.push({ type: event.type, callSid: event.data.callSid });
      res.writeHead(204).end();
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, "127.0.0.1", resolve));
  url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`;
});
afterAll(async () => {
  await new Promise((resolve) => receiver.close(resolve));
  await t.close();
});

const deliveries = () =>
  t.db.db
    .select()
    .from(schema.webhookDeliveries)
    .where(eq(schema.webhookDeliveries.accountId, accountId))
    .orderBy(asc(schema.webhookDeliveries.seq));

describe("a call through the simulator", () => {
  it("emits ringing, answered and completed once each, in order, delivered signed", async () => {
    const hookId = await createHook(t, owner, {
      url,
      eventTypes: ["call.ringing", "call.answered", "call.completed"],
    });
    secret =
      (
        await t.db.db
          .select()
          .from(schema.webhookSubscriptions)
          .where(eq(schema.webhookSubscriptions.id, hookId))
      )[0]?.secret ?? "";

    await sim.placeCall({ from: CALLER, to: LINE });
    await sim.idle();
    const [log] = await t.db.db
      .select()
      .from(schema.callLogs)
      .where(eq(schema.callLogs.accountId, accountId));
    expect(log).toBeDefined();
    const callSid = log?.callSid ?? "";
    // The number's default routing (voicemail) answers the call.
    expect(log?.answeredAt).not.toBeNull();
    const expected = ["call.ringing", "call.answered", "call.completed"];
    expect((await deliveries()).map((d) => [d.eventType, d.orderKey])).toEqual(
      expected.map((type) => [type, callSid]),
    );

    // The carrier repeats its completion callback: nothing new is emitted.
    const repeat = await carrierPost(t, "/twilio/voice/status", {
      AccountSid: t.app.deps.carrier.accountSid,
      CallSid: callSid,
      From: CALLER,
      To: LINE,
      Direction: "inbound",
      CallStatus: "completed",
      CallDuration: String(log?.durationSeconds ?? 0),
    });
    expect(repeat.statusCode).toBe(200);
    expect(await deliveries()).toHaveLength(expected.length);
    const events = await t.db.db
      .select()
      .from(schema.webhookEvents)
      .where(eq(schema.webhookEvents.accountId, accountId));
    expect(events).toHaveLength(expected.length);
    expect(events.find((e) => e.type === "call.completed")?.payload).toMatchObject({
      data: { id: log?.id, callSid, from: CALLER, to: LINE, links: { self: `/v1/calls/${log?.id}` } },
    });

    // The workers send them: in order, each verified by the receiver.
    const ports = { db: t.db.db, log: pino({ level: "silent" }), clock: () => new Date() };
    for (const delivery of await deliveries())
      await deliverWebhook(ports, { allowPrivateAddresses: true }, { deliveryId: delivery.id });
    expect(heard).toEqual(expected.map((type) => ({ type, callSid })));
    expect((await deliveries()).every((d) => d.status === "delivered")).toBe(true);
  });
});
