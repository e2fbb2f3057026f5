import { peopleEndpoints } from "@poundline/contracts/people/endpoints";
import { announcePresence } from "@poundline/modules/people/presence";
import type { FastifyRequest } from "fastify";
import { handle } from "../../http/contract-route";
import { me } from "./shared";

/**
 * The softphone says which call it is on: the carrier reports a leg to a browser only when it
 * ends, so the member's own console is the first to know they answered.
 */
export const joinedCall = handle(peopleEndpoints.joinedCall, async (request, reply) => {
  const { accountId, userId } = me(request);
  await request.server.deps.presence.callJoined(accountId, userId, request.body.callSid);
  announce(request, accountId, userId);
  return reply.status(204).send(null);
});

export const leftCall = handle(peopleEndpoints.leftCall, async (request, reply) => {
  const { accountId, userId } = me(request);
  await request.server.deps.presence.callLeft(accountId, userId, request.params.callSid);
  announce(request, accountId, userId);
  return reply.status(204).send(null);
});

const announce = (request: FastifyRequest, accountId: string, userId: string) =>
  announcePresence(request.server.deps.live, request.log, accountId, userId);
