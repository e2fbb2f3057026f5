import { authEndpoints } from "@poundline/contracts/auth/endpoints";
import { authMessages } from "@poundline/contracts/auth/schemas";
import { requestPasswordReset } from "@poundline/modules/auth/password-reset";
import { handle } from "../../http/contract-route";

export const forgotPassword = handle(authEndpoints.forgotPassword, async (request) => {
  await requestPasswordReset(request.server.deps.outbox, request.body.email);
  return { message: authMessages.resetRequested };
});
