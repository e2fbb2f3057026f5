import { walletEndpoints } from "@poundline/contracts/billing/endpoints";
import { createPlanCheckout, createTopUpCheckout } from "@poundline/modules/billing/checkout";
import type { FastifyRequest } from "fastify";
import { assertAllowed } from "../../auth/route-permissions";
import { handle } from "../../http/contract-route";
import { payerOf, portsOf } from "./shared";

/** The nonprofit site (its host names NONPROFIT_DOMAIN) sells the plans at its own price ids. */
const isNonprofitSite = (request: FastifyRequest) =>
  request.hostname.toLowerCase().includes(request.server.deps.config.NONPROFIT_DOMAIN.toLowerCase());

export const checkout = handle(walletEndpoints.checkout, async (request) => {
  const payer = payerOf(request);
  const body = request.body;
  if (body.kind === "top_up") return createTopUpCheckout(portsOf(request), payer, body.amountCents);
  // The route's permission covers top-ups; a plan is the owner's to choose.
  assertAllowed(request, "billing.plan");
  return createPlanCheckout(portsOf(request), payer, {
    plan: body.plan,
    interval: body.interval,
    nonprofit: isNonprofitSite(request),
  });
});
