import { siteEndpoints } from "@poundline/contracts/site/endpoints";
import { handle } from "../../http/contract-route";
import { allowCaching } from "./shared";

export const config = handle(siteEndpoints.config, async (request, reply) => {
  const settings = request.server.deps.config;
  allowCaching(request, reply);
  return {
    nonprofitDomain: settings.NONPROFIT_DOMAIN,
    stripePublishableKey: settings.STRIPE_PUBLISHABLE_KEY ?? null,
    prices: {
      subscription: settings.STRIPE_PRICE_SUBSCRIPTION,
      nonprofitSubscription: settings.STRIPE_PRICE_NONPROFIT_SUBSCRIPTION,
      walletTopUp: settings.STRIPE_PRICE_WALLET_TOPUP,
    },
  };
});
