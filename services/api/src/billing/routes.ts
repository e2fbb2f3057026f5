import type { FastifyInstance, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { requireAccount } from "../auth/context";
import { assertAllowed } from "../auth/route-permissions";
import { AppError } from "../http/errors";
import { errorResponseSchema } from "../http/schemas";
import {
  type CheckoutPorts,
  createInvoiceCheckout,
  createPlanCheckout,
  createPortalSession,
  createTopUpCheckout,
  findCheckoutReturn,
  type Payer,
} from "./checkout";
import { listPaymentMethods, removePaymentMethod, setDefaultPaymentMethod } from "./payment-methods";
import {
  billingMessages,
  checkoutBodySchema,
  checkoutReturnSchema,
  checkoutSessionParamsSchema,
  invoiceListSchema,
  invoiceParamsSchema,
  paymentMethodListSchema,
  paymentMethodParamsSchema,
  redirectSchema,
  subscriptionListSchema,
  transactionPageSchema,
  transactionsQuerySchema,
  updateWalletBodySchema,
  walletResponseSchema,
} from "./schemas";
import {
  findInvoice,
  isPayable,
  listInvoices,
  listSubscriptions,
  listTransactions,
  openWallet,
  setLowBalanceThreshold,
} from "./wallet";

function portsOf(request: FastifyRequest): CheckoutPorts {
  const { db, stripe, config, clock, routing } = request.server.deps;
  return { db: db.db, stripe, config, now: clock(), routing };
}

function payerOf(request: FastifyRequest): Payer {
  const { account, user } = requireAccount(request);
  return { accountId: account.id, companyName: account.companyName, email: user.email || null };
}

/** The nonprofit site (its host names NONPROFIT_DOMAIN) sells the plans at its own price ids. */
const isNonprofitSite = (request: FastifyRequest) =>
  request.hostname.toLowerCase().includes(request.server.deps.config.NONPROFIT_DOMAIN.toLowerCase());

const failures = { 400: errorResponseSchema, 404: errorResponseSchema, 503: errorResponseSchema };

/** Billing & Wallet (seed 001), mounted under /api: the account's own wallet, subscriptions, invoices and cards. */
export async function billingRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.addHook("onRequest", async (request) => {
    requireAccount(request);
  });

  app.get(
    "/billing/wallet",
    { config: { permission: "billing.view" }, schema: { response: { 200: walletResponseSchema } } },
    async (request) => {
      const { account } = requireAccount(request);
      return openWallet(request.server.deps.db.db, account.id, request.server.deps.clock());
    },
  );

  app.patch(
    "/billing/wallet",
    {
      config: { permission: "billing.alerts" },
      schema: {
        body: updateWalletBodySchema,
        response: { 200: walletResponseSchema, 400: errorResponseSchema },
      },
    },
    async (request) => {
      const { account } = requireAccount(request);
      const { db, clock } = request.server.deps;
      return setLowBalanceThreshold(db.db, account.id, request.body.lowBalanceThresholdCents, clock());
    },
  );

  app.get(
    "/billing/transactions",
    {
      config: { permission: "billing.view" },
      schema: { querystring: transactionsQuerySchema, response: { 200: transactionPageSchema } },
    },
    async (request) => {
      const { account } = requireAccount(request);
      return listTransactions(request.server.deps.db.db, account.id, request.query.page);
    },
  );

  app.get(
    "/billing/subscriptions",
    { config: { permission: "billing.view" }, schema: { response: { 200: subscriptionListSchema } } },
    async (request) => {
      const { account } = requireAccount(request);
      return listSubscriptions(request.server.deps.db.db, account.id);
    },
  );

  app.get(
    "/billing/invoices",
    { config: { permission: "billing.view" }, schema: { response: { 200: invoiceListSchema } } },
    async (request) => {
      const { account } = requireAccount(request);
      return listInvoices(request.server.deps.db.db, account.id);
    },
  );

  /** Pay Now: Stripe's hosted invoice page when Stripe issued it, else a payment Checkout of its total. */
  app.post(
    "/billing/invoices/:id/pay",
    {
      config: { permission: "billing.pay" },
      schema: {
        params: invoiceParamsSchema,
        response: { 200: redirectSchema, ...failures, 409: errorResponseSchema },
      },
    },
    async (request) => {
      const payer = payerOf(request);
      const invoice = await findInvoice(request.server.deps.db.db, payer.accountId, request.params.id);
      if (!invoice) throw new AppError("NOT_FOUND", billingMessages.invoiceNotFound);
      if (!isPayable(invoice.status)) throw new AppError("CONFLICT", billingMessages.invoiceNotPayable);
      if (invoice.hostedInvoiceUrl) return { url: invoice.hostedInvoiceUrl };
      return createInvoiceCheckout(portsOf(request), payer, invoice);
    },
  );

  app.post(
    "/billing/checkout",
    {
      config: { permission: "billing.topup" },
      schema: { body: checkoutBodySchema, response: { 200: redirectSchema, ...failures } },
    },
    async (request) => {
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
    },
  );

  /** The return from Checkout: what this account's session says (paid, and for which plan). */
  app.get(
    "/billing/checkout/:sessionId",
    {
      config: { permission: "billing.view" },
      schema: {
        params: checkoutSessionParamsSchema,
        response: { 200: checkoutReturnSchema, ...failures },
      },
    },
    async (request) => {
      const { account } = requireAccount(request);
      const found = await findCheckoutReturn(portsOf(request), account.id, request.params.sessionId);
      if (!found) throw new AppError("NOT_FOUND", billingMessages.checkoutNotFound);
      return found;
    },
  );

  /** Stripe's customer portal (the plan, cards and invoices, as Stripe shows them). */
  app.post(
    "/billing/portal",
    { config: { permission: "billing.plan" }, schema: { response: { 200: redirectSchema, ...failures } } },
    async (request) => {
      const { account } = requireAccount(request);
      return createPortalSession(portsOf(request), account.id);
    },
  );

  app.get(
    "/billing/payment-methods",
    {
      config: { permission: "billing.view" },
      schema: { response: { 200: paymentMethodListSchema, 400: errorResponseSchema } },
    },
    async (request) => {
      const { account } = requireAccount(request);
      return listPaymentMethods(portsOf(request), account.id);
    },
  );

  app.post(
    "/billing/payment-methods/:id/default",
    {
      config: { permission: "billing.cards" },
      schema: { params: paymentMethodParamsSchema, response: { 200: paymentMethodListSchema, ...failures } },
    },
    async (request) => {
      const { account } = requireAccount(request);
      await setDefaultPaymentMethod(portsOf(request), account.id, request.params.id);
      return listPaymentMethods(portsOf(request), account.id);
    },
  );

  app.delete(
    "/billing/payment-methods/:id",
    {
      config: { permission: "billing.cards" },
      schema: { params: paymentMethodParamsSchema, response: { 200: paymentMethodListSchema, ...failures } },
    },
    async (request) => {
      const { account } = requireAccount(request);
      await removePaymentMethod(portsOf(request), account.id, request.params.id);
      return listPaymentMethods(portsOf(request), account.id);
    },
  );
}
