import { walletEndpoints } from "@poundline/contracts/billing/endpoints";
import { billingMessages } from "@poundline/contracts/billing/schemas";
import { AppError } from "@poundline/contracts/errors";
import { findCheckoutReturn } from "@poundline/modules/billing/checkout";
import { requireAccount } from "../../auth/context";
import { handle } from "../../http/contract-route";
import { portsOf } from "./shared";

/** The return from Checkout: what this account's session says (paid, and for which plan). */
export const checkoutReturn = handle(walletEndpoints.checkoutReturn, async (request) => {
  const { account } = requireAccount(request);
  const found = await findCheckoutReturn(portsOf(request), account.id, request.params.sessionId);
  if (!found) throw new AppError("NOT_FOUND", billingMessages.checkoutNotFound);
  return found;
});
