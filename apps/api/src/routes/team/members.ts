import { teamEndpoints } from "@poundline/contracts/team/endpoints";
import { listMembers } from "@poundline/modules/team/members";
import { handle } from "../../http/contract-route";
import { actorOf } from "./shared";

export const members = handle(teamEndpoints.members, async (request) =>
  listMembers(request.server.deps.db.db, actorOf(request), request.server.deps.clock()),
);
