import { walletEndpoints } from "@poundline/contracts/billing/endpoints";
import {
  listPaymentMethods,
  removePaymentMethod as removeCard,
} from "@poundline/modules/billing/payment-methods";
import { requireAccount } from "../../auth/context";
import { handle } from "../../http/contract-route";
import { portsOf } from "./shared";

export const removePaymentMethod = handle(walletEndpoints.removePaymentMethod, async (request) => {
  const { account } = requireAccount(request);
  await removeCard(portsOf(request), account.id, request.params.id);
  return listPaymentMethods(portsOf(request), account.id);
});
