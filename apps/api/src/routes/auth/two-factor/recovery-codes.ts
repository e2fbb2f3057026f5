import { twoFactorEndpoints } from "@poundline/contracts/auth/endpoints";
import { authMessages } from "@poundline/contracts/auth/schemas";
import { metaOf, portsOf } from "@poundline/modules/auth/ports";
import { regenerateRecoveryCodes } from "@poundline/modules/auth/two-factor";
import { requireAuth } from "../../../auth/context";
import { handle } from "../../../http/contract-route";

export const recoveryCodes = handle(twoFactorEndpoints.recoveryCodes, async (request) => {
  const auth = requireAuth(request);
  const codes = await regenerateRecoveryCodes(portsOf(request), auth, request.body.code, metaOf(request));
  return { message: authMessages.twoFactorEnabled, recoveryCodes: codes };
});
