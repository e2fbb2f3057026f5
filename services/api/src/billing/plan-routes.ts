import { monthStart, nextMonthStart, schema, usageFromLedger } from "@poundline/db";
import { gateState } from "@poundline/telephony";
import { count, eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { requireAccount } from "../auth/context";
import { AppError } from "../http/errors";
import { errorResponseSchema } from "../http/schemas";
import { currentPlan } from "./current-plan";
import { memberCounts } from "./enforce";
import { loadInvoiceDocument, renderInvoicePdf } from "./invoice-pdf";
import {
  accountPlanSchema,
  invoiceParamsSchema,
  planMessages,
  spendGuardBodySchema,
  spendGuardSchema,
  usageSchema,
} from "./plan-schemas";
import { getSpendGuard, saveSpendGuard } from "./spend-guard";
import { allowanceView, trialAllowance } from "./trial-allowance";
import { recordedSecondsThisMonth, textsSentThisMonth } from "./usage";

const DAY_MS = 86_400_000;

/**
 * The account's plan and trial, month-to-date usage and the spend guard, mounted under /api.
 * (The wallet, checkout and Stripe's webhooks are the wallet context's.)
 */
export async function planRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.addHook("onRequest", async (request) => {
    requireAccount(request);
  });

  app.get("/billing/plan", { schema: { response: { 200: accountPlanSchema } } }, async (request) => {
    const { account } = requireAccount(request);
    const { db, clock, routing } = request.server.deps;
    const now = clock();
    const [plan, members, [numbers], texts, recordedSeconds, allowance] = await Promise.all([
      currentPlan(db.db, account.id, now),
      memberCounts(db.db, account.id),
      db.db
        .select({ n: count() })
        .from(schema.phoneNumbers)
        .where(eq(schema.phoneNumbers.accountId, account.id)),
      textsSentThisMonth(db.db, account.id, now),
      recordedSecondsThisMonth(db.db, account.id, now),
      trialAllowance(db.db, account.id, now),
    ]);
    const compiled = routing.current().accounts.get(account.id);
    const { trialEndsAt } = plan;
    return {
      plan: plan.limits.plan,
      limits: {
        maxNumbers: plan.limits.maxNumbers,
        tollFree: plan.limits.tollFree,
        maxUsers: plan.limits.maxUsers,
        maxAdmins: plan.limits.maxAdmins,
        textsPerMonth: plan.limits.textsPerMonth,
        recordingHoursPerMonth: plan.limits.recordingHoursPerMonth,
      },
      used: {
        numbers: numbers?.n ?? 0,
        users: members.members,
        admins: members.admins,
        textsThisMonth: texts,
        recordingHoursThisMonth: Math.round((recordedSeconds / 3600) * 100) / 100,
      },
      subscription: plan.subscription
        ? {
            id: plan.subscription.id,
            status: plan.subscription.status,
            nextBillingDate: plan.subscription.nextBillingDate,
            cancelAtPeriodEnd: plan.subscription.cancelAtPeriodEnd,
            scheduledPlanName: plan.subscription.scheduledPlanName,
          }
        : null,
      trial: {
        endsAt: trialEndsAt,
        daysLeft:
          trialEndsAt === null
            ? null
            : Math.max(0, Math.ceil((trialEndsAt.getTime() - now.getTime()) / DAY_MS)),
        ended: plan.trialEnded,
      },
      gate: compiled ? gateState(compiled.gate, now) : "open",
      allowance: allowanceView(allowance),
    };
  });

  app.get(
    "/billing/usage",
    { config: { permission: "billing.view" }, schema: { response: { 200: usageSchema } } },
    async (request) => {
      const { account } = requireAccount(request);
      const { db, clock } = request.server.deps;
      const now = clock();
      const from = monthStart(now);
      const [usage, guard] = await Promise.all([
        usageFromLedger(db.db, account.id, from, nextMonthStart(now)),
        getSpendGuard(db.db, account.id, now),
      ]);
      return { from, to: now, ...usage, monthlySpendCapCents: guard.monthlySpendCapCents };
    },
  );

  app.get(
    "/billing/spend-guard",
    { config: { permission: "billing.view" }, schema: { response: { 200: spendGuardSchema } } },
    async (request) => {
      const { account } = requireAccount(request);
      const { db, clock } = request.server.deps;
      return getSpendGuard(db.db, account.id, clock());
    },
  );

  app.put(
    "/billing/spend-guard",
    {
      config: { permission: "billing.limits" },
      schema: {
        body: spendGuardBodySchema,
        response: { 200: spendGuardSchema, 400: errorResponseSchema, 403: errorResponseSchema },
      },
    },
    async (request) => {
      const { account } = requireAccount(request);
      const { db, clock, routing } = request.server.deps;
      const saved = await saveSpendGuard(db.db, account.id, request.body, clock());
      // The cap closes or reopens the account's calls: the gate lives in the routing tables.
      await routing.changed();
      return saved;
    },
  );

  /** The invoice as a PDF, generated on each request from the stored invoice, its lines and the seller's settings. */
  app.get(
    "/billing/invoices/:id/pdf",
    { config: { permission: "billing.view" }, schema: { params: invoiceParamsSchema } },
    async (request, reply) => {
      const { account } = requireAccount(request);
      const { db, config } = request.server.deps;
      const invoice = await loadInvoiceDocument(db.db, account.id, request.params.id, {
        legalName: config.SELLER_LEGAL_NAME,
        address: config.SELLER_ADDRESS,
        taxId: config.SELLER_TAX_ID ?? null,
      });
      if (!invoice) throw new AppError("NOT_FOUND", planMessages.invoiceNotFound);
      const pdf = await renderInvoicePdf(invoice);
      return reply
        .header("content-type", "application/pdf")
        .header("content-disposition", `attachment; filename="${invoice.invoiceNumber}.pdf"`)
        .header("cache-control", "private, no-store")
        .send(pdf);
    },
  );
}
