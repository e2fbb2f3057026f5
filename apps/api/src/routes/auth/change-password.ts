import { authEndpoints } from "@poundline/contracts/auth/endpoints";
import { authMessages } from "@poundline/contracts/auth/schemas";
import { changePassword as changeUserPassword } from "@poundline/modules/auth/password-change";
import { metaOf, portsOf } from "@poundline/modules/auth/ports";
import { requireAuth } from "../../auth/context";
import { handle } from "../../http/contract-route";

export const changePassword = handle(authEndpoints.changePassword, async (request) => {
  const auth = requireAuth(request);
  await changeUserPassword(
    portsOf(request),
    { userId: auth.user.id, email: auth.user.email, sessionId: auth.sessionId },
    request.body,
    metaOf(request),
  );
  return { message: authMessages.passwordChanged };
});
