import { settingsEndpoints } from "@poundline/contracts/settings/endpoints";
import { settingsMessages } from "@poundline/contracts/settings/schemas";
import { usesHttps } from "@poundline/modules/auth/ports";
import { revokeSession as revokeUserSession } from "@poundline/modules/settings/settings";
import { clearSessionCookie, requireAuth } from "../../auth/context";
import { handle } from "../../http/contract-route";

export const revokeSession = handle(settingsEndpoints.revokeSession, async (request, reply) => {
  const auth = requireAuth(request);
  const { db, config } = request.server.deps;
  await revokeUserSession(db.db, auth, request.params.id);
  if (request.params.id === auth.sessionId) clearSessionCookie(reply, usesHttps(config));
  return { message: settingsMessages.sessionRevoked };
});
