import { teamEndpoints } from "@poundline/contracts/team/endpoints";
import { removeMember as remove } from "@poundline/modules/team/members";
import { handle } from "../../http/contract-route";
import { actorOf } from "./shared";

export const removeMember = handle(teamEndpoints.removeMember, async (request, reply) => {
  await remove(request.server.deps.db.db, actorOf(request), request.params.id);
  // Ring groups, their extension and their direct number stop ringing them at once.
  await request.server.deps.routing.changed();
  return reply.status(204).send(null);
});
