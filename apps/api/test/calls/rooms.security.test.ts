import { ROOM_MESSAGES } from "@poundline/contracts/calls/schemas";
import { schema } from "@poundline/db";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import type { SignedIn } from "../fixtures";
import { transferTeam } from "./transfer-team";

/**
 * A call's room is its account's, and only the member who took the call moves it: another
 * account's member, or a teammate naming someone else's leg, finds nothing and changes nothing.
 */

const { team, answeredInBrowser, answeredOnPhone } = transferTeam();

const post = (who: SignedIn, url: string, payload: object) =>
  team.t.app.inject({ method: "POST", url, headers: who.headers, payload });

const rooms = (parent: string) =>
  team.t.db.db.select().from(schema.callRooms).where(eq(schema.callRooms.callerCallSid, parent));

describe("rooms across accounts and members", () => {
  it("another account's member: 404 on hold, parties and the room; the call goes on as it was", async () => {
    const { phone, call, parent, leg } = await answeredInBrowser();
    const { strangerIn } = team;
    const hold = await post(strangerIn, `/api/calls/${parent}/hold`, { legCallSid: leg, hold: true });
    expect(hold.statusCode).toBe(404);
    expect(hold.json().error.message).toBe(ROOM_MESSAGES.notFound);
    const add = await post(strangerIn, `/api/calls/${parent}/parties`, {
      legCallSid: leg,
      target: { kind: "number", number: "+13055550999" },
    });
    expect(add.statusCode).toBe(404);
    expect(await rooms(parent)).toEqual([]);
    phone.send({ type: "hangup", callSid: leg });
    expect((await call).dials).toHaveLength(1);
    phone.close();
  });

  it("a teammate naming the owner's leg cannot hold the owner's call", async () => {
    const { phone, call, parent, leg } = await answeredInBrowser();
    const res = await post(team.amyIn, `/api/calls/${parent}/hold`, { legCallSid: leg, hold: true });
    expect(res.statusCode).toBe(404);
    expect(await rooms(parent)).toEqual([]);
    phone.send({ type: "hangup", callSid: leg });
    await call;
    phone.close();
  });

  it("once the room is made, another account still finds nothing in it", async () => {
    const { phone, call, parent, leg } = await answeredInBrowser();
    expect(
      (await post(team.ownerIn, `/api/calls/${parent}/hold`, { legCallSid: leg, hold: true })).statusCode,
    ).toBe(200);
    const room = await team.t.app.inject({
      method: "GET",
      url: `/api/calls/${parent}/room`,
      headers: team.strangerIn.headers,
    });
    expect(room.statusCode).toBe(404);
    const resume = await post(team.strangerIn, `/api/calls/${parent}/hold`, { legCallSid: leg, hold: false });
    expect(resume.statusCode).toBe(404);
    expect((await rooms(parent))[0]?.callerHeld).toBe(true);
    phone.send({ type: "hangup", callSid: leg });
    await call;
    phone.close();
  });

  it("a room's events are signed: an unsigned one is refused and changes nothing", async () => {
    const res = await team.t.app.inject({
      method: "POST",
      url: `/twilio/voice/room-events?a=${team.owner.accountId}`,
      headers: { "content-type": "application/x-www-form-urlencoded" },
      payload: "FriendlyName=room_x&StatusCallbackEvent=participant-leave&CallSid=CA1",
    });
    expect(res.statusCode).toBe(403);
  });
});

describe("a call without the browser's leg (Active Calls)", () => {
  it("another account's member cannot hold a call answered on a phone: 404, nothing moved", async () => {
    const { call, parent, leg } = await answeredOnPhone();
    const hold = await post(team.strangerIn, `/api/calls/${parent}/hold`, { hold: true });
    expect(hold.statusCode).toBe(404);
    expect(await rooms(parent)).toEqual([]);
    team.sim.updateCall(leg, "completed");
    expect((await call).status).toBe("completed");
  });

  it("a call answered in a browser is moved from that browser only: without its leg, 404", async () => {
    const { phone, call, parent, leg } = await answeredInBrowser();
    const hold = await post(team.benIn, `/api/calls/${parent}/hold`, { hold: true });
    expect(hold.statusCode).toBe(404);
    expect(await rooms(parent)).toEqual([]);
    phone.send({ type: "hangup", callSid: leg });
    await call;
    phone.close();
  });
});
