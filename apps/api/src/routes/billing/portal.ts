import { walletEndpoints } from "@poundline/contracts/billing/endpoints";
import { createPortalSession } from "@poundline/modules/billing/checkout";
import { requireAccount } from "../../auth/context";
import { handle } from "../../http/contract-route";
import { portsOf } from "./shared";

/** Stripe's customer portal (the plan, cards and invoices, as Stripe shows them). */
export const portal = handle(walletEndpoints.portal, async (request) => {
  const { account } = requireAccount(request);
  return createPortalSession(portsOf(request), account.id);
});
