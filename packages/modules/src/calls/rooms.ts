/**
 * Call rooms: a call answered in a browser is moved into a conference room so that it can be held,
 * a colleague consulted (a warm transfer), a third party merged in, and a party dropped (issue 24).
 *
 * The move, as the carrier documents for a child call: the member's leg is redirected into the
 * room; the caller's `<Dial>` then ends and its action (voice-routes.ts) sends the caller into the
 * same room. Holding is the participant REST API's hold with the number's hold music. The room's
 * events (`participant-join`, `participant-leave`) finish what the REST calls start: a caller who
 * joins while the member has held them is held at once; a member who leaves while holding the
 * caller hands them to whoever is left (a warm transfer completed by hanging up), or ends the call.
 */

import { randomUUID } from "node:crypto";
import { ROOM_MESSAGES } from "@poundline/contracts/calls/schemas";
import { type Database, newId, schema } from "@poundline/db";
import { huntPlan, type RoutingTable, type TwimlOptions } from "@poundline/domain";
import { isRingable, softphoneDestination } from "@poundline/domain/members";
import {
  type RoomRole,
  renderRoomJoin,
  roomEventsUrl,
  roomPartyStatusUrl,
  roomRecording,
} from "@poundline/domain/twiml";
import type { CallControl } from "@poundline/platform/carrier/call-control";
import { CALL_NOT_IN_PROGRESS, CarrierError } from "@poundline/platform/carrier/client";
import { and, asc, eq, inArray, isNull, or, type SQL } from "drizzle-orm";
import { callOfAccount, outsideNumber } from "./transfer";

export interface RoomPorts {
  db: Database;
  table: RoutingTable;
  calls: CallControl;
  twiml: TwimlOptions;
  now: Date;
}

/**
 * The caller's call and the member's own leg of it (the browser's CallSid); without a leg, the call
 * as Active Calls shows it, answered on a phone: the leg connected to it is the member's.
 */
export interface RoomCall {
  accountId: string;
  userId: string;
  callSid: string;
  legCallSid?: string | undefined;
}

export interface RoomState {
  callSid: string;
  /** The leg of whoever took the call (dropping it completes a warm transfer). */
  memberCallSid: string;
  held: boolean;
  parties: { callSid: string; label: string; status: "calling" | "joined" | "left" }[];
}

export type RoomFailure =
  | { ok: false; reason: "not-found" | "ended"; message: string }
  | { ok: false; reason: "target"; field: string; message: string };
export type RoomResult = { ok: true; room: RoomState } | RoomFailure;

export type PartyTarget =
  | { kind: "member"; userId: string }
  | { kind: "extension"; extensionId: string }
  | { kind: "ring_group" }
  | { kind: "number"; number: string };

/** Someone the carrier calls into a room, and how the console names them. */
interface Callee {
  to: string;
  label: string;
}

/** At most this many of a ring group's phones are called in at once (as a <Dial> rings at most ten). */
const MAX_GROUP_CALLS = 10;

type Room = typeof schema.callRooms.$inferSelect;

const notFound: RoomFailure = { ok: false, reason: "not-found", message: ROOM_MESSAGES.notFound };
const ended: RoomFailure = { ok: false, reason: "ended", message: ROOM_MESSAGES.ended };

/** The carrier says the call (or participant) is no longer there. */
const isGone = (err: unknown) =>
  err instanceof CarrierError && (err.code === CALL_NOT_IN_PROGRESS || err.status === 404);

/** The account's room that `which` names. */
async function roomWhere(db: Database, accountId: string, which: SQL | undefined): Promise<Room | undefined> {
  const [room] = await db
    .select()
    .from(schema.callRooms)
    .where(and(eq(schema.callRooms.accountId, accountId), which))
    .limit(1);
  return room;
}

/** The room a caller's call was moved into (the Dial's action sends the caller there). */
export const roomOfCaller = (db: Database, accountId: string, callSid: string) =>
  roomWhere(db, accountId, eq(schema.callRooms.callerCallSid, callSid));

/** The room a member's own call placed from the browser was moved into (its Dial's action follows). */
export const roomOfMember = (db: Database, accountId: string, callSid: string) =>
  roomWhere(db, accountId, eq(schema.callRooms.memberCallSid, callSid));

/**
 * The room of a call as the console names it: the caller's call (an incoming call), or the
 * member's own call placed from the browser, whose callee is the room's caller.
 */
const roomOfCall = (db: Database, accountId: string, callSid: string) =>
  roomWhere(
    db,
    accountId,
    or(eq(schema.callRooms.callerCallSid, callSid), eq(schema.callRooms.memberCallSid, callSid)),
  );

/**
 * The room's recording when its call's number records calls (and the plan still allows it): kept
 * as the recording of the call the history shows, the caller's (or the member's own call out).
 */
async function roomRecordingOf(ports: Pick<RoomPorts, "db" | "table" | "twiml">, room: Room) {
  const [logged] = await ports.db
    .select({ callSid: schema.callLogs.callSid, numberId: schema.callLogs.phoneNumberId })
    .from(schema.callLogs)
    .where(
      and(
        eq(schema.callLogs.accountId, room.accountId),
        inArray(schema.callLogs.callSid, [room.callerCallSid, room.memberCallSid]),
        isNull(schema.callLogs.parentCallSid),
      ),
    )
    .limit(1);
  const route = logged?.numberId ? ports.table.numbersById.get(logged.numberId) : undefined;
  if (!logged || !route?.recordCalls || route.accountId !== room.accountId) return undefined;
  return roomRecording(ports.twiml, { accountId: room.accountId, numberId: route.numberId }, logged.callSid);
}

/** The TwiML that brings the caller or the member into the room, recording it when the call is recorded. */
export async function roomJoinTwiml(
  ports: Pick<RoomPorts, "db" | "table" | "twiml">,
  room: Room,
  role: RoomRole,
): Promise<string> {
  return renderRoomJoin(ports.twiml, room.accountId, room.name, role, await roomRecordingOf(ports, room));
}

/** The room's state as the softphone shows it. */
export async function roomState(db: Database, room: Room): Promise<RoomState> {
  const parties = await db
    .select({
      callSid: schema.callRoomParties.callSid,
      label: schema.callRoomParties.label,
      status: schema.callRoomParties.status,
    })
    .from(schema.callRoomParties)
    .where(eq(schema.callRoomParties.roomId, room.id))
    .orderBy(asc(schema.callRoomParties.createdAt));
  return { callSid: room.callerCallSid, memberCallSid: room.memberCallSid, held: room.callerHeld, parties };
}

/** The room of a call of the account: its state, or an empty one when it was never moved. */
export async function readRoom(ports: Pick<RoomPorts, "db">, accountId: string, callSid: string) {
  const room = await roomOfCall(ports.db, accountId, callSid);
  return room ? roomState(ports.db, room) : null;
}

/**
 * The member's leg is theirs and a child of the caller's call, still in progress: only the member
 * who took a call moves it (the carrier's own view, not the browser's word).
 */
async function isMembersLeg(ports: RoomPorts, call: RoomCall & { legCallSid: string }): Promise<boolean> {
  const leg = await ports.calls.fetchCall(call.legCallSid);
  return (
    leg !== null &&
    leg.parentCallSid === call.callSid &&
    leg.to === softphoneDestination(call.accountId, call.userId) &&
    leg.status === "in-progress"
  );
}

/**
 * The room's two calls: the member's (their browser's leg, or the phone leg connected to a call
 * moved from Active Calls: a call answered in a browser is moved from that browser only) and the
 * caller's. A call the member placed from the browser (its own CallSid as the leg) has them the
 * other way round: the member's call is the parent, the callee's leg is the room's caller. `moved`
 * is the child leg, redirected into the room; the parent follows by its Dial's action.
 */
async function roomCallsOf(
  ports: RoomPorts,
  call: RoomCall,
): Promise<{ callerCallSid: string; memberCallSid: string; moved: "caller" | "member" } | null> {
  const { legCallSid } = call;
  if (legCallSid === call.callSid) return outgoingRoomCalls(ports, call);
  if (legCallSid)
    return (await isMembersLeg(ports, { ...call, legCallSid }))
      ? { callerCallSid: call.callSid, memberCallSid: legCallSid, moved: "member" }
      : null;
  const leg = await ports.calls.answeredLegOf(call.callSid);
  return leg && leg.parentCallSid === call.callSid && !leg.to.startsWith("client:")
    ? { callerCallSid: call.callSid, memberCallSid: leg.sid, moved: "member" }
    : null;
}

/** The member's own call from the browser, in progress, and the callee's leg connected to it. */
async function outgoingRoomCalls(ports: RoomPorts, call: RoomCall) {
  const own = await ports.calls.fetchCall(call.callSid);
  const placedByMember =
    own !== null &&
    own.parentCallSid === null &&
    own.from === softphoneDestination(call.accountId, call.userId) &&
    own.status === "in-progress";
  const callee = placedByMember ? await ports.calls.answeredLegOf(call.callSid) : null;
  return callee && callee.parentCallSid === call.callSid
    ? { callerCallSid: callee.sid, memberCallSid: call.callSid, moved: "caller" as const }
    : null;
}

/** The call's room, made (and the call moved into it) on first need. */
async function ensureRoom(ports: RoomPorts, call: RoomCall, held: boolean): Promise<Room | RoomFailure> {
  const existing = await roomOfCall(ports.db, call.accountId, call.callSid);
  if (existing) return existing.endedAt ? ended : existing;
  if (!(await callOfAccount(ports, call.accountId, call.callSid))) return notFound;
  const calls = await roomCallsOf(ports, call);
  if (!calls) return notFound;
  const [room] = await ports.db
    .insert(schema.callRooms)
    .values({
      id: newId("callRoom"),
      accountId: call.accountId,
      name: `room_${call.callSid}`,
      callerCallSid: calls.callerCallSid,
      memberCallSid: calls.memberCallSid,
      memberUserId: call.userId,
      callerHeld: held,
    })
    .onConflictDoNothing()
    .returning();
  // Two clicks at once: the other one made the room and moves the call.
  if (!room) return (await roomOfCall(ports.db, call.accountId, call.callSid)) ?? notFound;
  try {
    const moved = calls.moved === "member" ? calls.memberCallSid : calls.callerCallSid;
    await ports.calls.redirectCall(moved, await roomJoinTwiml(ports, room, calls.moved));
  } catch (err) {
    await ports.db.delete(schema.callRooms).where(eq(schema.callRooms.id, room.id));
    if (isGone(err)) return ended;
    throw err;
  }
  return room;
}

const isFailure = (value: Room | RoomFailure): value is RoomFailure => "ok" in value;

/** The number's hold music, for the participant REST API's HoldUrl (null: the carrier's own). */
function holdMusicOf(ports: RoomPorts, room: Room, numberId: string | null): string | null {
  const route = numberId ? ports.table.numbersById.get(numberId) : undefined;
  return route && route.accountId === room.accountId ? route.holdMusicUrl || null : null;
}

async function applyHold(ports: RoomPorts, room: Room, held: boolean): Promise<void> {
  const call = await callOfAccount(ports, room.accountId, room.callerCallSid);
  const musicUrl = holdMusicOf(ports, room, call?.numberId ?? null);
  try {
    await ports.calls.holdParticipant(room.name, room.callerCallSid, { held, musicUrl });
  } catch (err) {
    // Not in the room yet: its join event holds it (roomEvent).
    if (!isGone(err)) throw err;
  }
}

/** Holds the caller (they hear the number's hold music) or brings them back. */
export async function holdCall(ports: RoomPorts, call: RoomCall, held: boolean): Promise<RoomResult> {
  const room = await ensureRoom(ports, call, held);
  if (isFailure(room)) return room;
  if (room.callerHeld !== held) {
    await ports.db
      .update(schema.callRooms)
      .set({ callerHeld: held, updatedAt: ports.now })
      .where(eq(schema.callRooms.id, room.id));
  }
  await applyHold(ports, room, held);
  return { ok: true, room: await roomState(ports.db, { ...room, callerHeld: held }) };
}

/** Who a party is and what the carrier calls: a member's softphone (else phone), or a number. */
async function partyOf(
  ports: RoomPorts,
  accountId: string,
  target: Exclude<PartyTarget, { kind: "ring_group" }>,
): Promise<Callee | RoomFailure> {
  if (target.kind === "number") {
    const outside = await outsideNumber(ports.db, accountId, target.number);
    if (!outside.ok)
      return { ok: false, reason: "target", field: "body.target.number", message: outside.message };
    return { to: outside.number, label: outside.number };
  }
  if (target.kind === "extension") return extensionParty(ports, accountId, target.extensionId);
  return memberParty(ports, accountId, target.userId);
}

/**
 * The ring group of the call's number (its open-hours group, else its after-hours one): every
 * phone of each seat that can be rung now, the member calling them in left out.
 */
function groupCallees(ports: RoomPorts, call: RoomCall, numberId: string | null): Callee[] | RoomFailure {
  const context = { accountId: call.accountId, numberId };
  const plan =
    huntPlan(ports.table, context, "open", 0, ports.now) ??
    huntPlan(ports.table, context, "after", 0, ports.now);
  if (!plan) return { ok: false, reason: "target", field: "body.target", message: ROOM_MESSAGES.target };
  const account = ports.table.accounts.get(call.accountId);
  const callees = plan.seats
    .filter((seat) => seat.key !== call.userId)
    .flatMap((seat) => {
      const label = account?.members.get(seat.key)?.name ?? account?.extensions.get(seat.key)?.name;
      return seat.numbers.map((to) => ({ to, label: label ?? to }));
    })
    .slice(0, MAX_GROUP_CALLS);
  return callees.length > 0
    ? callees
    : { ok: false, reason: "target", field: "body.target", message: ROOM_MESSAGES.groupUnavailable };
}

/** An extension: its member while they can be rung, else the first phone it rings. */
function extensionParty(ports: RoomPorts, accountId: string, extensionId: string): Callee | RoomFailure {
  const account = ports.table.accounts.get(accountId);
  const extension = account?.extensions.get(extensionId);
  if (!extension) return { ok: false, reason: "target", field: "body.target", message: ROOM_MESSAGES.target };
  const member = extension.memberId ? account?.members.get(extension.memberId) : undefined;
  if (member && isRingable(member, ports.now)) return memberParty(ports, accountId, member.userId);
  const phone = extension.forwardingNumbers[0];
  return phone
    ? { to: phone, label: extension.name }
    : {
        ok: false,
        reason: "target",
        field: "body.target",
        message: ROOM_MESSAGES.unavailable(extension.name),
      };
}

/** A member: their browser when it rings, else their phone; refused while they cannot be rung. */
function memberParty(ports: RoomPorts, accountId: string, userId: string): Callee | RoomFailure {
  const member = ports.table.accounts.get(accountId)?.members.get(userId);
  if (!member) return { ok: false, reason: "target", field: "body.target", message: ROOM_MESSAGES.target };
  if (!isRingable(member, ports.now))
    return {
      ok: false,
      reason: "target",
      field: "body.target",
      message: ROOM_MESSAGES.unavailable(member.name),
    };
  const browser = softphoneDestination(accountId, member.userId);
  const to = member.forwardingNumbers.includes(browser) ? browser : member.forwardingNumbers[0];
  return to
    ? { to, label: member.name }
    : { ok: false, reason: "target", field: "body.target", message: ROOM_MESSAGES.target };
}

/**
 * Calls someone into the room: a colleague to consult while the caller is held (a warm transfer),
 * or a third party the caller hears too (a conference). A ring group's seats are called together
 * as one offer: the first to answer is called in, the others stop ringing. A member sees the
 * caller's number; an outside party sees the account's number the call came on.
 */
export async function addParty(ports: RoomPorts, call: RoomCall, target: PartyTarget): Promise<RoomResult> {
  const single = target.kind === "ring_group" ? null : await partyOf(ports, call.accountId, target);
  if (single && "ok" in single) return single;
  const logged = await callOfAccount(ports, call.accountId, call.callSid);
  if (!logged) return notFound;
  const callees = single ? [single] : groupCallees(ports, call, logged.numberId);
  if (!Array.isArray(callees)) return callees;
  const room = await ensureRoom(ports, call, false);
  if (isFailure(room)) return room;
  // The outside party on the call: the caller of an incoming call, the callee of one placed.
  const placed = room.memberCallSid === call.callSid;
  const numbers = { other: placed ? logged.to : logged.from, ours: placed ? logged.from : logged.to };
  const offer = single ? null : randomUUID();
  for (const callee of callees) {
    const from = callee.to.startsWith("client:") ? numbers.other : numbers.ours;
    const called = await callIn(ports, room, call.callSid, { ...callee, from, offer });
    if (!called) return ended;
  }
  if (offer) await settleOffer(ports, room, offer);
  return { ok: true, room: await roomState(ports.db, room) };
}

/** One party called into the room, logged as a leg of `callSid`; false when the room's call has ended. */
async function callIn(
  ports: RoomPorts,
  room: Room,
  callSid: string,
  party: Callee & { from: string; offer: string | null },
) {
  let partyCallSid: string;
  try {
    ({ callSid: partyCallSid } = await ports.calls.addParticipant(room.name, {
      from: party.from,
      to: party.to,
      label: party.label,
      timeout: 30,
      statusCallback: roomPartyStatusUrl(ports.twiml, room.accountId, callSid),
      conferenceStatusCallback: roomEventsUrl(ports.twiml, room.accountId),
    }));
  } catch (err) {
    if (isGone(err)) return false;
    throw err;
  }
  const { to: target, label, offer } = party;
  // The party's join may already have been reported (roomEvent): its status stays.
  await ports.db
    .insert(schema.callRoomParties)
    .values({ callSid: partyCallSid, roomId: room.id, accountId: room.accountId, label, target, offer })
    .onConflictDoUpdate({
      target: schema.callRoomParties.callSid,
      set: { label, target, offer, updatedAt: ports.now },
    });
  return true;
}

/** Once a party of an offer joined, the others of it still ringing are hung up. */
async function settleOffer(ports: RoomPorts, room: Room, offer: string) {
  const parties = await ports.db
    .select({ callSid: schema.callRoomParties.callSid, status: schema.callRoomParties.status })
    .from(schema.callRoomParties)
    .where(and(eq(schema.callRoomParties.roomId, room.id), eq(schema.callRoomParties.offer, offer)));
  if (!parties.some((party) => party.status === "joined")) return;
  for (const party of parties.filter((p) => p.status === "calling")) {
    try {
      await ports.calls.removeParticipant(room.name, party.callSid);
    } catch (err) {
      if (!isGone(err)) throw err;
    }
    await setPartyStatus(ports.db, party.callSid, "left", ports.now);
  }
}

/** Drops a party from the room (the caller and the member stay). */
export async function dropParty(
  ports: RoomPorts,
  input: { accountId: string; callSid: string; partyCallSid: string },
): Promise<RoomResult> {
  const room = await roomOfCall(ports.db, input.accountId, input.callSid);
  if (!room) return notFound;
  if (input.partyCallSid === room.memberCallSid) return dropMember(ports, room);
  const [party] = await ports.db
    .select()
    .from(schema.callRoomParties)
    .where(
      and(eq(schema.callRoomParties.roomId, room.id), eq(schema.callRoomParties.callSid, input.partyCallSid)),
    );
  if (!party) return notFound;
  try {
    await ports.calls.removeParticipant(room.name, party.callSid);
  } catch (err) {
    if (!isGone(err)) throw err;
  }
  await setPartyStatus(ports.db, party.callSid, "left", ports.now);
  return { ok: true, room: await roomState(ports.db, room) };
}

/**
 * The member's own leg leaves (from Active Calls: the phone that took the call): a warm transfer
 * completed, as when the member hangs up. The room's leave event then hands the caller on.
 */
async function dropMember(ports: RoomPorts, room: Room): Promise<RoomResult> {
  try {
    if (!room.memberLeftAt) await ports.calls.removeParticipant(room.name, room.memberCallSid);
  } catch (err) {
    if (!isGone(err)) throw err;
  }
  return { ok: true, room: await roomState(ports.db, room) };
}

async function setPartyStatus(db: Database, callSid: string, status: "joined" | "left", now: Date) {
  await db
    .update(schema.callRoomParties)
    .set({ status, updatedAt: now })
    .where(eq(schema.callRoomParties.callSid, callSid));
}

export interface RoomEvent {
  accountId: string;
  room: string;
  event: string;
  callSid: string;
}

/**
 * A room's event from the carrier. Returns the caller's CallSid when the room changed (the
 * softphone on it refetches it), null when the event was not about one of the account's rooms.
 */
export async function roomEvent(ports: RoomPorts, event: RoomEvent): Promise<string | null> {
  const room = await roomWhere(ports.db, event.accountId, eq(schema.callRooms.name, event.room));
  if (!room) return null;
  const joined = event.event === "participant-join";
  if (event.event !== "participant-leave" && !joined) return null;
  if (event.callSid === room.callerCallSid) {
    // The member may have hung up while the caller was still on their way into the room.
    if (joined && room.memberLeftAt) await endIfAlone(ports, room);
    else if (joined && room.callerHeld) await applyHold(ports, room, true);
    if (!joined) await endRoom(ports.db, room, ports.now);
  } else if (event.callSid === room.memberCallSid) {
    if (!joined && !room.memberLeftAt) await memberLeft(ports, room);
  } else {
    await partyEvent(ports, room, event.callSid, joined ? "joined" : "left");
    if (!joined && room.memberLeftAt) await endIfAlone(ports, room);
  }
  return room.callerCallSid;
}

/**
 * A party joined or left. Its join can be reported before the REST call that called it in has
 * answered (and its row is written): the row is then made here, and addParty fills in who it is.
 */
async function partyEvent(ports: RoomPorts, room: Room, callSid: string, status: "joined" | "left") {
  const [party] = await ports.db
    .insert(schema.callRoomParties)
    .values({ callSid, roomId: room.id, accountId: room.accountId, label: "", target: "", status })
    .onConflictDoUpdate({
      target: schema.callRoomParties.callSid,
      set: { status, updatedAt: ports.now },
      where: eq(schema.callRoomParties.roomId, room.id),
    })
    .returning({ offer: schema.callRoomParties.offer });
  if (status === "joined" && party?.offer) await settleOffer(ports, room, party.offer);
}

async function endRoom(db: Database, room: Room, now: Date) {
  await db
    .update(schema.callRooms)
    .set({ endedAt: now, updatedAt: now })
    .where(and(eq(schema.callRooms.id, room.id), isNull(schema.callRooms.endedAt)));
}

/**
 * A softphone leg of a call ended (its status callback). When it was the member's leg of a room,
 * the member left, even if the leg ended before it got into the room (no leave event then).
 * Returns the caller's CallSid when a room changed.
 */
export async function memberLegEnded(
  ports: RoomPorts,
  leg: { accountId: string; callerCallSid: string; legCallSid: string },
): Promise<string | null> {
  const room = await roomOfCaller(ports.db, leg.accountId, leg.callerCallSid);
  if (!room || room.memberCallSid !== leg.legCallSid || room.memberLeftAt) return null;
  await memberLeft(ports, room);
  return room.callerCallSid;
}

/**
 * The member left the room. A caller they were holding goes on with whoever joined (the warm
 * transfer completed by hanging up); with nobody left the call ends rather than wait in silence.
 */
async function memberLeft(ports: RoomPorts, room: Room): Promise<void> {
  await ports.db
    .update(schema.callRooms)
    .set({ memberLeftAt: ports.now, callerHeld: false, updatedAt: ports.now })
    .where(eq(schema.callRooms.id, room.id));
  if (await endIfAlone(ports, room)) return;
  if (room.callerHeld) await applyHold(ports, room, false);
}

/** The caller is alone in the room (nobody joined, or all left): the call ends. True when it did. */
async function endIfAlone(ports: RoomPorts, room: Room): Promise<boolean> {
  const state = await roomState(ports.db, room);
  if (state.parties.some((party) => party.status === "joined")) return false;
  try {
    await ports.calls.removeParticipant(room.name, room.callerCallSid);
  } catch (err) {
    if (!isGone(err)) throw err;
  }
  return true;
}
