import { walletEndpoints } from "@poundline/contracts/billing/endpoints";
import {
  listPaymentMethods,
  setDefaultPaymentMethod as setDefaultCard,
} from "@poundline/modules/billing/payment-methods";
import { requireAccount } from "../../auth/context";
import { handle } from "../../http/contract-route";
import { portsOf } from "./shared";

export const setDefaultPaymentMethod = handle(walletEndpoints.setDefaultPaymentMethod, async (request) => {
  const { account } = requireAccount(request);
  await setDefaultCard(portsOf(request), account.id, request.params.id);
  return listPaymentMethods(portsOf(request), account.id);
});
