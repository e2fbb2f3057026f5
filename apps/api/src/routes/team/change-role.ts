import { teamEndpoints } from "@poundline/contracts/team/endpoints";
import { changeMemberRole } from "@poundline/modules/team/members";
import { handle } from "../../http/contract-route";
import { actorOf } from "./shared";

export const changeRole = handle(teamEndpoints.changeRole, async (request) => {
  const { db, clock } = request.server.deps;
  return changeMemberRole(db.db, actorOf(request), request.params.id, request.body.role, clock());
});
