import { planEndpoints } from "@poundline/contracts/billing/plan-endpoints";
import { planMessages } from "@poundline/contracts/billing/plan-schemas";
import { AppError } from "@poundline/contracts/errors";
import { loadInvoiceDocument, renderInvoicePdf } from "@poundline/modules/billing/invoice-pdf";
import { requireAccount } from "../../auth/context";
import { handle } from "../../http/contract-route";

/** The invoice as a PDF, generated on each request from the stored invoice, its lines and the seller's settings. */
export const invoicePdf = handle(planEndpoints.invoicePdf, async (request, reply) => {
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
});
