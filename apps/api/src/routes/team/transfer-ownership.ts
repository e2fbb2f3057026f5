import { teamEndpoints } from "@poundline/contracts/team/endpoints";
import { transferOwnership as transfer } from "@poundline/modules/team/members";
import { handle } from "../../http/contract-route";
import { actorOf } from "./shared";

export const transferOwnership = handle(teamEndpoints.transferOwnership, async (request, reply) => {
  const { db, clock } = request.server.deps;
  await transfer(db.db, actorOf(request), request.body, clock());
  return reply.status(204).send(null);
});
