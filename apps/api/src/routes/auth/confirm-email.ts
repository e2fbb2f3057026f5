import { authEndpoints } from "@poundline/contracts/auth/endpoints";
import { authMessages } from "@poundline/contracts/auth/schemas";
import { AppError } from "@poundline/contracts/errors";
import { portsOf } from "@poundline/modules/auth/ports";
import { confirmEmail as confirmAddress } from "@poundline/modules/auth/registration";
import { handle } from "../../http/contract-route";

export const confirmEmail = handle(authEndpoints.confirmEmail, async (request) => {
  if (!(await confirmAddress(portsOf(request), request.body.token)))
    throw new AppError("BAD_REQUEST", authMessages.confirmLinkInvalid, {
      token: [authMessages.confirmLinkInvalid],
    });
  return { message: authMessages.emailConfirmed };
});
