import { twoFactorEndpoints } from "@poundline/contracts/auth/endpoints";
import { authMessages } from "@poundline/contracts/auth/schemas";
import { AppError } from "@poundline/contracts/errors";
import { twoFactorSetup } from "@poundline/modules/auth/two-factor";
import { requireAuth } from "../../../auth/context";
import { handle } from "../../../http/contract-route";

// A new key with its QR code; stored only by /enable, once the app proved it has it.
export const setup = handle(twoFactorEndpoints.setup, async (request) => {
  const auth = requireAuth(request);
  if (auth.twoFactorEnabled) throw new AppError("CONFLICT", authMessages.twoFactorAlreadyOn);
  return twoFactorSetup(auth.user.email);
});
