import { type Database, newId, schema } from "@poundline/db";
import { invoiceStatuses } from "@poundline/db/enums";
import { type Stripe, stripeId } from "@poundline/platform/stripe";
import { eq } from "drizzle-orm";
import { keepNewestSubscription, type Replacement, recordReplacement } from "./one-subscription";
import type { StripeEventContext, StripeEventHandler } from "./stripe-events";
import { accountOfCustomer, dateOf, recordSubscription } from "./subscription-rows";

const { invoiceLines, invoices } = schema;

type InvoiceStatus = (typeof invoiceStatuses)[number];

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
