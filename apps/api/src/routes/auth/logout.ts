import { authEndpoints } from "@poundline/contracts/auth/endpoints";
import { usesHttps } from "@poundline/modules/auth/ports";
import { invalidateSession } from "@poundline/modules/auth/sessions";
import { clearSessionCookie } from "../../auth/context";
import { handle } from "../../http/contract-route";

export const logout = handle(authEndpoints.logout, async (request, reply) => {
  const session = request.auth ?? request.pendingTwoFactor;
  const { db, config } = request.server.deps;
  if (session) await invalidateSession(db.db, session.sessionId);
  clearSessionCookie(reply, usesHttps(config));
  return reply.status(204).send(null);
});
