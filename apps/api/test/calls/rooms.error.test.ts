import { ROOM_MESSAGES } from "@poundline/contracts/calls/schemas";
import { schema } from "@poundline/db";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import type { SignedIn } from "../fixtures";
import { transferTeam } from "./transfer-team";

/** Holds and parties refused: bad input, a party the account may not call, a call that has ended. */

const { team, answeredInBrowser } = transferTeam();

const post = (who: SignedIn, url: string, payload: object) =>
  team.t.app.inject({ method: "POST", url, headers: who.headers, payload });

const rooms = (parent: string) =>
  team.t.db.db.select().from(schema.callRooms).where(eq(schema.callRooms.callerCallSid, parent));

describe("bad input", () => {
  it.each([
    ["no hold", { legCallSid: `CA${"0".repeat(32)}` }, "body.hold"],
    ["a leg that is no CallSid", { legCallSid: "CA123", hold: true }, "body.legCallSid"],
    ["hold that is no boolean", { legCallSid: `CA${"0".repeat(32)}`, hold: "yes" }, "body.hold"],
  ])("%s: 400 on the field, nothing moved", async (_name, body, field) => {
    const parent = `CA${"1".repeat(32)}`;
    const res = await post(team.ownerIn, `/api/calls/${parent}/hold`, body);
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().error.fields)).toContain(field);
    expect(await rooms(parent)).toEqual([]);
  });

  it("a party of an unknown kind is refused", async () => {
    const res = await post(team.ownerIn, `/api/calls/CA${"1".repeat(32)}/parties`, {
      legCallSid: `CA${"2".repeat(32)}`,
      target: { kind: "ivr_menu", menuId: "ivr_x" },
    });
    expect(res.statusCode).toBe(400);
  });
});

describe("a party refused", () => {
  it("a number the account may not call, on the field; no room is made and the call goes on", async () => {
    const { phone, call, parent, leg } = await answeredInBrowser();
    const res = await post(team.ownerIn, `/api/calls/${parent}/parties`, {
      legCallSid: leg,
      target: { kind: "number", number: "+19005550100" },
    });
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().error.fields)).toEqual(["body.target.number"]);
    expect(await rooms(parent)).toEqual([]);
    phone.send({ type: "hangup", callSid: leg });
    expect((await call).dials).toHaveLength(1);
    phone.close();
  });

  it("an extension the account does not have: 400 on the target, no room is made", async () => {
    const { phone, call, parent, leg } = await answeredInBrowser();
    const res = await post(team.ownerIn, `/api/calls/${parent}/parties`, {
      legCallSid: leg,
      target: { kind: "extension", extensionId: "ext_not_ours" },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields).toEqual({ "body.target": [ROOM_MESSAGES.target] });
    expect(await rooms(parent)).toEqual([]);
    phone.send({ type: "hangup", callSid: leg });
    await call;
    phone.close();
  });

  it("the ring group of a number that rings none: 400 on the target, no room is made", async () => {
    const { phone, call, parent, leg } = await answeredInBrowser();
    const res = await post(team.ownerIn, `/api/calls/${parent}/parties`, {
      legCallSid: leg,
      target: { kind: "ring_group" },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields).toEqual({ "body.target": [ROOM_MESSAGES.target] });
    expect(await rooms(parent)).toEqual([]);
    phone.send({ type: "hangup", callSid: leg });
    await call;
    phone.close();
  });

  it("a teammate who is not available is named", async () => {
    const { phone, call, parent, leg } = await answeredInBrowser();
    const { t, owner, ben } = team;
    await t.db.db
      .update(schema.memberSettings)
      .set({ availability: "do_not_disturb" })
      .where(eq(schema.memberSettings.userId, ben.id));
    await t.app.deps.routing.changed();
    try {
      const res = await post(team.ownerIn, `/api/calls/${parent}/parties`, {
        legCallSid: leg,
        target: { kind: "member", userId: ben.id },
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().error.fields["body.target"]?.[0]).toMatch(/is not available\.$/);
    } finally {
      await t.db.db
        .update(schema.memberSettings)
        .set({ availability: "available" })
        .where(eq(schema.memberSettings.userId, ben.id));
      await t.app.deps.routing.changed();
    }
    expect(owner.accountId).toBeTruthy();
    phone.send({ type: "hangup", callSid: leg });
    await call;
    phone.close();
  });

  it("a call that has ended (409), and a room that was never made (404)", async () => {
    const { phone, call, parent, leg } = await answeredInBrowser();
    phone.send({ type: "hangup", callSid: leg });
    await call;
    const res = await post(team.ownerIn, `/api/calls/${parent}/hold`, { legCallSid: leg, hold: true });
    // The leg is gone at the carrier: the call is not this member's to hold any more.
    expect([404, 409]).toContain(res.statusCode);
    expect(await rooms(parent)).toEqual([]);
    const room = await team.t.app.inject({
      method: "GET",
      url: `/api/calls/${parent}/room`,
      headers: team.ownerIn.headers,
    });
    expect(room.statusCode).toBe(404);
    expect(room.json().error.message).toBe(ROOM_MESSAGES.notFound);
    phone.close();
  });

  it("dropping a party that is not in the room: 404", async () => {
    const { phone, call, parent, leg } = await answeredInBrowser();
    await post(team.ownerIn, `/api/calls/${parent}/hold`, { legCallSid: leg, hold: true });
    const res = await team.t.app.inject({
      method: "DELETE",
      url: `/api/calls/${parent}/parties/CA${"3".repeat(32)}`,
      headers: team.ownerIn.headers,
    });
    expect(res.statusCode).toBe(404);
    phone.send({ type: "hangup", callSid: leg });
    await call;
    phone.close();
  });
});
