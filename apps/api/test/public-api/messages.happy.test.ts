import { OPTED_OUT_MESSAGE } from "@poundline/contracts/messages/schemas";
import { newId, schema } from "@poundline/db";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../src/testing";
import { createUser, type TestUser } from "../fixtures";
import { fakeCarrier } from "../messages/fake-carrier";
import { bearer, keyFor } from "./helpers";

/** Texts sent through /v1: the console's handler, so its opt-outs, destination policy and wallet. */

const OUR_NUMBER = "+15550002000";
const RECIPIENT = "+15557654321";

const carrier = fakeCarrier();
let t: TestApp;
let owner: TestUser;
let secret: string;

beforeAll(async () => {
  t = await createTestApp({ carrierClient: carrier.client });
  owner = await createUser(t);
  const id = newId("number");
  await t.db.db.insert(schema.phoneNumbers).values({ id, accountId: owner.accountId, e164: OUR_NUMBER });
  await t.db.db.insert(schema.numberRouting).values({ phoneNumberId: id, accountId: owner.accountId });
  await t.db.db
    .insert(schema.wallets)
    .values({ id: newId("wallet"), accountId: owner.accountId, balanceCents: 1000 });
  await t.app.deps.routing.reload();
  secret = await keyFor(t, owner, ["messages:read", "messages:write"]);
});
afterAll(() => t.close());
beforeEach(async () => {
  await t.db.db.delete(schema.messages);
  await t.db.db.delete(schema.smsOptOuts);
  carrier.sent.length = 0;
  carrier.answersWith("queued");
});

const send = (payload: object, idempotencyKey?: string) =>
  t.app.inject({
    method: "POST",
    url: "/v1/messages",
    headers: { ...bearer(secret), ...(idempotencyKey ? { "idempotency-key": idempotencyKey } : {}) },
    payload,
  });

describe("POST /v1/messages", () => {
  it("sends a text through the carrier once, however often the same request is retried", async () => {
    const body = { from: OUR_NUMBER, to: RECIPIENT, body: "Your order shipped." };
    const first = await send(body, "order-1042");
    expect(first.statusCode, first.body).toBe(201);
    const retried = await send(body, "order-1042");
    expect(retried.json()).toEqual(first.json());
    expect(carrier.sent).toHaveLength(1);
    const rows = await t.db.db.select().from(schema.messages);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ accountId: owner.accountId, toNumber: RECIPIENT, direction: "outbound" });
  });

  it("refuses a recipient who opted out, and sends nothing", async () => {
    await t.db.db.insert(schema.smsOptOuts).values({
      id: newId("optOut"),
      accountId: owner.accountId,
      ourNumber: OUR_NUMBER,
      subscriberNumber: RECIPIENT,
    });
    const res = await send({ from: OUR_NUMBER, to: RECIPIENT, body: "Still there?" });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().error.message).toBe(OPTED_OUT_MESSAGE);
    expect(carrier.sent).toEqual([]);
  });

  it("refuses a destination the account's policy does not allow, and sends nothing", async () => {
    const res = await send({ from: OUR_NUMBER, to: "+447700900123", body: "Hello UK" });
    expect(res.statusCode, res.body).toBe(400);
    expect(carrier.sent).toEqual([]);
    expect(await t.db.db.select().from(schema.messages)).toEqual([]);
  });

  it("lists the texts sent, for a key with messages:read", async () => {
    expect((await send({ from: OUR_NUMBER, to: RECIPIENT, body: "Listed" })).statusCode).toBe(201);
    const res = await t.app.inject({ method: "GET", url: "/v1/messages", headers: bearer(secret) });
    expect(res.statusCode, res.body).toBe(200);
    expect(JSON.stringify(res.json())).toContain("Listed");
  });
});
