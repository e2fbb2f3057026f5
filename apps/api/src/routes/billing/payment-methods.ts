import { walletEndpoints } from "@poundline/contracts/billing/endpoints";
import { listPaymentMethods } from "@poundline/modules/billing/payment-methods";
import { requireAccount } from "../../auth/context";
import { handle } from "../../http/contract-route";
import { portsOf } from "./shared";

export const paymentMethods = handle(walletEndpoints.paymentMethods, async (request) => {
  const { account } = requireAccount(request);
  return listPaymentMethods(portsOf(request), account.id);
});
