import { settingsEndpoints } from "@poundline/contracts/settings/endpoints";
import { settingsMessages } from "@poundline/contracts/settings/schemas";
import { usesHttps } from "@poundline/modules/auth/ports";
import { invalidateUserSessions } from "@poundline/modules/auth/sessions";
import { clearSessionCookie, requireAuth } from "../../auth/context";
import { handle } from "../../http/contract-route";

// Sign out everywhere: every session of the user, this one too unless asked to keep it.
export const signOutEverywhere = handle(settingsEndpoints.signOutEverywhere, async (request, reply) => {
  const auth = requireAuth(request);
  const { db, config } = request.server.deps;
  const { keepCurrent } = request.body;
  await invalidateUserSessions(db.db, auth.user.id, keepCurrent ? auth.sessionId : undefined);
  if (!keepCurrent) clearSessionCookie(reply, usesHttps(config));
  return { message: settingsMessages.signedOutEverywhere };
});
