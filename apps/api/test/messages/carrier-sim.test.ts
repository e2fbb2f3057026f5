import {
  CarrierSimRequestClient,
  carrierSimPlugin,
  createCarrierSim,
  injectTransport,
  type NumberConfig,
} from "@poundline/carrier-sim";
import type { MessageJson } from "@poundline/contracts/messages/schemas";
import { newId, schema } from "@poundline/db";
import { carrierConfig, SIM_ACCOUNT_SID, SIM_PREFIX } from "@poundline/modules/carrier/carrier-config";
import { testConfig } from "@poundline/platform/api-config";
import { createCarrierClient } from "@poundline/platform/carrier/client";
import { eq } from "drizzle-orm";
import Fastify, { type FastifyInstance } from "fastify";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createTestApp, TEST_ORIGIN, type TestApp } from "../../src/testing";
import { createUser, type SignedIn, signIn, type TestUser } from "../fixtures";

const OUR_NUMBER = "+15550004000";
const RECIPIENT = "+15557654321";

let t: TestApp | undefined;
let carrierServer: FastifyInstance;
let user: TestUser;
let session: SignedIn;

const app = () => {
  if (!t) throw new Error("the app is not built yet");
  return t;
};

// This carrier stands apart from the app, so the app is given its account as a real carrier's.
const AUTH_TOKEN = crypto.randomUUID();
const carrierAccount = { TWILIO_ACCOUNT_SID: SIM_ACCOUNT_SID, TWILIO_AUTH_TOKEN: AUTH_TOKEN };

// The carrier's webhooks reach the app through app.inject, with the signature of our public URL.
const sim = createCarrierSim({
  accountSid: SIM_ACCOUNT_SID,
  authToken: AUTH_TOKEN,
  publicBaseUrl: () => `http://127.0.0.1:${portOf(carrierServer)}${SIM_PREFIX}`,
  numbers: (dialled) =>
    dialled === OUR_NUMBER
      ? ({
          phoneNumber: OUR_NUMBER,
          voiceUrl: `${TEST_ORIGIN}/twilio/voice/incoming`,
          smsUrl: `${TEST_ORIGIN}/twilio/sms`,
        } satisfies NumberConfig)
      : null,
  transport: (request) => injectTransport(app().app)(request),
});

function portOf(server: FastifyInstance): number {
  const address = server.server.address();
  if (!address || typeof address === "string") throw new Error("the carrier is not listening");
  return address.port;
}

beforeAll(async () => {
  // The carrier's REST API on a real port: the official client reaches it over HTTP.
  carrierServer = Fastify({ logger: false });
  await carrierServer.register(carrierSimPlugin, { prefix: SIM_PREFIX, sim });
  await carrierServer.listen({ host: "127.0.0.1", port: 0 });

  const carrierClient = createCarrierClient({
    carrier: carrierConfig(testConfig({ PUBLIC_BASE_URL: TEST_ORIGIN, ...carrierAccount })),
    httpClient: new CarrierSimRequestClient({
      baseUrl: `http://127.0.0.1:${portOf(carrierServer)}${SIM_PREFIX}`,
    }),
  });
  t = await createTestApp({ carrierClient, config: carrierAccount });
  user = await createUser(t);
  session = await signIn(t, user);
  const phoneNumberId = newId("number");
  await t.db.db
    .insert(schema.phoneNumbers)
    .values({ id: phoneNumberId, accountId: user.accountId, e164: OUR_NUMBER });
  await t.db.db.insert(schema.numberRouting).values({ phoneNumberId, accountId: user.accountId });
  // Texts are prepaid.
  await t.db.db
    .insert(schema.wallets)
    .values({ id: newId("wallet"), accountId: user.accountId, balanceCents: 10_000 });
  await t.app.deps.routing.reload();
});
afterAll(async () => {
  await t?.close();
  await carrierServer?.close();
});
beforeEach(async () => {
  await sim.idle();
  sim.reset();
  await app().db.db.delete(schema.messages);
  await app().db.db.delete(schema.jobOutbox);
});

async function send(body: string) {
  const res = await app().app.inject({
    method: "POST",
    url: "/api/messages",
    headers: session.headers,
    payload: { from: OUR_NUMBER, to: RECIPIENT, body },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<MessageJson>();
}

describe("texts through the official client and the carrier simulator", () => {
  it("sends a text, follows its delivery reports and charges it once", async () => {
    const message = await send("Your table is ready.");
    await sim.idle();

    const [carrierCopy] = sim.sentMessages();
    expect(carrierCopy).toMatchObject({
      sid: message.messageSid,
      from: OUR_NUMBER,
      to: RECIPIENT,
      body: "Your table is ready.",
      statusCallback: `${TEST_ORIGIN}/twilio/sms/status`,
    });
    // Every report the carrier sent was accepted (signature checked) by the app.
    expect(carrierCopy?.callbacks.map((c) => c.status)).toEqual(carrierCopy?.callbacks.map(() => 200));

    const [row] = await app().db.db.select().from(schema.messages).where(eq(schema.messages.id, message.id));
    expect(row).toMatchObject({ direction: "outbound", status: "delivered", messageSid: message.messageSid });
    const charges = await app().db.db.select().from(schema.jobOutbox);
    expect(charges).toEqual([expect.objectContaining({ jobId: `charge-sms:${message.messageSid}` })]);
  });

  it("stores an undelivered text with the carrier's error code and no charge", async () => {
    sim.setTextOutcome(RECIPIENT, "undelivered");
    const message = await send("Anyone there?");
    await sim.idle();
    const [row] = await app().db.db.select().from(schema.messages).where(eq(schema.messages.id, message.id));
    expect(row).toMatchObject({ status: "undelivered", errorCode: 30003 });
    // Sent was reached before the handset proved unreachable: the carrier charges for it.
    expect(await app().db.db.select().from(schema.jobOutbox)).toHaveLength(1);
  });

  it("stores a text the carrier delivers to our number", async () => {
    const transcript = await sim.sendText({ from: RECIPIENT, to: OUR_NUMBER, body: "STOP" });
    expect(transcript.webhooks.map((w) => w.status)).toEqual([200]);
    const [row] = await app()
      .db.db.select()
      .from(schema.messages)
      .where(eq(schema.messages.messageSid, transcript.messageSid));
    expect(row).toMatchObject({
      direction: "inbound",
      status: "received",
      fromNumber: RECIPIENT,
      body: "STOP",
    });
    const res = await app().app.inject({
      method: "POST",
      url: "/api/messages",
      headers: session.headers,
      payload: { from: OUR_NUMBER, to: RECIPIENT, body: "Sorry to see you go" },
    });
    expect(res.statusCode).toBe(400);
    expect(sim.sentMessages()).toEqual([]);
  });
});

describe("createCarrierClient", () => {
  it("refuses simulator mode without the simulator's RequestClient", () => {
    expect(() => createCarrierClient({ carrier: carrierConfig(testConfig()) })).toThrow(
      /simulator mode.*RequestClient as httpClient/,
    );
  });
});
