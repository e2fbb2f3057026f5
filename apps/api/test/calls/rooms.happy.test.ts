import { schema } from "@poundline/db";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { routingBody } from "../call-routing/helpers";
import type { SignedIn } from "../fixtures";
import { closeAndWait, liveUrl, nextEvent, openLive } from "../live/helpers";
import { openSoftphone } from "../softphone/helpers";
import { carrierPost } from "../twilio/carrier";
import { transferTeam } from "./transfer-team";

/**
 * A call answered in the browser, held, consulted and merged in its room (calls/rooms.ts), through
 * the app and the embedded simulator's conferences and devices.
 */

const { team, answeredInBrowser, answeredOnPhone } = transferTeam();

const post = (who: SignedIn, url: string, payload: object) =>
  team.t.app.inject({ method: "POST", url, headers: who.headers, payload });

/** The room as the owner's console reads it. */
const room = (callSid: string) =>
  team.t.app.inject({ method: "GET", url: `/api/calls/${callSid}/room`, headers: team.ownerIn.headers });

/** The status of the first party called in, once the room has one. */
const firstPartyStatus = async (callSid: string) => (await room(callSid)).json().parties?.[0]?.status;

/** The caller's seat in the call's room at the carrier (undefined while not in it). */
const callerSeat = (parent: string) =>
  team.sim.conferences.participants(`room_${parent}`).find((p) => p.callSid === parent);

/** A member as the room names them: their first name (the fixtures add a unique last name). */
const firstName = (label: string) => label.split(" ")[0];

const legsOf = (parent: string) =>
  team.t.db.db
    .select({ to: schema.callLogs.toNumber, status: schema.callLogs.callStatus })
    .from(schema.callLogs)
    .where(eq(schema.callLogs.parentCallSid, parent));

describe("hold", () => {
  it("the caller is moved into the room with the member, held with the number's music, and brought back", async () => {
    const { ownerIn } = team;
    const { phone, call, parent, leg } = await answeredInBrowser();
    const held = await post(ownerIn, `/api/calls/${parent}/hold`, { legCallSid: leg, hold: true });
    expect(held.statusCode, held.body).toBe(200);
    expect(held.json()).toEqual({ callSid: parent, memberCallSid: leg, held: true, parties: [] });
    // The caller follows its Dial's action into the room, and its join event holds it.
    await expect.poll(() => callerSeat(parent)?.hold).toBe(true);
    expect(
      team.sim.conferences
        .participants(`room_${parent}`)
        .map((p) => p.callSid)
        .sort(),
    ).toEqual([parent, leg].sort());

    const back = await post(ownerIn, `/api/calls/${parent}/hold`, { legCallSid: leg, hold: false });
    expect(back.json()).toMatchObject({ held: false });
    expect(callerSeat(parent)?.hold).toBe(false);
    const [room] = await team.t.db.db
      .select()
      .from(schema.callRooms)
      .where(eq(schema.callRooms.callerCallSid, parent));
    expect(room).toMatchObject({ callerHeld: false, memberCallSid: leg, memberUserId: team.owner.id });

    // The member hangs up: nobody else is in the room, so the call ends.
    phone.send({ type: "hangup", callSid: leg });
    expect((await call).status).toBe("completed");
    await expect.poll(async () => (await legsOf(parent)).map((l) => l.status)).toEqual(["completed"]);
    phone.close();
  });
});

describe("a warm transfer", () => {
  it("the member holds the caller, talks with Ben in his browser, hangs up: the caller talks on with Ben", async () => {
    const { owner, ownerIn, ben, benIn } = team;
    const { phone, call, parent, leg } = await answeredInBrowser();
    const benPhone = await openSoftphone(team.t, team.sim, benIn);
    await post(ownerIn, `/api/calls/${parent}/hold`, { legCallSid: leg, hold: true });
    await expect.poll(() => callerSeat(parent)?.hold).toBe(true);

    const added = await post(ownerIn, `/api/calls/${parent}/parties`, {
      legCallSid: leg,
      target: { kind: "member", userId: ben.id },
    });
    expect(added.statusCode, added.body).toBe(201);
    const party = added.json().parties[0];
    expect(party).toMatchObject({ label: expect.stringContaining("Ben"), status: "calling" });
    // Ben's browser rings with the caller's number, and he answers.
    const offered = await benPhone.next("incoming");
    expect(offered.parameters).toMatchObject({
      From: "+13055551234",
      To: `client:${owner.accountId}_${ben.id}`,
    });
    benPhone.send({ type: "accept", callSid: offered.parameters.CallSid });
    await benPhone.next("accepted");
    await expect.poll(() => firstPartyStatus(parent)).toBe("joined");

    // The member hangs up: the transfer is done, the caller is no longer held.
    phone.send({ type: "hangup", callSid: leg });
    await expect.poll(() => callerSeat(parent)?.hold).toBe(false);
    expect((await room(parent)).json()).toMatchObject({ held: false });

    // Ben hangs up in his turn: the caller is alone, and the call ends.
    benPhone.send({ type: "hangup", callSid: offered.parameters.CallSid });
    expect((await call).status).toBe("completed");
    const benLeg = `client:${owner.accountId}_${ben.id}`;
    await expect
      .poll(async () => (await legsOf(parent)).map((l) => l.to).sort())
      .toEqual([`client:${owner.accountId}_${owner.id}`, benLeg].sort());
    phone.close();
    benPhone.close();
  });
});

describe("a conference", () => {
  it("an outside number is merged in, then dropped; the member and the caller talk on", async () => {
    const { ownerIn } = team;
    const { phone, call, parent, leg } = await answeredInBrowser();
    // Called into a room, a phone rings in real time: this one answers at once.
    team.sim.setCallee("+13055550999", { outcome: "answer", ringSeconds: 0 });
    const added = await post(ownerIn, `/api/calls/${parent}/parties`, {
      legCallSid: leg,
      target: { kind: "number", number: "(305) 555-0999" },
    });
    expect(added.statusCode, added.body).toBe(201);
    const party = added.json().parties[0];
    expect(party).toMatchObject({ label: "+13055550999" });
    await expect.poll(() => team.sim.conferences.participants(`room_${parent}`).length).toBe(3);
    // Nobody is held: all three talk.
    expect(team.sim.conferences.participants(`room_${parent}`).every((p) => !p.hold)).toBe(true);

    const dropped = await team.t.app.inject({
      method: "DELETE",
      url: `/api/calls/${parent}/parties/${party.callSid}`,
      headers: ownerIn.headers,
    });
    expect(dropped.statusCode, dropped.body).toBe(200);
    expect(dropped.json().parties[0]).toMatchObject({ status: "left" });
    await expect.poll(() => team.sim.conferences.participants(`room_${parent}`).length).toBe(2);

    phone.send({ type: "hangup", callSid: leg });
    expect((await call).status).toBe("completed");
    // The number's leg is logged and charged as a leg of the caller's call.
    await expect.poll(async () => (await legsOf(parent)).map((l) => l.to)).toContain("+13055550999");
    phone.close();
  });
});

describe("an extension called in", () => {
  it("without a member, its first phone is called, named by the extension", async () => {
    const { ownerIn } = team;
    const made = await post(ownerIn, "/api/extensions", {
      extensionNumber: 301,
      name: "Records desk",
      forwardingNumbers: ["+13055550301"],
    });
    expect(made.statusCode, made.body).toBe(201);
    await expect
      .poll(() =>
        team.t.app.deps.routing.current().accounts.get(team.owner.accountId)?.extensions.has(made.json().id),
      )
      .toBe(true);
    const { phone, call, parent, leg } = await answeredInBrowser();
    team.sim.setCallee("+13055550301", { outcome: "answer", ringSeconds: 0 });
    const added = await post(ownerIn, `/api/calls/${parent}/parties`, {
      legCallSid: leg,
      target: { kind: "extension", extensionId: made.json().id },
    });
    expect(added.statusCode, added.body).toBe(201);
    const party = added.json().parties[0];
    expect(party).toMatchObject({ label: "Records desk" });
    await expect.poll(() => team.sim.conferences.participants(`room_${parent}`).length).toBe(3);
    await team.t.app.inject({
      method: "DELETE",
      url: `/api/calls/${parent}/parties/${party.callSid}`,
      headers: ownerIn.headers,
    });
    phone.send({ type: "hangup", callSid: leg });
    await call;
    await expect.poll(async () => (await legsOf(parent)).map((l) => l.to)).toContain("+13055550301");
    phone.close();
  });
});

describe("a party's join reported before its REST call has answered", () => {
  it("keeps its status: the row the event made is filled in, not reset to calling", async () => {
    const { ownerIn, owner } = team;
    const { phone, call, parent, leg } = await answeredInBrowser();
    await post(ownerIn, `/api/calls/${parent}/hold`, { legCallSid: leg, hold: true });
    const early = `CA${"e".repeat(32)}`;
    const event = await carrierPost(team.t, `/twilio/voice/room-events?a=${owner.accountId}`, {
      FriendlyName: `room_${parent}`,
      StatusCallbackEvent: "participant-join",
      CallSid: early,
    });
    expect(event.statusCode).toBe(200);
    const [row] = await team.t.db.db
      .select()
      .from(schema.callRoomParties)
      .where(eq(schema.callRoomParties.callSid, early));
    expect(row).toMatchObject({ status: "joined", accountId: owner.accountId });
    // It leaves: the member then hangs up with nobody else in the room, and the call ends.
    await carrierPost(team.t, `/twilio/voice/room-events?a=${owner.accountId}`, {
      FriendlyName: `room_${parent}`,
      StatusCallbackEvent: "participant-leave",
      CallSid: early,
    });
    phone.send({ type: "hangup", callSid: leg });
    await call;
    phone.close();
  });
});

describe("a call answered on a phone, from Active Calls", () => {
  it("the phone's answer is reported: Active Calls hears the call in progress on a phone, Amy is On a call", async () => {
    const { ownerIn, amy } = team;
    const watcher = await openLive(await liveUrl(team.t.app), ownerIn.headers);
    try {
      const answered = nextEvent(
        watcher,
        10_000,
        (f) => f.type === "call.updated" && f.answeredOn === "phone",
      );
      const { call, from, parent, leg } = await answeredOnPhone();
      expect(await answered).toMatchObject({
        callSid: parent,
        status: "in-progress",
        from,
        to: "+13055550101",
        direction: "inbound",
      });
      const amyNow = async () => {
        const res = await team.t.app.inject({
          method: "GET",
          url: "/api/people/presence",
          headers: ownerIn.headers,
        });
        return res.json().members.find((m: { userId: string }) => m.userId === amy.id);
      };
      await expect.poll(amyNow).toMatchObject({ state: "on_call", callSids: [parent] });
      team.sim.updateCall(leg, "completed");
      await call;
      await expect.poll(async () => (await amyNow()).state).not.toBe("on_call");
    } finally {
      await closeAndWait(watcher);
    }
  });

  it("a console opened after the phone answered lists the call in progress, on a phone; its end leaves the carrier's details", async () => {
    const { ownerIn } = team;
    const { call, from, parent, leg } = await answeredOnPhone();
    const active = async () => {
      const res = await team.t.app.inject({
        method: "GET",
        url: "/api/calls/active",
        headers: ownerIn.headers,
      });
      return res.json().calls.find((c: { callSid: string }) => c.callSid === parent);
    };
    await expect.poll(active).toMatchObject({
      fromNumber: from,
      toNumber: "+13055550101",
      direction: "inbound",
      callStatus: "in-progress",
      answeredOn: "phone",
    });
    team.sim.updateCall(leg, "completed");
    await call;
    await expect.poll(active).toBeUndefined();
    const [log] = await team.t.db.db
      .select()
      .from(schema.callLogs)
      .where(eq(schema.callLogs.callSid, parent));
    // One row, moved on by the carrier's own completion: its answer and the caller's details.
    expect(log).toMatchObject({ callStatus: "completed", fromNumber: from, parentCallSid: null });
    expect(log?.answeredAt).not.toBeNull();
    expect(log?.phoneNumberId).not.toBeNull();
    expect(log?.contactId).not.toBeNull();
  });

  it("held, Ben called in and joined, the phone dropped (the transfer completed): the caller talks on with Ben", async () => {
    const { owner, ownerIn, ben, benIn } = team;
    const { call, from, parent, leg } = await answeredOnPhone();
    const benPhone = await openSoftphone(team.t, team.sim, benIn);
    // No leg of the browser's: the phone leg connected to the call is the member's.
    const held = await post(ownerIn, `/api/calls/${parent}/hold`, { hold: true });
    expect(held.statusCode, held.body).toBe(200);
    expect(held.json()).toEqual({ callSid: parent, memberCallSid: leg, held: true, parties: [] });
    await expect.poll(() => callerSeat(parent)?.hold).toBe(true);
    const seats = () =>
      team.sim.conferences
        .participants(`room_${parent}`)
        .map((p) => p.callSid)
        .sort();
    expect(seats()).toEqual([parent, leg].sort());

    const added = await post(ownerIn, `/api/calls/${parent}/parties`, {
      target: { kind: "member", userId: ben.id },
    });
    expect(added.statusCode, added.body).toBe(201);
    const offered = await benPhone.next("incoming");
    expect(offered.parameters).toMatchObject({ From: from, To: `client:${owner.accountId}_${ben.id}` });
    benPhone.send({ type: "accept", callSid: offered.parameters.CallSid });
    await expect.poll(() => firstPartyStatus(parent)).toBe("joined");

    const done = await team.t.app.inject({
      method: "DELETE",
      url: `/api/calls/${parent}/parties/${leg}`,
      headers: ownerIn.headers,
    });
    expect(done.statusCode, done.body).toBe(200);
    await expect.poll(seats).toEqual([parent, offered.parameters.CallSid].sort());
    await expect.poll(() => callerSeat(parent)?.hold).toBe(false);
    const [row] = await team.t.db.db
      .select()
      .from(schema.callRooms)
      .where(eq(schema.callRooms.callerCallSid, parent));
    expect(row).toMatchObject({ memberCallSid: leg, memberUserId: owner.id, callerHeld: false });
    expect(row?.memberLeftAt).not.toBeNull();

    benPhone.send({ type: "hangup", callSid: offered.parameters.CallSid });
    expect((await call).status).toBe("completed");
    // Both legs are logged (and charged) as legs of the caller's call: Amy's phone and Ben's browser.
    await expect
      .poll(async () => (await legsOf(parent)).map((l) => l.to).sort())
      .toEqual(["+13055550203", `client:${owner.accountId}_${ben.id}`].sort());
    benPhone.close();
  });

  it("merged with an outside number; the phone hangs up last and the call ends", async () => {
    const { ownerIn } = team;
    const { call, parent, leg } = await answeredOnPhone();
    team.sim.setCallee("+13055550998", { outcome: "answer", ringSeconds: 0 });
    const added = await post(ownerIn, `/api/calls/${parent}/parties`, {
      target: { kind: "number", number: "+13055550998" },
    });
    expect(added.statusCode, added.body).toBe(201);
    await expect.poll(() => team.sim.conferences.participants(`room_${parent}`).length).toBe(3);
    expect(team.sim.conferences.participants(`room_${parent}`).every((p) => !p.hold)).toBe(true);
    const party = added.json().parties[0].callSid;
    await team.t.app.inject({
      method: "DELETE",
      url: `/api/calls/${parent}/parties/${party}`,
      headers: ownerIn.headers,
    });
    // The phone hangs up (the carrier ends its leg): nobody is left with the caller.
    team.sim.updateCall(leg, "completed");
    expect((await call).status).toBe("completed");
    await expect
      .poll(async () => (await legsOf(parent)).map((l) => l.to).sort())
      .toEqual(["+13055550203", "+13055550998"]);
  });
});

describe("a call placed from the browser", () => {
  it("the callee held, Ben consulted in his browser, the member hangs up: the callee talks on with Ben", async () => {
    const { owner, ownerIn, ben, benIn } = team;
    const phone = await openSoftphone(team.t, team.sim, ownerIn);
    const benPhone = await openSoftphone(team.t, team.sim, benIn);
    phone.send({ type: "connect", ref: "out1", params: { To: "+13055550777" } });
    const own = (await phone.next("ringing")).parameters.CallSid;
    await phone.next("accepted");
    // The callee's leg, connected to the member's call (the outside world answers after 2 s).
    const callee = () => team.sim.calls().find((c) => c.parentCallSid === own && c.status === "in-progress");
    await expect.poll(callee).toBeDefined();
    const calleeSid = callee()?.sid ?? "";

    // The member's own call is the leg: the callee is the room's caller, held with the music.
    const held = await post(ownerIn, `/api/calls/${own}/hold`, { legCallSid: own, hold: true });
    expect(held.statusCode, held.body).toBe(200);
    expect(held.json()).toEqual({ callSid: calleeSid, memberCallSid: own, held: true, parties: [] });
    await expect.poll(() => callerSeat(own)?.callSid ?? null).toBeNull();
    const seat = () => team.sim.conferences.participants(`room_${own}`).find((p) => p.callSid === calleeSid);
    await expect.poll(() => seat()?.hold).toBe(true);
    // The member's browser followed its Dial's action into the room.
    await expect
      .poll(() =>
        team.sim.conferences
          .participants(`room_${own}`)
          .map((p) => p.callSid)
          .sort(),
      )
      .toEqual([calleeSid, own].sort());

    const added = await post(ownerIn, `/api/calls/${own}/parties`, {
      legCallSid: own,
      target: { kind: "member", userId: ben.id },
    });
    expect(added.statusCode, added.body).toBe(201);
    const offered = await benPhone.next("incoming");
    // Ben sees who the member called.
    expect(offered.parameters).toMatchObject({
      From: "+13055550777",
      To: `client:${owner.accountId}_${ben.id}`,
    });
    benPhone.send({ type: "accept", callSid: offered.parameters.CallSid });
    await expect.poll(() => firstPartyStatus(own)).toBe("joined");

    phone.send({ type: "hangup", callSid: own });
    await expect.poll(() => seat()?.hold).toBe(false);
    await expect
      .poll(() =>
        team.sim.conferences
          .participants(`room_${own}`)
          .map((p) => p.callSid)
          .sort(),
      )
      .toEqual([calleeSid, offered.parameters.CallSid].sort());

    benPhone.send({ type: "hangup", callSid: offered.parameters.CallSid });
    // Everyone is gone: the callee's leg and Ben's are logged as legs of the member's call.
    await expect
      .poll(async () => (await legsOf(own)).map((l) => `${l.to} ${l.status}`).sort())
      .toEqual([`+13055550777 completed`, `client:${owner.accountId}_${ben.id} completed`].sort());
    phone.close();
    benPhone.close();
  });
});

describe("the ring group called in", () => {
  it("every seat of the number's group rings; Ben answers in his browser and is consulted, Amy's phone stops ringing", async () => {
    const { t, owner, ownerIn, amy, ben, benIn } = team;
    const [line] = await t.db.db
      .select()
      .from(schema.phoneNumbers)
      .where(eq(schema.phoneNumbers.e164, "+13055550100"));
    const group = { type: "ring_group", ringGroup: [owner.id, amy.id, ben.id] };
    const saved = await t.app.inject({
      method: "PUT",
      url: `/api/call-routing/${line?.id}`,
      headers: ownerIn.headers,
      payload: routingBody({ businessHoursDestination: group, afterHoursDestination: group }),
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const { phone, call, parent, leg } = await answeredInBrowser();
    const benPhone = await openSoftphone(t, team.sim, benIn);
    // Amy's phone rings on (in real time) while Ben takes it.
    team.sim.setCallee("+13055550203", { outcome: "answer", ringSeconds: 60 });
    await post(ownerIn, `/api/calls/${parent}/hold`, { legCallSid: leg, hold: true });
    const added = await post(ownerIn, `/api/calls/${parent}/parties`, {
      legCallSid: leg,
      target: { kind: "ring_group" },
    });
    expect(added.statusCode, added.body).toBe(201);
    // The owner, who calls them in, is not rung; Amy's phone and Ben's browser are.
    expect(
      added
        .json()
        .parties.map((p: { label: string }) => firstName(p.label))
        .sort(),
    ).toEqual(["Amy", "Ben"].sort());
    const offered = await benPhone.next("incoming");
    benPhone.send({ type: "accept", callSid: offered.parameters.CallSid });
    const statuses = async () =>
      Object.fromEntries(
        (await room(parent))
          .json()
          .parties.map((p: { label: string; status: string }) => [firstName(p.label), p.status]),
      );
    await expect.poll(statuses).toEqual({ Amy: "left", Ben: "joined" });
    await expect
      .poll(() =>
        team.sim.conferences
          .participants(`room_${parent}`)
          .map((p) => p.callSid)
          .sort(),
      )
      .toEqual([parent, leg, offered.parameters.CallSid].sort());
    phone.send({ type: "hangup", callSid: leg });
    benPhone.send({ type: "hangup", callSid: offered.parameters.CallSid });
    expect((await call).status).toBe("completed");
    phone.close();
    benPhone.close();
  });
});
