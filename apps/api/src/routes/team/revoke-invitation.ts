import { teamEndpoints } from "@poundline/contracts/team/endpoints";
import { revokeInvitation as revoke } from "@poundline/modules/team/invitations";
import { handle } from "../../http/contract-route";
import { actorOf } from "./shared";

export const revokeInvitation = handle(teamEndpoints.revokeInvitation, async (request, reply) => {
  await revoke(request.server.deps.db.db, actorOf(request), request.params.id, request.server.deps.clock());
  return reply.status(204).send(null);
});
