import { twoFactorEndpoints } from "@poundline/contracts/auth/endpoints";
import { authMessages } from "@poundline/contracts/auth/schemas";
import { metaOf, portsOf } from "@poundline/modules/auth/ports";
import { disableTwoFactor } from "@poundline/modules/auth/two-factor";
import { requireAuth } from "../../../auth/context";
import { handle } from "../../../http/contract-route";

export const disable = handle(twoFactorEndpoints.disable, async (request) => {
  await disableTwoFactor(portsOf(request), requireAuth(request), request.body, metaOf(request));
  return { message: authMessages.twoFactorDisabled };
});
