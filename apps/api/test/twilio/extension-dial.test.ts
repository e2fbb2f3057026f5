import { schema } from "@poundline/db";
import { insertRoutingConfig } from "@poundline/db/fixtures";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../src/testing";
import { carrierPost } from "./carrier";

/** The analytics' table per extension: the call log keeps the extension a call was put through to. */

const OUR_NUMBER = "+13055550100";
const CALLER = "+13055551234";
const CALL_SID = "CA00000000000000000000000000e0e0e0";

let t: TestApp;
let ids: Map<string, string>;

beforeAll(async () => {
  t = await createTestApp({ clock: () => new Date("2026-11-23T15:00:00Z") });
  ids = await insertRoutingConfig(t.db.db, {
    accounts: [
      { key: "law", status: "active", walletCents: 1000 },
      { key: "other", status: "active", walletCents: 1000 },
    ],
    extensions: [
      { key: "desk", account: "law", number: 101, name: "Front Desk", forwardingNumbers: ["+13055550111"] },
      {
        key: "theirs",
        account: "other",
        number: 101,
        name: "Not Yours",
        forwardingNumbers: ["+13055550122"],
      },
    ],
    numbers: [
      {
        key: "line",
        account: "law",
        e164: OUR_NUMBER,
        routing: { open: { type: "extension", target: "desk" } },
      },
    ],
  });
  await t.app.deps.routing.reload();
});
afterAll(() => t.close());
beforeEach(async () => {
  await t.db.db.delete(schema.callLogs);
});

const id = (key: string) => ids.get(key) ?? "";
const parties = { AccountSid: "", CallSid: CALL_SID, From: CALLER, To: OUR_NUMBER, Direction: "inbound" };

async function callInProgress() {
  const res = await carrierPost(t, "/twilio/voice/status", {
    ...parties,
    AccountSid: t.app.deps.carrier.accountSid,
    CallStatus: "in-progress",
    SequenceNumber: "1",
  });
  expect(res.statusCode).toBe(200);
}

async function dialEnded(extensionId: string, dialStatus: string) {
  const path = `/twilio/voice/dial?a=${id("law")}&n=${id("line")}&f=e&x=${extensionId}`;
  const res = await carrierPost(t, path, {
    ...parties,
    AccountSid: t.app.deps.carrier.accountSid,
    CallStatus: "in-progress",
    DialCallStatus: dialStatus,
  });
  expect(res.statusCode).toBe(200);
}

const logOf = async () =>
  (await t.db.db.select().from(schema.callLogs).where(eq(schema.callLogs.callSid, CALL_SID)))[0];

it.each(["completed", "no-answer", "busy"])(
  "a dial of the extension that ended %s is on the call log",
  async (status) => {
    await callInProgress();
    await dialEnded(id("desk"), status);
    expect(await logOf()).toMatchObject({ extensionId: id("desk"), extensionDialStatus: status });
  },
);

it("never records another account's extension", async () => {
  await callInProgress();
  await dialEnded(id("theirs"), "completed");
  expect(await logOf()).toMatchObject({ extensionId: null, extensionDialStatus: null });
});
