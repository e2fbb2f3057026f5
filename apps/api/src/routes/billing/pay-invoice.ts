import { walletEndpoints } from "@poundline/contracts/billing/endpoints";
import { billingMessages } from "@poundline/contracts/billing/schemas";
import { AppError } from "@poundline/contracts/errors";
import { createInvoiceCheckout } from "@poundline/modules/billing/checkout";
import { findInvoice, isPayable } from "@poundline/modules/billing/wallet";
import { handle } from "../../http/contract-route";
import { payerOf, portsOf } from "./shared";

/** Pay Now: Stripe's hosted invoice page when Stripe issued it, else a payment Checkout of its total. */
export const payInvoice = handle(walletEndpoints.payInvoice, async (request) => {
  const payer = payerOf(request);
  const invoice = await findInvoice(request.server.deps.db.db, payer.accountId, request.params.id);
  if (!invoice) throw new AppError("NOT_FOUND", billingMessages.invoiceNotFound);
  if (!isPayable(invoice.status)) throw new AppError("CONFLICT", billingMessages.invoiceNotPayable);
  if (invoice.hostedInvoiceUrl) return { url: invoice.hostedInvoiceUrl };
  return createInvoiceCheckout(portsOf(request), payer, invoice);
});
