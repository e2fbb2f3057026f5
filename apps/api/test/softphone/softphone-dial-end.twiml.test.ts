import { newId, schema } from "@poundline/db";
import { afterAll, beforeAll, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../src/testing";
import { addNumber } from "../console/seed";
import { createUser, type TestUser } from "../fixtures";
import { findTwimlValidator } from "../scenarios/twiml-xsd";
import { carrierPost } from "../twilio/carrier";
import { fundWallet } from "./helpers";

/**
 * A call placed from the browser: its Dial now has an action (a call moved into its room follows
 * the callee there), and that action hangs up otherwise. Every answer is valid against the XSD.
 */

let t: TestApp;
let owner: TestUser;

beforeAll(async () => {
  t = await createTestApp({ config: { LOG_LEVEL: "error" } });
  owner = await createUser(t);
  await addNumber(t, owner.accountId, "+13055550100");
  await fundWallet(t, owner.accountId);
});
afterAll(() => t.close());

const own = `CA${"7".repeat(32)}`;

it("dials with an action, which hangs up without a room and joins the room as its member with one", async () => {
  const dial = await carrierPost(t, "/twilio/voice/softphone", {
    CallSid: own,
    From: `client:${owner.accountId}_${owner.id}`,
    To: "+13055550999",
  });
  expect(dial.body).toContain(`/twilio/voice/softphone-dial-end?a=${owner.accountId}`);

  const end = (callSid: string) =>
    carrierPost(t, `/twilio/voice/softphone-dial-end?a=${owner.accountId}`, {
      CallSid: callSid,
      DialCallStatus: "completed",
    });
  const over = await end(own);
  expect(over.body).toContain("<Hangup/>");

  await t.db.db.insert(schema.callRooms).values({
    id: newId("callRoom"),
    accountId: owner.accountId,
    name: `room_${own}`,
    callerCallSid: `CA${"8".repeat(32)}`,
    memberCallSid: own,
    memberUserId: owner.id,
  });
  const joined = await end(own);
  expect(joined.body).toContain(`<Conference`);
  expect(joined.body).toContain(`room_${own}</Conference>`);
  // Another account's call, or another call, finds no room of this one.
  const stranger = await carrierPost(t, "/twilio/voice/softphone-dial-end?a=acct_other", { CallSid: own });
  expect(stranger.body).toContain("<Hangup/>");

  const validator = findTwimlValidator();
  if (!validator.ok) {
    expect(process.env.CI, validator.reason).toBeFalsy();
    return;
  }
  const documents = new Map([
    [dial.body, "dial"],
    [over.body, "hang up"],
    [joined.body, "room"],
  ]);
  expect(await validator.validate(documents)).toEqual([]);
});
