import { newId, schema } from "@poundline/db";
import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import type { SignedIn } from "../fixtures";
import { transferTeam } from "./transfer-team";

/**
 * A recorded call moved into its room (held, consulted, merged): the room is recorded from its
 * start, the recording kept as the caller's call's, beside the recording of the call before it.
 */

const { team, answeredInBrowser } = transferTeam();

const post = (who: SignedIn, url: string, payload: object) =>
  team.t.app.inject({ method: "POST", url, headers: who.headers, payload });

const recordingsOf = (callSid: string) =>
  team.t.db.db
    .select()
    .from(schema.callRecordings)
    .where(eq(schema.callRecordings.callSid, callSid))
    .orderBy(schema.callRecordings.source);

describe("a recorded call in its room", () => {
  beforeAll(async () => {
    // The owner's number records its calls, on a plan with call recording.
    const { accountId } = team.owner;
    await team.t.db.db.insert(schema.subscriptions).values({
      id: newId("subscription"),
      accountId,
      serviceName: "Phone system",
      planName: "Professional",
      status: "active",
      monthlyFeeCents: 4999,
    });
    const [number] = await team.t.db.db
      .select()
      .from(schema.phoneNumbers)
      .where(and(eq(schema.phoneNumbers.accountId, accountId), eq(schema.phoneNumbers.e164, "+13055550100")));
    await team.t.db.db
      .insert(schema.numberRouting)
      .values({ phoneNumberId: number?.id ?? "", accountId, recordCalls: true })
      .onConflictDoUpdate({ target: schema.numberRouting.phoneNumberId, set: { recordCalls: true } });
    await team.t.app.deps.routing.changed();
  });

  it("held and brought back: the call's recording and then the room's, both the caller's call's", async () => {
    const { phone, call, parent, leg } = await answeredInBrowser();
    const held = await post(team.ownerIn, `/api/calls/${parent}/hold`, { legCallSid: leg, hold: true });
    expect(held.statusCode, held.body).toBe(200);
    await expect.poll(() => team.sim.conferences.participants(`room_${parent}`).length).toBe(2);
    await post(team.ownerIn, `/api/calls/${parent}/hold`, { legCallSid: leg, hold: false });
    phone.send({ type: "hangup", callSid: leg });
    expect((await call).status).toBe("completed");
    await team.sim.idle();

    await expect
      .poll(async () => (await recordingsOf(parent)).map((r) => r.source))
      .toEqual(["call", "room"]);
    const [dialled, room] = await recordingsOf(parent);
    // The call before the room: the browser's answer, a party a channel, the caller's first.
    expect(dialled).toMatchObject({ channels: 2, channelOne: "other", accountId: team.owner.accountId });
    // The room: the conference mixed on one channel.
    expect(room).toMatchObject({ channels: 1, source: "room", accountId: team.owner.accountId });
    expect(room?.durationSeconds).toBeGreaterThanOrEqual(1);

    // The call history lists both under the caller's call.
    const [log] = await team.t.db.db
      .select()
      .from(schema.callLogs)
      .where(eq(schema.callLogs.callSid, parent));
    const listed = await team.t.app.inject({
      method: "GET",
      url: `/api/calls/${log?.id}/recordings`,
      headers: team.ownerIn.headers,
    });
    expect(listed.json().recordings.map((r: { source: string }) => r.source)).toEqual(["call", "room"]);
    phone.close();
  });
});
