import { type Database, newId, schema } from "@poundline/db";
import { invoiceStatuses, subscriptionStatuses } from "@poundline/db/enums";
import { type Stripe, stripeId } from "@poundline/platform/stripe";
import { eq } from "drizzle-orm";
import { planColumnsAfterChange } from "./current-plan";
import { keepNewestSubscription, type Replacement, recordReplacement } from "./one-subscription";
import { planMonthlyCents, planNames, planOfPrice } from "./plans";
import type { StripeEventContext, StripeEventHandler } from "./stripe-events";

const { accounts, billingCustomers, invoiceLines, invoices, subscriptions } = schema;

/** What the subscriptions table calls the service every plan is of. */
export const SERVICE_NAME = "Poundline Phone System";

type SubscriptionStatus = (typeof subscriptionStatuses)[number];
type InvoiceStatus = (typeof invoiceStatuses)[number];

/** Stripe's subscription statuses are ours; one Stripe adds later counts as incomplete until we know it. */
const subscriptionStatusOf = (status: string): SubscriptionStatus =>
  (subscriptionStatuses as readonly string[]).includes(status)
    ? (status as SubscriptionStatus)
    : "incomplete";

const dateOf = (seconds: number) => new Date(seconds * 1000).toISOString().slice(0, 10);

/** Where the billing period ends: on the item since Stripe's 2025 API versions, on the subscription before. */
function periodEndOf(subscription: Stripe.Subscription): number | null {
  const item = subscription.items.data[0];
  return (
    item?.current_period_end ?? (subscription as { current_period_end?: number }).current_period_end ?? null
  );
}

/** The account a Stripe customer belongs to (our billing_customers row), or the one the metadata names. */
export async function accountOfCustomer(
  tx: Database,
  customer: string | { id: string } | null,
  metadataAccountId?: string | null,
): Promise<string | null> {
  const customerId = stripeId(customer);
  if (customerId) {
    const [row] = await tx
      .select({ accountId: billingCustomers.accountId })
      .from(billingCustomers)
      .where(eq(billingCustomers.stripeCustomerId, customerId));
    if (row) return row.accountId;
  }
  return metadataAccountId ? accountThatExists(tx, metadataAccountId) : null;
}

/** The id when such an account exists (a client_reference_id or metadata comes from Stripe's copy). */
export async function accountThatExists(tx: Database, accountId: string | null | undefined) {
  if (!accountId) return null;
  const [row] = await tx.select({ id: accounts.id }).from(accounts).where(eq(accounts.id, accountId));
  return row?.id ?? null;
}

/**
 * Records Stripe's subscription as it is now: plan (from the configured price ids), status, the
 * end of the paid period, whether it cancels then. Written from the current object, so events
 * arriving out of order still end in Stripe's latest state.
 */
export async function recordSubscription(
  tx: Database,
  accountId: string,
  subscription: Stripe.Subscription,
  ctx: Pick<StripeEventContext, "config" | "now" | "routing" | "afterCommit">,
): Promise<string> {
  const price = subscription.items.data[0]?.price;
  const priced = planOfPrice(ctx.config, price?.id);
  const planName = priced
    ? planNames[priced.plan]
    : (subscription.metadata?.plan ?? price?.nickname ?? "Subscription");
  const perMonth = price?.unit_amount
    ? price.recurring?.interval === "year"
      ? Math.round(price.unit_amount / 12)
      : price.unit_amount
    : priced
      ? planMonthlyCents[priced.plan][priced.interval]
      : 0;
  const periodEnd = periodEndOf(subscription);
  // Upgrades at once, downgrades at the next billing cycle (billing/current-plan.ts).
  const plan = await planColumnsAfterChange(tx, subscription.id, planName, ctx.now);
  const values = {
    status: subscriptionStatusOf(subscription.status),
    ...plan,
    stripePriceId: price?.id ?? null,
    monthlyFeeCents: perMonth,
    currency: (subscription.currency ?? "usd").toUpperCase(),
    currentPeriodEnd: periodEnd ? new Date(periodEnd * 1000) : null,
    nextBillingDate: periodEnd && subscription.status !== "canceled" ? dateOf(periodEnd) : null,
    cancelAtPeriodEnd: subscription.cancel_at_period_end,
    updatedAt: ctx.now,
  };
  const [row] = await tx
    .insert(subscriptions)
    .values({
      ...values,
      id: newId("subscription"),
      accountId,
      serviceName: SERVICE_NAME,
      stripeSubscriptionId: subscription.id,
      createdAt: ctx.now,
    })
    .onConflictDoUpdate({ target: subscriptions.stripeSubscriptionId, set: values })
    .returning({ id: subscriptions.id });
  if (!row) throw new Error(`subscription ${subscription.id} not recorded`);
  // A subscription starting or ending opens or closes the trial gate: recompile routing.
  ctx.afterCommit(() => ctx.routing.changed());
  return row.id;
}

/** The subscription as Stripe has it now (null without an API key: the event's copy is used). */
async function currentSubscription(
  ctx: StripeEventContext,
  id: string | null,
): Promise<Stripe.Subscription | null> {
  if (!id || !ctx.stripe) return null;
  return ctx.stripe.subscriptions.retrieve(id);
}

type SubscriptionEvent =
  | Stripe.CustomerSubscriptionCreatedEvent
  | Stripe.CustomerSubscriptionUpdatedEvent
  | Stripe.CustomerSubscriptionDeletedEvent;

/** created / updated / deleted: the subscription's current state (upgrades, downgrades, cancellation). */
export const subscriptionChanged: StripeEventHandler<SubscriptionEvent, Stripe.Subscription | null> = {
  load: (event, ctx) => currentSubscription(ctx, event.data.object.id),
  async apply(tx, event, current, ctx) {
    const subscription = current ?? event.data.object;
    const accountId = await accountOfCustomer(tx, subscription.customer, subscription.metadata?.account_id);
    if (!accountId) {
      ctx.log.warn(
        { subscription: subscription.id, event: event.id },
        "Stripe subscription of no known account",
      );
      return;
    }
    await recordSubscription(tx, accountId, subscription, ctx);
  },
};

/**
 * created: as any change, after the one-subscription rule (billing/one-subscription.ts) has
 * cancelled an older subscription still billing beside it.
 */
export const subscriptionCreated: StripeEventHandler<
  Stripe.CustomerSubscriptionCreatedEvent,
  { current: Stripe.Subscription | null; replacement: Replacement | null }
> = {
  async load(event, ctx) {
    const created = event.data.object;
    const replacement = await keepNewestSubscription(ctx, stripeId(created.customer), created.id);
    return { current: await currentSubscription(ctx, created.id), replacement };
  },
  async apply(tx, event, { current, replacement }, ctx) {
    await subscriptionChanged.apply(tx, event, current, ctx);
    const subscription = current ?? event.data.object;
    const accountId = await accountOfCustomer(tx, subscription.customer, subscription.metadata?.account_id);
    if (accountId) await recordReplacement(tx, accountId, replacement, ctx);
  },
};

interface InvoiceState {
  invoice: Stripe.Invoice;
  /** Every line of the invoice (the event's copy holds the first page only). */
  lines: Stripe.InvoiceLineItem[];
  subscription: Stripe.Subscription | null;
}

async function allLines(ctx: StripeEventContext, invoice: Stripe.Invoice): Promise<Stripe.InvoiceLineItem[]> {
  if (!invoice.lines?.has_more || !ctx.stripe || !invoice.id) return invoice.lines?.data ?? [];
  const lines: Stripe.InvoiceLineItem[] = [];
  for await (const line of ctx.stripe.invoices.listLineItems(invoice.id, { limit: 100 })) lines.push(line);
  return lines;
}

const isProration = (line: Stripe.InvoiceLineItem) =>
  Boolean(
    line.parent?.subscription_item_details?.proration ?? line.parent?.invoice_item_details?.proration,
  ) || line.amount < 0;

/** Stripe's lines as ours: description, quantity, amount before tax, the line's taxes, its period. */
export function invoiceLinesOf(lines: Stripe.InvoiceLineItem[]) {
  return lines.map((line, position) => ({
    position,
    kind: isProration(line) ? ("proration" as const) : ("subscription" as const),
    description: line.description ?? "Subscription",
    quantity: line.quantity ?? 1,
    amountCents: line.amount,
    taxCents: (line.taxes ?? []).reduce((sum, tax) => sum + tax.amount, 0),
    periodStart: line.period ? dateOf(line.period.start) : null,
    periodEnd: line.period ? dateOf(line.period.end) : null,
  }));
}

/** The invoice's lines replaced by Stripe's current ones (an update of a draft may change them). */
async function storeLines(tx: Database, invoiceId: string, lines: Stripe.InvoiceLineItem[], now: Date) {
  await tx.delete(invoiceLines).where(eq(invoiceLines.invoiceId, invoiceId));
  const rows = invoiceLinesOf(lines);
  if (rows.length === 0) return;
  await tx
    .insert(invoiceLines)
    .values(rows.map((row) => ({ ...row, id: newId("invoice"), invoiceId, createdAt: now })));
}

function subscriptionIdOfInvoice(invoice: Stripe.Invoice): string | null {
  const parent = invoice.parent?.subscription_details?.subscription;
  return stripeId(parent ?? (invoice as { subscription?: string | { id: string } | null }).subscription);
}

/** Stripe's invoice status as ours: an open invoice whose payment failed (or was attempted) is unpaid. */
function invoiceStatusOf(invoice: Stripe.Invoice, paymentFailed: boolean): InvoiceStatus {
  const status = invoice.status ?? "draft";
  if (status !== "open" && (invoiceStatuses as readonly string[]).includes(status))
    return status as InvoiceStatus;
  return paymentFailed || invoice.attempted ? "unpaid" : "open";
}

function invoiceHandler(
  paymentFailed: boolean,
): StripeEventHandler<Stripe.InvoicePaidEvent | Stripe.InvoicePaymentFailedEvent, InvoiceState> {
  return {
    async load(event, ctx) {
      const snapshot = event.data.object;
      const invoice = ctx.stripe && snapshot.id ? await ctx.stripe.invoices.retrieve(snapshot.id) : snapshot;
      return {
        invoice,
        lines: await allLines(ctx, invoice),
        subscription: await currentSubscription(ctx, subscriptionIdOfInvoice(invoice)),
      };
    },
    async apply(tx, event, { invoice, lines, subscription }, ctx) {
      const accountId = await accountOfCustomer(tx, invoice.customer, subscription?.metadata?.account_id);
      if (!accountId || !invoice.id) {
        ctx.log.warn({ invoice: invoice.id, event: event.id }, "Stripe invoice of no known account");
        return;
      }
      const subscriptionRowId = subscription
        ? await recordSubscription(tx, accountId, subscription, ctx)
        : null;
      const issued = invoice.created;
      const status = invoiceStatusOf(invoice, paymentFailed && invoice.status !== "paid");
      const paidAt = invoice.status_transitions?.paid_at;
      const values = {
        status,
        totalAmountCents: invoice.total,
        currency: invoice.currency.toUpperCase(),
        hostedInvoiceUrl: invoice.hosted_invoice_url ?? null,
        paidAt: status === "paid" ? new Date((paidAt ?? event.created) * 1000) : null,
        updatedAt: ctx.now,
      };
      const [row] = await tx
        .insert(invoices)
        .values({
          ...values,
          id: newId("invoice"),
          accountId,
          subscriptionId: subscriptionRowId,
          invoiceNumber: invoice.number ?? invoice.id,
          issueDate: dateOf(issued),
          dueDate: dateOf(Math.max(invoice.due_date ?? issued, issued)),
          stripeInvoiceId: invoice.id,
          createdAt: ctx.now,
        })
        .onConflictDoUpdate({ target: invoices.stripeInvoiceId, set: values })
        .returning({ id: invoices.id, accountId: invoices.accountId });
      // Another account's invoice of the same id (it cannot be, but) is never touched.
      if (row && row.accountId === accountId) await storeLines(tx, row.id, lines, ctx.now);
    },
  };
}

export const invoicePaid = invoiceHandler(false);
export const invoicePaymentFailed = invoiceHandler(true);
