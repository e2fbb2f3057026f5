/**
 * A local stand-in for Stripe's API, for tests and the end-to-end server: the stripe package
 * talks to it through its host, port and protocol options (STRIPE_API_URL). Every object it
 * answers starts from Stripe's own fixture of that resource (`shared/reference/stripe/
 * fixtures3.json` beside the repository, read at start, never typed by hand) with the fields of
 * the request laid over it. It records every request (method, path, decoded form parameters)
 * so tests can assert on what was sent.
 *
 * It also plays the hosted Checkout page (`session.url`): "Pay" completes the session, sends
 * the signed events a real payment would (checkout.session.completed, and for a subscription
 * invoice.paid) to the webhook URL, then redirects to the session's success URL.
 *
 * Served: customers (create, retrieve, update, list by e-mail, list payment methods),
 * payment_methods (list, detach), checkout.sessions (create, retrieve, list by customer and
 * status, expire: only an open one), payment_intents (create,
 * off-session confirm; a successful one has a charge), charges (retrieve), refunds (create:
 * delivers charge.refunded), subscriptions (retrieve, list, update: a price change with
 * `proration_behavior: always_invoice` invoices the prorated difference at once and delivers
 * invoice.paid, every update delivers customer.subscription.updated; cancel: at once, with
 * `prorate` and `invoice_now` a final invoice crediting the unused time, delivering
 * customer.subscription.deleted then invoice.paid), invoices (retrieve),
 * billing_portal.sessions (create; its page returns to `return_url`).
 * Disputes are the test's doing: `dispute(paymentIntentId)` and `closeDispute(id, status)`
 * deliver charge.dispute.created and charge.dispute.closed.
 */
import { randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { fileURLToPath } from "node:url";
import Stripe from "stripe";

// biome-ignore lint/suspicious/noExplicitAny: Stripe objects are open-ended JSON here.
export type StripeObject = Record<string, any>;

/** Stripe's fixtures of every resource, beside the repository (CI and developers keep shared/ there). */
export const defaultFixturesPath = fileURLToPath(
  new URL("../../../../shared/reference/stripe/fixtures3.json", import.meta.url),
);

export interface StripeStandInOptions {
  /** Where completed checkouts deliver their events (the API's `/stripe/webhook`). */
  webhookUrl?: string;
  /** Delivers instead of an HTTP POST to webhookUrl (tests: `app.inject`); answers the status. */
  sendWebhook?: (payload: string, signature: string) => Promise<number>;
  /** The signing secret of those deliveries (the API's STRIPE_WEBHOOK_SECRET). */
  webhookSecret?: string;
  /** Known prices: amount in cents and period. A price id not listed (when any are) is refused. */
  prices?: Record<string, { unitAmount: number; interval: "month" | "year" }>;
  fixturesPath?: string;
  /** Port to listen on (default: any free one) on 127.0.0.1. */
  port?: number;
}

export interface RecordedRequest {
  method: string;
  /** Without the query string, e.g. `/v1/checkout/sessions`. */
  path: string;
  /** Form body or query, decoded from Stripe's bracket notation into nested objects. */
  params: StripeObject;
  idempotencyKey: string | undefined;
}

export interface StripeStandIn {
  /** Base URL to give as STRIPE_API_URL. */
  url: string;
  requests: RecordedRequest[];
  /** Every object it holds, by id (tests may put their own: `put`). */
  objects: Map<string, StripeObject>;
  /** A copy of Stripe's fixture of a resource (`customer`, `checkout.session`, `invoice`, ...). */
  fixture(resource: string, overrides?: StripeObject): StripeObject;
  /** Stores an object (its `id`), e.g. a subscription in a given state. */
  put(object: StripeObject): StripeObject;
  /** Saves a card for the customer (Stripe's payment_method fixture). */
  addPaymentMethod(customerId: string, overrides?: StripeObject): StripeObject;
  /** The next off-session PaymentIntents fail with this decline code. */
  declineNextPayments(count: number, declineCode?: string): void;
  /** An event of this type around a copy of the object (Stripe's event fixture). */
  event(type: string, object: StripeObject, overrides?: StripeObject): StripeObject;
  /** The body and `Stripe-Signature` header of a delivery, signed with the webhook secret. */
  sign(event: StripeObject, secret?: string): { payload: string; signature: string };
  /** Posts the signed event to the webhook URL (or hands it to `sendWebhook`); answers the status. */
  deliver(event: StripeObject): Promise<number>;
  /** Pays the checkout session as the hosted page's "Pay" does; answers the events it delivered. */
  completeCheckout(sessionId: string): Promise<StripeObject[]>;
  /** Refunds (part of) a payment as `refunds.create` does, delivering charge.refunded; answers the event. */
  refund(paymentIntentId: string, amountCents?: number): Promise<StripeObject>;
  /** The card holder disputes a payment: delivers charge.dispute.created; answers the dispute. */
  dispute(paymentIntentId: string, amountCents?: number): Promise<StripeObject>;
  /** The dispute ends ("won", "lost", "warning_closed"): delivers charge.dispute.closed. */
  closeDispute(disputeId: string, status: "won" | "lost" | "warning_closed"): Promise<StripeObject>;
  close(): Promise<void>;
}

interface StripeErrorBody {
  status: number;
  type: string;
  message: string;
  code?: string;
  param?: string;
  decline_code?: string;
}

class StripeApiError extends Error {
  constructor(readonly body: StripeErrorBody) {
    super(body.message);
  }
}

const missing = (kind: string, id: string) =>
  new StripeApiError({
    status: 404,
    type: "invalid_request_error",
    code: "resource_missing",
    param: "id",
    message: `No such ${kind}: '${id}'`,
  });

/** Decodes `a[b][0][c]=v` (Stripe's form encoding) into nested objects and arrays. */
export function decodeStripeForm(search: URLSearchParams): StripeObject {
  const root: StripeObject = {};
  for (const [key, value] of search) {
    const [head = "", ...rest] = key.split("[").map((part) => part.replace(/]$/, ""));
    const path = [head, ...rest];
    let node: StripeObject = root;
    path.forEach((segment, index) => {
      const last = index === path.length - 1;
      const nextIsIndex = !last && /^\d*$/.test(path[index + 1] ?? "");
      const slot = Array.isArray(node) && segment === "" ? node.length : segment;
      if (last) node[slot] = value;
      else {
        node[slot] ??= nextIsIndex ? [] : {};
        node = node[slot];
      }
    });
  }
  return root;
}

function newStripeId(prefix: string): string {
  return `${prefix}_test_${randomBytes(12).toString("hex")}`;
}

const nowSeconds = () => Math.floor(Date.now() / 1000);

export async function startStripeStandIn(options: StripeStandInOptions = {}): Promise<StripeStandIn> {
  const fixturesPath = options.fixturesPath ?? defaultFixturesPath;
  let fixtures: Record<string, StripeObject>;
  try {
    fixtures = (JSON.parse(readFileSync(fixturesPath, "utf8")) as { resources: Record<string, StripeObject> })
      .resources;
  } catch (err) {
    throw new Error(`Stripe fixtures not readable at ${fixturesPath}: ${(err as Error).message}`);
  }
  const objects = new Map<string, StripeObject>();
  const requests: RecordedRequest[] = [];
  let declines: { left: number; code: string } = { left: 0, code: "card_declined" };
  let baseUrl = "";

  function fixture(resource: string, overrides: StripeObject = {}): StripeObject {
    const base = fixtures[resource];
    if (!base) throw new Error(`no Stripe fixture for ${resource}`);
    return { ...structuredClone(base), livemode: false, ...overrides };
  }

  function put(object: StripeObject): StripeObject {
    objects.set(object.id, object);
    return object;
  }

  function get(kind: string, id: string, objectType = kind): StripeObject {
    const found = objects.get(id);
    if (!found || found.object !== objectType) throw missing(kind, id);
    return found;
  }

  function addPaymentMethod(customerId: string, overrides: StripeObject = {}): StripeObject {
    return put(
      fixture("payment_method", {
        id: newStripeId("pm"),
        customer: customerId,
        created: nowSeconds(),
        ...overrides,
      }),
    );
  }

  function list(data: StripeObject[], url: string): StripeObject {
    return { object: "list", data, has_more: false, url };
  }

  function priceOf(priceId: string): { unitAmount: number; interval: "month" | "year" } {
    const known = options.prices?.[priceId];
    if (known) return known;
    if (options.prices && Object.keys(options.prices).length > 0)
      throw new StripeApiError({
        status: 400,
        type: "invalid_request_error",
        code: "resource_missing",
        param: "line_items[0][price]",
        message: `No such price: '${priceId}'`,
      });
    return { unitAmount: 0, interval: "month" };
  }

  function createCheckoutSession(params: StripeObject): StripeObject {
    const mode = params.mode ?? "payment";
    if (!["payment", "subscription", "setup"].includes(mode))
      throw new StripeApiError({
        status: 400,
        type: "invalid_request_error",
        param: "mode",
        message: `Invalid mode: ${mode}`,
      });
    const lineItems: StripeObject[] = params.line_items ?? [];
    if (lineItems.length === 0)
      throw new StripeApiError({
        status: 400,
        type: "invalid_request_error",
        param: "line_items",
        message: "You must provide at least one line item.",
      });
    if (!params.success_url)
      throw new StripeApiError({
        status: 400,
        type: "invalid_request_error",
        param: "success_url",
        message: "Missing required param: success_url.",
      });
    let total = 0;
    for (const item of lineItems) {
      const quantity = Number(item.quantity ?? 1);
      if (item.price) {
        if (!String(item.price).startsWith("price_")) throw missing("price", item.price);
        total += priceOf(item.price).unitAmount * quantity;
      } else if (item.price_data) total += Number(item.price_data.unit_amount) * quantity;
    }
    const id = newStripeId("cs");
    return put(
      fixture("checkout.session", {
        id,
        mode,
        status: "open",
        payment_status: "unpaid",
        created: nowSeconds(),
        success_url: params.success_url,
        cancel_url: params.cancel_url ?? null,
        client_reference_id: params.client_reference_id ?? null,
        customer: params.customer ?? null,
        customer_email: params.customer_email ?? null,
        metadata: params.metadata ?? {},
        amount_subtotal: total,
        amount_total: total,
        currency: "usd",
        payment_intent: null,
        subscription: null,
        invoice: null,
        url: `${baseUrl}/pay/${id}`,
        // Not part of Stripe's session object: kept so completion knows what was bought.
        standin_line_items: lineItems,
        standin_subscription_data: params.subscription_data ?? null,
      }),
    );
  }

  function createPaymentIntent(params: StripeObject): StripeObject {
    const amount = Number(params.amount);
    if (!Number.isInteger(amount) || amount < 50)
      throw new StripeApiError({
        status: 400,
        type: "invalid_request_error",
        param: "amount",
        message: "Amount must be at least $0.50 usd",
      });
    const intent = fixture("payment_intent", {
      id: newStripeId("pi"),
      amount,
      currency: params.currency ?? "usd",
      customer: params.customer ?? null,
      payment_method: params.payment_method ?? null,
      metadata: params.metadata ?? {},
      description: params.description ?? null,
      created: nowSeconds(),
      last_payment_error: null,
      next_action: null,
      canceled_at: null,
      status: "requires_payment_method",
      amount_received: 0,
    });
    if (params.confirm === "true") {
      if (declines.left > 0) {
        declines.left -= 1;
        intent.status = "requires_payment_method";
        intent.last_payment_error = {
          type: "card_error",
          code: "card_declined",
          decline_code: declines.code,
        };
        put(intent);
        throw new StripeApiError({
          status: 402,
          type: "card_error",
          code: "card_declined",
          decline_code: declines.code,
          message: "Your card was declined.",
        });
      }
      intent.status = "succeeded";
      intent.amount_received = amount;
      intent.latest_charge = chargeFor(intent).id;
    }
    return put(intent);
  }

  /** The charge a successful PaymentIntent made (Stripe's charge fixture). */
  function chargeFor(intent: StripeObject): StripeObject {
    return put(
      fixture("charge", {
        id: newStripeId("ch"),
        amount: intent.amount,
        amount_captured: intent.amount,
        amount_refunded: 0,
        captured: true,
        paid: true,
        refunded: false,
        disputed: false,
        status: "succeeded",
        currency: intent.currency,
        customer: intent.customer,
        payment_intent: intent.id,
        payment_method: intent.payment_method,
        metadata: intent.metadata,
        created: nowSeconds(),
        refunds: { object: "list", data: [], has_more: false, url: "/v1/charges/refunds" },
      }),
    );
  }

  function chargeOfPayment(paymentIntentId: string): StripeObject {
    const intent = get("payment_intent", paymentIntentId);
    if (!intent.latest_charge)
      throw new StripeApiError({
        status: 400,
        type: "invalid_request_error",
        message: `PaymentIntent ${paymentIntentId} has no successful charge.`,
      });
    return get("charge", intent.latest_charge);
  }

  /** refunds.create: the charge's running total grows by the amount (default: what is left). */
  function createRefund(params: StripeObject): { refund: StripeObject; charge: StripeObject } {
    const charge = params.charge
      ? get("charge", params.charge)
      : chargeOfPayment(String(params.payment_intent ?? ""));
    const left = charge.amount - charge.amount_refunded;
    const amount = params.amount === undefined ? left : Number(params.amount);
    if (!Number.isInteger(amount) || amount <= 0 || amount > left)
      throw new StripeApiError({
        status: 400,
        type: "invalid_request_error",
        param: "amount",
        message: `Refund amount (${amount}) is greater than unrefunded amount on charge (${left})`,
      });
    const refund = put(
      fixture("refund", {
        id: newStripeId("re"),
        amount,
        charge: charge.id,
        payment_intent: charge.payment_intent,
        currency: charge.currency,
        created: nowSeconds(),
        status: "succeeded",
      }),
    );
    charge.amount_refunded += amount;
    charge.refunded = charge.amount_refunded === charge.amount;
    charge.refunds = { ...charge.refunds, data: [refund, ...charge.refunds.data] };
    return { refund, charge };
  }

  async function deliverOrThrow(ev: StripeObject): Promise<StripeObject> {
    const status = await deliver(ev);
    if (status >= 300) throw new Error(`webhook answered ${status} to ${ev.type}`);
    return ev;
  }

  async function refund(paymentIntentId: string, amountCents?: number): Promise<StripeObject> {
    const { charge } = createRefund({ payment_intent: paymentIntentId, amount: amountCents });
    return deliverOrThrow(event("charge.refunded", charge));
  }

  async function dispute(paymentIntentId: string, amountCents?: number): Promise<StripeObject> {
    const charge = chargeOfPayment(paymentIntentId);
    charge.disputed = true;
    const disputed = put(
      fixture("dispute", {
        id: newStripeId("dp"),
        amount: amountCents ?? charge.amount,
        charge: charge.id,
        payment_intent: paymentIntentId,
        currency: charge.currency,
        created: nowSeconds(),
        reason: "fraudulent",
        status: "needs_response",
      }),
    );
    await deliverOrThrow(event("charge.dispute.created", disputed));
    return disputed;
  }

  async function closeDispute(disputeId: string, status: "won" | "lost" | "warning_closed") {
    const closed = get("dispute", disputeId);
    closed.status = status;
    await deliverOrThrow(event("charge.dispute.closed", closed));
    return closed;
  }

  function createSubscriptionFor(session: StripeObject): {
    subscription: StripeObject;
    invoice: StripeObject;
  } {
    const priceId: string = session.standin_line_items[0]?.price;
    const price = priceOf(priceId);
    const start = nowSeconds();
    const periodEnd = start + (price.interval === "year" ? 365 : 30) * 86_400;
    const template = fixture("subscription");
    const subscriptionId = newStripeId("sub");
    const item = {
      ...template.items.data[0],
      id: newStripeId("si"),
      subscription: subscriptionId,
      current_period_start: start,
      current_period_end: periodEnd,
      price: {
        ...template.items.data[0].price,
        id: priceId,
        unit_amount: price.unitAmount,
        recurring: { ...template.items.data[0].price.recurring, interval: price.interval },
      },
    };
    const subscription = put({
      ...template,
      id: subscriptionId,
      customer: session.customer,
      status: "active",
      created: start,
      start_date: start,
      cancel_at: null,
      canceled_at: null,
      ended_at: null,
      cancel_at_period_end: false,
      metadata: session.standin_subscription_data?.metadata ?? {},
      items: { ...template.items, data: [item] },
    });
    const invoice = paidSubscriptionInvoice(subscription, "subscription_create", [
      {
        amount: price.unitAmount,
        description: `1 × ${session.standin_subscription_data?.metadata?.plan ?? "Subscription"} (at $${(price.unitAmount / 100).toFixed(2)} / ${price.interval})`,
        period: { start, end: periodEnd },
        proration: false,
        priceId,
      },
    ]);
    return { subscription, invoice };
  }

  /** A paid invoice of the subscription with these lines (Stripe's line_item shape). */
  function paidSubscriptionInvoice(
    subscription: StripeObject,
    reason: string,
    lines: {
      amount: number;
      description: string;
      period: { start: number; end: number };
      proration: boolean;
      priceId: string;
    }[],
  ): StripeObject {
    const id = newStripeId("in");
    const template = fixture("invoice");
    const lineTemplate = template.lines.data[0];
    const total = lines.reduce((sum, line) => sum + line.amount, 0);
    const created = nowSeconds();
    const invoice = put({
      ...template,
      id,
      customer: subscription.customer,
      subscription: subscription.id,
      parent: {
        type: "subscription_details",
        quote_details: null,
        subscription_details: { metadata: null, subscription: subscription.id },
      },
      status: "paid",
      number: `${String(subscription.customer).slice(-6).toUpperCase()}-${String(objects.size).padStart(4, "0")}`,
      currency: "usd",
      amount_due: Math.max(0, total),
      amount_paid: Math.max(0, total),
      amount_remaining: 0,
      total,
      subtotal: total,
      total_taxes: [],
      created,
      due_date: null,
      period_start: lines[0]?.period.start ?? created,
      period_end: lines[0]?.period.end ?? created,
      status_transitions: { ...template.status_transitions, paid_at: created, finalized_at: created },
      hosted_invoice_url: `${baseUrl}/invoice/${id}`,
      billing_reason: reason,
      lines: {
        object: "list",
        has_more: false,
        url: `/v1/invoices/${id}/lines`,
        data: lines.map((line) => ({
          ...lineTemplate,
          id: newStripeId("il"),
          invoice: id,
          amount: line.amount,
          subtotal: line.amount,
          currency: "usd",
          description: line.description,
          period: line.period,
          quantity: 1,
          subscription: subscription.id,
          taxes: [],
          parent: {
            type: "subscription_item_details",
            invoice_item_details: null,
            subscription_item_details: {
              invoice_item: null,
              proration: line.proration,
              proration_details: { credited_items: null },
              subscription: subscription.id,
              subscription_item: subscription.items.data[0]?.id ?? null,
            },
          },
          pricing: {
            type: "price_details",
            price_details: { price: line.priceId, product: "prod_poundline" },
            unit_amount_decimal: String(line.amount),
          },
        })),
      },
    });
    subscription.latest_invoice = invoice.id;
    return invoice;
  }

  const periodOf = (subscription: StripeObject) => {
    const item = subscription.items.data[0];
    return { start: item.current_period_start as number, end: item.current_period_end as number };
  };

  /**
   * subscriptions.update with a new price for its item: Stripe's proration by the second —
   * `always_invoice` invoices (and pays) the difference for the rest of the period at once;
   * `none` changes the price from the next period. Delivers the events Stripe would.
   */
  async function updateSubscription(id: string, params: StripeObject): Promise<StripeObject> {
    const subscription = get("subscription", id);
    const previous = structuredClone(subscription);
    const item = subscription.items.data[0];
    const newPrice: string | undefined = params.items?.[0]?.price;
    if (params.items?.[0]?.id && params.items[0].id !== item.id)
      throw new StripeApiError({
        status: 400,
        type: "invalid_request_error",
        param: "items[0][id]",
        message: `Invalid subscription_item id: ${params.items[0].id}`,
      });
    let invoice: StripeObject | null = null;
    if (newPrice && newPrice !== item.price.id) {
      const price = priceOf(newPrice);
      const oldAmount: number = item.price.unit_amount ?? 0;
      const period = periodOf(subscription);
      const now = Math.min(Math.max(nowSeconds(), period.start), period.end);
      const left = (period.end - now) / Math.max(1, period.end - period.start);
      item.price = {
        ...item.price,
        id: newPrice,
        unit_amount: price.unitAmount,
        recurring: { ...item.price.recurring, interval: price.interval },
      };
      if (params.proration_behavior === "always_invoice") {
        const remaining = { start: now, end: period.end };
        invoice = paidSubscriptionInvoice(subscription, "subscription_update", [
          {
            amount: -Math.round(oldAmount * left),
            description: `Unused time on ${previous.metadata?.plan ?? previous.items.data[0].price.id}`,
            period: remaining,
            proration: true,
            priceId: previous.items.data[0].price.id,
          },
          {
            amount: Math.round(price.unitAmount * left),
            description: `Remaining time on ${params.metadata?.plan ?? newPrice}`,
            period: remaining,
            proration: true,
            priceId: newPrice,
          },
        ]);
      }
    }
    if (params.metadata) subscription.metadata = { ...subscription.metadata, ...params.metadata };
    if (params.cancel_at_period_end !== undefined)
      subscription.cancel_at_period_end = params.cancel_at_period_end === "true";
    const previousAttributes = { items: previous.items, metadata: previous.metadata };
    await deliverOrThrow(
      event("customer.subscription.updated", subscription, {
        data: { object: structuredClone(subscription), previous_attributes: previousAttributes },
      }),
    );
    if (invoice) await deliverOrThrow(event("invoice.paid", invoice));
    return subscription;
  }

  /**
   * subscriptions.cancel: ends the subscription at once. With `prorate` and `invoice_now`, a final
   * invoice credits the unused part of the period (a negative total: Stripe keeps it as the
   * customer's credit). Delivers customer.subscription.deleted, then that invoice's invoice.paid.
   */
  async function cancelSubscription(id: string, params: StripeObject): Promise<StripeObject> {
    const subscription = get("subscription", id);
    if (subscription.status === "canceled")
      throw new StripeApiError({
        status: 400,
        type: "invalid_request_error",
        message: `This subscription is already canceled: '${id}'`,
      });
    const now = nowSeconds();
    let invoice: StripeObject | null = null;
    if (params.prorate === "true" && params.invoice_now === "true") {
      const period = periodOf(subscription);
      const at = Math.min(Math.max(now, period.start), period.end);
      const left = (period.end - at) / Math.max(1, period.end - period.start);
      const price = subscription.items.data[0].price;
      const credit = Math.round((price.unit_amount ?? 0) * left);
      if (credit > 0)
        invoice = paidSubscriptionInvoice(subscription, "subscription_cycle", [
          {
            amount: -credit,
            description: `Unused time on ${subscription.metadata?.plan ?? price.id}`,
            period: { start: at, end: period.end },
            proration: true,
            priceId: price.id,
          },
        ]);
    }
    Object.assign(subscription, {
      status: "canceled",
      canceled_at: now,
      ended_at: now,
      cancel_at_period_end: false,
      cancellation_details: {
        comment: params.cancellation_details?.comment ?? null,
        feedback: params.cancellation_details?.feedback ?? null,
        reason: "cancellation_requested",
      },
    });
    await deliverOrThrow(event("customer.subscription.deleted", subscription));
    if (invoice) await deliverOrThrow(event("invoice.paid", invoice));
    return subscription;
  }

  /** checkout.sessions.expire: only an open session; its page then refuses to be paid. */
  function expireCheckoutSession(id: string): StripeObject {
    const session = get("checkout.session", id, "checkout.session");
    if (session.status !== "open")
      throw new StripeApiError({
        status: 400,
        type: "invalid_request_error",
        message: `Only Checkout Sessions with a status in ["open"] can be expired. This Checkout Session has a status of "${session.status}".`,
      });
    session.status = "expired";
    return publicSession(session);
  }

  function listCheckoutSessions(params: StripeObject): StripeObject[] {
    return [...objects.values()]
      .filter(
        (o) =>
          o.object === "checkout.session" &&
          (!params.customer || o.customer === params.customer) &&
          (!params.status || o.status === params.status),
      )
      .sort((a, b) => b.created - a.created)
      .map(publicSession);
  }

  function listSubscriptions(params: StripeObject): StripeObject[] {
    const status = params.status ?? "active";
    return [...objects.values()].filter(
      (o) =>
        o.object === "subscription" &&
        (!params.customer || o.customer === params.customer) &&
        (status === "all" || o.status === status),
    );
  }

  function createPortalSession(params: StripeObject): StripeObject {
    get("customer", String(params.customer ?? ""));
    const id = newStripeId("bps");
    return put(
      fixture("billing_portal.session", {
        id,
        customer: params.customer,
        return_url: params.return_url ?? null,
        created: nowSeconds(),
        flow: null,
        livemode: false,
        url: `${baseUrl}/portal/${id}`,
      }),
    );
  }

  function publicSession(session: StripeObject): StripeObject {
    const { standin_line_items: _items, standin_subscription_data: _data, ...visible } = session;
    return visible;
  }

  function event(type: string, object: StripeObject, overrides: StripeObject = {}): StripeObject {
    return fixture("event", {
      id: newStripeId("evt"),
      type,
      created: nowSeconds(),
      api_version: Stripe.API_VERSION,
      data: { object: structuredClone(object) },
      ...overrides,
    });
  }

  function sign(ev: StripeObject, secret = options.webhookSecret): { payload: string; signature: string } {
    if (!secret) throw new Error("the stand-in has no webhook secret to sign with");
    const payload = JSON.stringify(ev, null, 2);
    return { payload, signature: Stripe.webhooks.generateTestHeaderString({ payload, secret }) };
  }

  async function deliver(ev: StripeObject): Promise<number> {
    const { payload, signature } = sign(ev);
    if (options.sendWebhook) return options.sendWebhook(payload, signature);
    if (!options.webhookUrl) throw new Error("the stand-in has no webhook URL to deliver to");
    const response = await fetch(options.webhookUrl, {
      method: "POST",
      headers: { "content-type": "application/json", "stripe-signature": signature },
      body: payload,
    });
    return response.status;
  }

  async function completeCheckout(sessionId: string): Promise<StripeObject[]> {
    const session = get("checkout.session", sessionId, "checkout.session");
    if (session.status !== "open") return [];
    if (!session.customer) {
      const customer = put(
        fixture("customer", { id: newStripeId("cus"), email: session.customer_email, created: nowSeconds() }),
      );
      session.customer = customer.id;
    }
    addPaymentMethod(session.customer);
    session.status = "complete";
    session.payment_status = "paid";
    const events: StripeObject[] = [];
    if (session.mode === "subscription") {
      const { subscription, invoice } = createSubscriptionFor(session);
      session.subscription = subscription.id;
      session.invoice = invoice.id;
      events.push(
        event("checkout.session.completed", publicSession(session)),
        event("invoice.paid", invoice),
      );
    } else {
      const intent = createPaymentIntent({
        amount: session.amount_total,
        customer: session.customer,
        confirm: "true",
      });
      session.payment_intent = intent.id;
      events.push(event("checkout.session.completed", publicSession(session)));
    }
    for (const ev of events) {
      const status = await deliver(ev);
      if (status >= 300) throw new Error(`webhook answered ${status} to ${ev.type}`);
    }
    return events;
  }

  /** The REST answer of a request that also delivers events (Stripe sends them as it acts). */
  async function answerAsync(method: string, path: string, params: StripeObject): Promise<StripeObject> {
    const update = /^\/v1\/subscriptions\/([^/]+)$/.exec(path);
    if (method === "POST" && update) return updateSubscription(decodeURIComponent(update[1] ?? ""), params);
    if (method === "DELETE" && update) return cancelSubscription(decodeURIComponent(update[1] ?? ""), params);
    if (method === "POST" && path === "/v1/refunds") {
      const created = createRefund(params);
      await deliverOrThrow(event("charge.refunded", created.charge));
      return created.refund;
    }
    return answer(method, path, params);
  }

  /** The REST answer of a request, or a StripeApiError. */
  function answer(method: string, path: string, params: StripeObject): StripeObject {
    const routes: [string, RegExp, (id: string) => StripeObject][] = [
      [
        "POST",
        /^\/v1\/customers$/,
        () =>
          put(
            fixture("customer", {
              id: newStripeId("cus"),
              email: params.email ?? null,
              name: params.name ?? null,
              metadata: params.metadata ?? {},
              created: nowSeconds(),
              discount: null,
            }),
          ),
      ],
      ["GET", /^\/v1\/customers\/([^/]+)$/, (id) => get("customer", id)],
      ["POST", /^\/v1\/customers\/([^/]+)$/, (id) => updateCustomer(id, params)],
      [
        "GET",
        /^\/v1\/customers\/([^/]+)\/payment_methods$/,
        (id) => {
          get("customer", id);
          return list(paymentMethodsOf(id), path);
        },
      ],
      ["GET", /^\/v1\/payment_methods$/, () => list(paymentMethodsOf(params.customer), path)],
      [
        "POST",
        /^\/v1\/payment_methods\/([^/]+)\/detach$/,
        (id) => {
          const pm = get("payment_method", id);
          pm.customer = null;
          return pm;
        },
      ],
      ["POST", /^\/v1\/checkout\/sessions$/, () => publicSession(createCheckoutSession(params))],
      ["GET", /^\/v1\/checkout\/sessions$/, () => list(listCheckoutSessions(params), path)],
      ["POST", /^\/v1\/checkout\/sessions\/([^/]+)\/expire$/, (id) => expireCheckoutSession(id)],
      ["GET", /^\/v1\/checkout\/sessions\/([^/]+)$/, (id) => publicSession(get("checkout.session", id))],
      ["POST", /^\/v1\/payment_intents$/, () => createPaymentIntent(params)],
      ["GET", /^\/v1\/payment_intents\/([^/]+)$/, (id) => get("payment_intent", id)],
      ["GET", /^\/v1\/subscriptions\/([^/]+)$/, (id) => get("subscription", id)],
      ["GET", /^\/v1\/subscriptions$/, () => list(listSubscriptions(params), path)],
      ["GET", /^\/v1\/invoices\/([^/]+)$/, (id) => get("invoice", id)],
      ["GET", /^\/v1\/charges\/([^/]+)$/, (id) => get("charge", id)],
      [
        "GET",
        /^\/v1\/customers$/,
        () =>
          list(
            [...objects.values()].filter(
              (o) => o.object === "customer" && (!params.email || o.email === params.email),
            ),
            path,
          ),
      ],
      ["POST", /^\/v1\/billing_portal\/sessions$/, () => createPortalSession(params)],
    ];
    for (const [routeMethod, pattern, respond] of routes) {
      const hit = routeMethod === method ? pattern.exec(path) : null;
      if (hit) return respond(decodeURIComponent(hit[1] ?? ""));
    }
    throw new StripeApiError({
      status: 404,
      type: "invalid_request_error",
      message: `Unrecognized request URL (${method}: ${path}).`,
    });
  }

  function updateCustomer(id: string, params: StripeObject): StripeObject {
    const customer = get("customer", id);
    const defaultMethod = params.invoice_settings?.default_payment_method;
    if (defaultMethod !== undefined) {
      if (defaultMethod && get("payment_method", defaultMethod).customer !== id)
        throw new StripeApiError({
          status: 400,
          type: "invalid_request_error",
          message: `The payment method ${defaultMethod} is not attached to this customer.`,
        });
      customer.invoice_settings = {
        ...customer.invoice_settings,
        default_payment_method: defaultMethod || null,
      };
    }
    if (params.email !== undefined) customer.email = params.email;
    if (params.metadata) customer.metadata = { ...customer.metadata, ...params.metadata };
    return customer;
  }

  function paymentMethodsOf(customerId: string): StripeObject[] {
    return [...objects.values()].filter((o) => o.object === "payment_method" && o.customer === customerId);
  }

  async function hostedPage(method: string, path: string, res: ServerResponse): Promise<void> {
    const [, , sessionId = "", action] = path.split("/");
    const session = objects.get(sessionId);
    if (session?.object !== "checkout.session") {
      res.writeHead(404, { "content-type": "text/plain" }).end("No such checkout session");
      return;
    }
    if (session.status === "expired") {
      // Stripe's page of an expired session offers no payment, only the way back.
      res.writeHead(200, { "content-type": "text/html; charset=utf-8" }).end(
        `<!doctype html><html lang="en"><head><title>Stripe Checkout (stand-in)</title></head><body><main>
<h1>This checkout session has expired</h1><p><a href="${session.cancel_url ?? "/"}">Return</a></p>
</main></body></html>`,
      );
      return;
    }
    if (method === "GET") {
      const dollars = (session.amount_total / 100).toFixed(2);
      res.writeHead(200, { "content-type": "text/html; charset=utf-8" }).end(
        `<!doctype html><html lang="en"><head><title>Stripe Checkout (stand-in)</title></head><body><main>
<h1>Pay Poundline</h1><p>Total: $${dollars}</p>
<form method="post" action="/pay/${sessionId}"><button type="submit">Pay</button></form>
<form method="post" action="/pay/${sessionId}/cancel"><button type="submit">Cancel</button></form>
</main></body></html>`,
      );
      return;
    }
    if (action === "cancel") {
      res.writeHead(303, { location: session.cancel_url }).end();
      return;
    }
    await completeCheckout(sessionId);
    res
      .writeHead(303, { location: String(session.success_url).replace("{CHECKOUT_SESSION_ID}", sessionId) })
      .end();
  }

  /** The customer portal (stand-in): where Stripe's would manage the plan, a way back. */
  function portalPage(path: string, res: ServerResponse): void {
    const session = objects.get(path.split("/")[2] ?? "");
    if (session?.object !== "billing_portal.session") {
      res.writeHead(404, { "content-type": "text/plain" }).end("No such portal session");
      return;
    }
    const subscriptions = listSubscriptions({ customer: session.customer });
    res.writeHead(200, { "content-type": "text/html; charset=utf-8" }).end(
      `<!doctype html><html lang="en"><head><title>Customer portal (stand-in)</title></head><body><main>
<h1>Manage your subscription</h1><p>${subscriptions.length} active subscription(s)</p>
<a href="${session.return_url}">Return to Poundline</a></main></body></html>`,
    );
  }

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? "/", "http://stand-in");
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const body = Buffer.concat(chunks).toString("utf8");
    const method = req.method ?? "GET";
    try {
      if (url.pathname.startsWith("/pay/")) return await hostedPage(method, url.pathname, res);
      if (url.pathname.startsWith("/portal/")) return portalPage(url.pathname, res);
      if (!url.pathname.startsWith("/v1/"))
        throw new StripeApiError({ status: 404, type: "invalid_request_error", message: "Not found" });
      if (!String(req.headers.authorization ?? "").startsWith("Bearer sk_"))
        throw new StripeApiError({
          status: 401,
          type: "invalid_request_error",
          message: "Invalid API Key provided",
        });
      const params = decodeStripeForm(
        method === "GET" || method === "DELETE" ? url.searchParams : new URLSearchParams(body),
      );
      const idempotencyKey = req.headers["idempotency-key"];
      requests.push({
        method,
        path: url.pathname,
        params,
        idempotencyKey: typeof idempotencyKey === "string" ? idempotencyKey : undefined,
      });
      const result = await answerAsync(method, url.pathname, params);
      res
        .writeHead(200, { "content-type": "application/json", "request-id": newStripeId("req") })
        .end(JSON.stringify(result));
    } catch (err) {
      const body =
        err instanceof StripeApiError
          ? err.body
          : { status: 500, type: "api_error", message: (err as Error).message };
      const { status, ...error } = body;
      res.writeHead(status, { "content-type": "application/json" }).end(JSON.stringify({ error }));
    }
  }

  const server = createServer((req, res) => {
    void handle(req, res);
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, "127.0.0.1", resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    url: baseUrl,
    requests,
    objects,
    fixture,
    put,
    addPaymentMethod,
    declineNextPayments(count, declineCode = "card_declined") {
      declines = { left: count, code: declineCode };
    },
    event,
    sign,
    deliver,
    completeCheckout,
    refund,
    dispute,
    closeDispute,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((err) => (err ? reject(err) : resolve()));
      }),
  };
}
