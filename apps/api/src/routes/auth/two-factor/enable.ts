import { twoFactorEndpoints } from "@poundline/contracts/auth/endpoints";
import { authMessages } from "@poundline/contracts/auth/schemas";
import { metaOf, portsOf } from "@poundline/modules/auth/ports";
import { enableTwoFactor } from "@poundline/modules/auth/two-factor";
import { requireAuth } from "../../../auth/context";
import { handle } from "../../../http/contract-route";

export const enable = handle(twoFactorEndpoints.enable, async (request) => {
  const auth = requireAuth(request);
  const recoveryCodes = await enableTwoFactor(portsOf(request), auth, request.body, metaOf(request));
  return { message: authMessages.twoFactorEnabled, recoveryCodes };
});
