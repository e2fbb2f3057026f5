import { invitationEndpoints } from "@poundline/contracts/team/endpoints";
import { acceptInvitation as accept } from "@poundline/modules/team/acceptance";
import { requireAuth } from "../../auth/context";
import { handle } from "../../http/contract-route";

export const acceptInvitation = handle(invitationEndpoints.accept, async (request) => {
  const { user, sessionId } = requireAuth(request);
  const { db, clock } = request.server.deps;
  return accept(db.db, request.params.token, { id: user.id, email: user.email, sessionId }, clock());
});
