import { schema } from "@poundline/db";
import { insertRoutingConfig } from "@poundline/db/fixtures";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../src/testing";
import { signIn } from "../fixtures";
import { carrierPost } from "../twilio/carrier";
import { liveUrl, nextEvent, openLive } from "./helpers";

const OUR_NUMBER = "+13055550100";
const CALLER = "+14045550199";

let t: TestApp;
let headers: Record<string, string>;

beforeAll(async () => {
  t = await createTestApp();
  const ids = await insertRoutingConfig(t.db.db, {
    accounts: [{ key: "acme" }],
    numbers: [{ key: "main", account: "acme", e164: OUR_NUMBER, routing: { open: { type: "voicemail" } } }],
  });
  await t.app.deps.routing.changed();
  const accountId = ids.get("acme") as string;
  const userId = "user_livehappy";
  await t.db.db
    .insert(schema.users)
    .values({ id: userId, email: "live@example.com", firstName: "L", lastName: "H" });
  await t.db.db.insert(schema.accountMemberships).values({ accountId, userId, role: "owner" });
  headers = (await signIn(t, { id: userId })).headers;
});
afterAll(() => t.close());

describe("call events reach the account's consoles", () => {
  it("an incoming call rings in the console at once, then its progress follows", async () => {
    const ws = await openLive(await liveUrl(t.app), headers);
    try {
      const ringing = nextEvent(ws);
      const answer = await carrierPost(t, "/twilio/voice", {
        CallSid: "CA_live_1",
        From: CALLER,
        To: OUR_NUMBER,
        Direction: "inbound",
      });
      expect(answer.statusCode).toBe(200);
      expect(await ringing).toMatchObject({
        type: "call.updated",
        callSid: "CA_live_1",
        status: "ringing",
        from: CALLER,
        to: OUR_NUMBER,
        direction: "inbound",
      });

      const completed = nextEvent(ws);
      await carrierPost(t, "/twilio/voice/status", {
        CallSid: "CA_live_1",
        From: CALLER,
        To: OUR_NUMBER,
        Direction: "inbound",
        CallStatus: "completed",
        CallDuration: "12",
      });
      expect(await completed).toMatchObject({
        type: "call.updated",
        callSid: "CA_live_1",
        status: "completed",
      });
    } finally {
      ws.terminate();
    }
  });
});
