import { billingMessages, type PaymentMethodList } from "@poundline/contracts/billing/schemas";
import { AppError } from "@poundline/contracts/errors";
import { stripeId } from "@poundline/platform/stripe";
import { atStripe, type CheckoutPorts, storedCustomerId } from "./checkout";

/**
 * The account's saved cards, kept by Stripe on its customer (we store none of it). An account
 * without a customer yet has none; without Stripe configured the screen says so.
 */
export async function listPaymentMethods(
  ports: CheckoutPorts,
  accountId: string,
): Promise<PaymentMethodList> {
  if (!ports.stripe) return { configured: false, paymentMethods: [] };
  const stripe = ports.stripe;
  const customerId = await storedCustomerId(ports.db, accountId);
  if (!customerId) return { configured: true, paymentMethods: [] };
  const [customer, methods] = await Promise.all([
    atStripe(() => stripe.customers.retrieve(customerId)),
    atStripe(() => stripe.customers.listPaymentMethods(customerId, { type: "card", limit: 100 })),
  ]);
  const defaultId = customer.deleted ? null : stripeId(customer.invoice_settings?.default_payment_method);
  return {
    configured: true,
    paymentMethods: methods.data.map((pm) => ({
      id: pm.id,
      brand: pm.card?.brand ?? pm.type,
      last4: pm.card?.last4 ?? "",
      expMonth: pm.card?.exp_month ?? 0,
      expYear: pm.card?.exp_year ?? 0,
      isDefault: pm.id === defaultId,
    })),
  };
}

/** The account's customer, when the card is one of its own (another's is not found). */
async function ownerOf(ports: CheckoutPorts, accountId: string, paymentMethodId: string) {
  if (!ports.stripe) throw new AppError("NOT_CONFIGURED", billingMessages.paymentMethodsNotConfigured);
  const stripe = ports.stripe;
  const customerId = await storedCustomerId(ports.db, accountId);
  if (!customerId) throw new AppError("NOT_FOUND", billingMessages.paymentMethodNotFound);
  const methods = await atStripe(() =>
    stripe.customers.listPaymentMethods(customerId, { type: "card", limit: 100 }),
  );
  if (!methods.data.some((pm) => pm.id === paymentMethodId))
    throw new AppError("NOT_FOUND", billingMessages.paymentMethodNotFound);
  return { stripe, customerId };
}

/** The card later charges (subscriptions' invoices, auto-recharge) use. */
export async function setDefaultPaymentMethod(
  ports: CheckoutPorts,
  accountId: string,
  paymentMethodId: string,
) {
  const { stripe, customerId } = await ownerOf(ports, accountId, paymentMethodId);
  await atStripe(() =>
    stripe.customers.update(customerId, { invoice_settings: { default_payment_method: paymentMethodId } }),
  );
}

export async function removePaymentMethod(ports: CheckoutPorts, accountId: string, paymentMethodId: string) {
  const { stripe } = await ownerOf(ports, accountId, paymentMethodId);
  await atStripe(() => stripe.paymentMethods.detach(paymentMethodId));
}
