import { teamEndpoints } from "@poundline/contracts/team/endpoints";
import { listInvitations } from "@poundline/modules/team/invitations";
import { handle } from "../../http/contract-route";
import { actorOf } from "./shared";

export const invitations = handle(teamEndpoints.invitations, async (request) =>
  listInvitations(request.server.deps.db.db, actorOf(request), request.server.deps.clock()),
);
