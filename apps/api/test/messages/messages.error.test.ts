import { CONTROL_CHARACTERS_MESSAGE } from "@poundline/contracts/common";
import { newId, schema } from "@poundline/db";
import { sendMessage } from "@poundline/modules/messages/send";
import { CarrierError } from "@poundline/platform/carrier/client";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../src/testing";
import { createUser, type SignedIn, signIn, type TestUser } from "../fixtures";
import { fakeCarrier } from "./fake-carrier";

const OUR_NUMBER = "+15550002000";
const RECIPIENT = "+15557654321";

const carrier = fakeCarrier();
let t: TestApp;
let user: TestUser;
let session: SignedIn;

beforeAll(async () => {
  t = await createTestApp({ carrierClient: carrier.client });
  user = await createUser(t);
  session = await signIn(t, user);
  const id = newId("number");
  await t.db.db.insert(schema.phoneNumbers).values({ id, accountId: user.accountId, e164: OUR_NUMBER });
  await t.db.db.insert(schema.numberRouting).values({ phoneNumberId: id, accountId: user.accountId });
  // Texts are prepaid.
  await t.db.db
    .insert(schema.wallets)
    .values({ id: newId("wallet"), accountId: user.accountId, balanceCents: 10_000 });
  await t.app.deps.routing.reload();
});
afterAll(() => t.close());
beforeEach(async () => {
  await t.db.db.delete(schema.messages);
  await t.db.db.delete(schema.smsOptOuts);
  await t.db.db.delete(schema.contacts);
  await t.db.db.delete(schema.jobOutbox);
  carrier.sent.length = 0;
  carrier.failNext(null);
  carrier.movesOn({ status: "queued", errorCode: null });
  carrier.whenSending(null);
});

interface ErrorJson {
  error: { code: string; message: string; requestId: string; fields?: Record<string, string[]> };
}

const messageRows = () => t.db.db.select().from(schema.messages);

function send(payload: Record<string, unknown>) {
  return t.app.inject({ method: "POST", url: "/api/messages", headers: session.headers, payload });
}

const valid = { from: OUR_NUMBER, to: RECIPIENT, body: "Your table is ready." };

describe("POST /api/messages with a control character", () => {
  it.each([
    { label: "a NUL byte in the body", field: "body", value: "Hello\u0000there" },
    { label: "a bell in the body", field: "body", value: "Ding\u0007" },
    { label: "an escape sequence in the body", field: "body", value: "\u001b[31mred" },
    { label: "a DEL in the body", field: "body", value: "oops\u007f" },
    { label: "a C1 control in the body", field: "body", value: "next\u0085line" },
    { label: "a NUL byte in from", field: "from", value: `${OUR_NUMBER}\u0000` },
    { label: "a NUL byte in to", field: "to", value: `\u0000${RECIPIENT}` },
  ])("answers 400 for $label, records nothing and texts nothing", async ({ field, value }) => {
    const res = await send({ ...valid, [field]: value });
    expect(res.statusCode, res.body).toBe(400);
    const { error } = res.json<ErrorJson>();
    expect(error.code).toBe("BAD_REQUEST");
    expect(error.fields?.[`body.${field}`]).toContain(CONTROL_CHARACTERS_MESSAGE);
    expect(carrier.sent).toEqual([]);
    expect(await messageRows()).toEqual([]);
  });

  it("keeps line breaks and tabs in a body, as typed", async () => {
    const body = "  Line one\r\nLine two\tend  ";
    const res = await send({ ...valid, body });
    expect(res.statusCode, res.body).toBe(201);
    expect(carrier.sent.map((m) => m.body)).toEqual([body]);
    expect((await messageRows()).map((m) => m.body)).toEqual([body]);
  });

  it.each([
    ["number", "%2B15557654321%00"],
    ["contactId", "ct_abc%00"],
  ])("GET answers 400 for a NUL byte in %s", async (name, value) => {
    const res = await t.app.inject({
      method: "GET",
      url: `/api/messages?${name}=${value}`,
      headers: session.headers,
    });
    expect(res.statusCode, res.body).toBe(400);
    expect(Object.keys(res.json<ErrorJson>().error.fields ?? {})).toContain(`querystring.${name}`);
  });
});

describe("a text is recorded before it is handed to the carrier", () => {
  it("the row exists, queued, when the carrier is asked; its answer then gives the row its sid", async () => {
    const seenBySend: (typeof schema.messages.$inferSelect)[][] = [];
    carrier.whenSending(async () => {
      seenBySend.push(await messageRows());
    });
    const res = await send(valid);
    expect(res.statusCode, res.body).toBe(201);

    expect(seenBySend).toHaveLength(1);
    expect(seenBySend[0]).toEqual([
      expect.objectContaining({
        accountId: user.accountId,
        userId: user.id,
        direction: "outbound",
        fromNumber: OUR_NUMBER,
        toNumber: RECIPIENT,
        body: valid.body,
        status: "queued",
      }),
    ]);
    const [row] = await messageRows();
    expect(row?.id).toBe(seenBySend[0]?.[0]?.id);
    expect(row?.messageSid).toMatch(/^SM[0-9a-f]{32}$/);
    expect(res.json<{ messageSid: string }>().messageSid).toBe(row?.messageSid);
  });

  it("sends nothing when the text cannot be recorded", async () => {
    // The route's schema refuses a NUL byte; here the use case gets one anyway, so the insert fails.
    const attempt = sendMessage(
      {
        db: t.db.db,
        outbox: t.app.deps.outbox,
        carrier: carrier.client,
        clock: t.app.deps.clock,
        statusCallbackUrl: "http://localhost:3000/twilio/sms/status",
        log: { warn() {} },
      },
      { accountId: user.accountId, userId: user.id },
      { from: OUR_NUMBER, to: RECIPIENT, body: "cannot be stored \u0000" },
    );
    await expect(attempt).rejects.toThrow();
    expect(carrier.sent).toEqual([]);
    expect(await messageRows()).toEqual([]);
  });

  it.each([
    {
      label: "refuses it (400)",
      error: new CarrierError("The 'To' number is not a valid phone number.", 400, 21211),
      status: 400,
      errorCode: 21211,
    },
    {
      label: "reports the recipient unsubscribed",
      error: new CarrierError("Attempt to send to unsubscribed recipient", 400, 21610),
      status: 400,
      errorCode: 21610,
    },
    {
      label: "fails (503)",
      error: new CarrierError("Service unavailable", 503, null),
      status: 500,
      errorCode: null,
    },
    { label: "cannot be reached", error: new Error("socket hang up"), status: 500, errorCode: null },
  ])("leaves a failed row, uncharged, when the carrier $label", async ({ error, status, errorCode }) => {
    carrier.failNext(error);
    const res = await send(valid);
    expect(res.statusCode, res.body).toBe(status);
    expect(await messageRows()).toEqual([
      expect.objectContaining({ direction: "outbound", body: valid.body, status: "failed", errorCode }),
    ]);
    expect(await t.db.db.select().from(schema.jobOutbox)).toEqual([]);
  });
});
