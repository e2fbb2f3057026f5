import { authEndpoints } from "@poundline/contracts/auth/endpoints";
import { authMessages } from "@poundline/contracts/auth/schemas";
import { resetPassword as resetUserPassword } from "@poundline/modules/auth/password-reset";
import { portsOf, usesHttps } from "@poundline/modules/auth/ports";
import { clearSessionCookie } from "../../auth/context";
import { handle } from "../../http/contract-route";

export const resetPassword = handle(authEndpoints.resetPassword, async (request, reply) => {
  const userId = await resetUserPassword(portsOf(request), request.body);
  // Every session of that user is gone, this browser's included.
  if (request.auth?.user.id === userId) clearSessionCookie(reply, usesHttps(request.server.deps.config));
  return { message: authMessages.resetDone };
});
