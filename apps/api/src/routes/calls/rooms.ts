import { callEndpoints } from "@poundline/contracts/calls/endpoints";
import { ROOM_MESSAGES } from "@poundline/contracts/calls/schemas";
import { AppError } from "@poundline/contracts/errors";
import {
  addParty as addPartyToRoom,
  dropParty as dropPartyFromRoom,
  holdCall,
  type RoomFailure,
  type RoomResult,
  readRoom,
} from "@poundline/modules/calls/rooms";
import type { FastifyRequest } from "fastify";
import { requireAccount } from "../../auth/context";
import { callPortsOf } from "../../carrier/call-ports";
import { handle } from "../../http/contract-route";

/** Hold, consult, merge and drop: a call answered in the browser, in its room (calls/rooms.ts). */

function refusal(failure: RoomFailure): never {
  if (failure.reason === "target")
    throw new AppError("BAD_REQUEST", failure.message, { [failure.field]: [failure.message] });
  throw new AppError(failure.reason === "ended" ? "CONFLICT" : "NOT_FOUND", failure.message);
}

/** The room's state; the softphone on the call refetches it when the live socket says it changed. */
function answered(request: FastifyRequest, accountId: string, result: RoomResult) {
  if (!result.ok) return refusal(result);
  request.server.deps.live.post(accountId, { type: "call.room", callSid: result.room.callSid }, request.log);
  return result.room;
}

export const room = handle(callEndpoints.room, async (request) => {
  const { account } = requireAccount(request);
  const state = await readRoom(callPortsOf(request), account.id, request.params.callSid);
  if (!state) throw new AppError("NOT_FOUND", ROOM_MESSAGES.notFound);
  return state;
});

export const hold = handle(callEndpoints.hold, async (request) => {
  const { account, user } = requireAccount(request);
  const { legCallSid, hold: held } = request.body;
  const call = { accountId: account.id, userId: user.id, callSid: request.params.callSid, legCallSid };
  return answered(request, account.id, await holdCall(callPortsOf(request), call, held));
});

export const addParty = handle(callEndpoints.addParty, async (request, reply) => {
  const { account, user } = requireAccount(request);
  const { legCallSid, target } = request.body;
  const call = { accountId: account.id, userId: user.id, callSid: request.params.callSid, legCallSid };
  const state = answered(request, account.id, await addPartyToRoom(callPortsOf(request), call, target));
  return reply.status(201).send(state);
});

export const dropParty = handle(callEndpoints.dropParty, async (request) => {
  const { account } = requireAccount(request);
  const { callSid, partyCallSid } = request.params;
  return answered(
    request,
    account.id,
    await dropPartyFromRoom(callPortsOf(request), { accountId: account.id, callSid, partyCallSid }),
  );
});
