import type { CarrierSim } from "@poundline/carrier-sim";
import { newId, schema } from "@poundline/db";
import { and, eq, like } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../src/testing";
import { addNumber } from "../console/seed";
import { createMember, createUser, type TestUser } from "../fixtures";
import { fundWallet } from "../softphone/helpers";

/**
 * An incoming call that rings members' browsers (the softphone) queues a push to each rung
 * member's devices, written beside the webhook's answer: for a member with a device only. An
 * incoming text queues its push with the message, when a member of the account has a device.
 */

let t: TestApp;
let sim: CarrierSim;
let owner: TestUser;
let ben: TestUser;

beforeAll(async () => {
  t = await createTestApp({ config: { LOG_LEVEL: "error" } });
  if (!t.app.deps.simulator) throw new Error("the embedded simulator is the carrier");
  sim = t.app.deps.simulator;
  owner = await createUser(t);
  ben = await createMember(t, owner.accountId, "member", { firstName: "Ben" });
  const numberId = await addNumber(t, owner.accountId, "+13055550100");
  const bensNumberId = await addNumber(t, owner.accountId, "+13055550101");
  await fundWallet(t, owner.accountId);
  await t.db.db.insert(schema.memberSettings).values([
    { accountId: owner.accountId, userId: owner.id, ringBrowser: true, directNumberId: numberId },
    { accountId: owner.accountId, userId: ben.id, ringBrowser: true, directNumberId: bensNumberId },
  ]);
  // The owner enabled push on a phone; Ben on nothing.
  await t.db.db.insert(schema.pushSubscriptions).values({
    id: newId("pushSubscription"),
    userId: owner.id,
    endpoint: "https://push.example.com/send/owner-phone",
    p256dh: "BKey",
    auth: "secret",
  });
  await t.app.deps.routing.changed();
});
afterAll(() => t.close());

const pushJobs = (callSid: string) =>
  t.db.db
    .select({ jobId: schema.jobOutbox.jobId, payload: schema.jobOutbox.payload })
    .from(schema.jobOutbox)
    .where(
      and(
        eq(schema.jobOutbox.jobName, "push-incoming-call"),
        like(schema.jobOutbox.jobId, `push-incoming-call:${callSid}:%`),
      ),
    );

describe("a call ringing a member's browser", () => {
  it("queues the incoming-call push for that member, with the caller and the number called", async () => {
    const call = await sim.placeCall({ from: "+13055551234", to: "+13055550100" });
    const callSid = call.callSid;
    await expect.poll(async () => (await pushJobs(callSid)).length).toBe(1);
    expect(await pushJobs(callSid)).toEqual([
      {
        jobId: `push-incoming-call:${callSid}:${owner.id}`,
        payload: {
          accountId: owner.accountId,
          userId: owner.id,
          callSid,
          from: "+13055551234",
          to: "+13055550100",
        },
      },
    ]);
  });

  it("queues nothing for a member without a device", async () => {
    const call = await sim.placeCall({ from: "+13055551235", to: "+13055550101" });
    // The call is over (its answer and every later webhook were written): still no push job.
    expect(call.callSid).toBeTruthy();
    expect(await pushJobs(call.callSid)).toEqual([]);
  });
});

describe("an incoming text", () => {
  it("queues its push with the message, for an account with a member's device", async () => {
    await sim.sendText({ from: "+13055551236", to: "+13055550100", body: "Open on Sunday?" });
    const [message] = await t.db.db
      .select({ id: schema.messages.id })
      .from(schema.messages)
      .where(eq(schema.messages.fromNumber, "+13055551236"));
    expect(message).toBeDefined();
    const jobs = await t.db.db
      .select({ payload: schema.jobOutbox.payload })
      .from(schema.jobOutbox)
      .where(eq(schema.jobOutbox.jobId, `push-text:${message?.id}`));
    expect(jobs).toEqual([{ payload: { messageId: message?.id } }]);
  });
});
