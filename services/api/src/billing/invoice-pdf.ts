import { type Database, schema } from "@poundline/db";
import { formatUsd } from "@poundline/telephony";
import { and, asc, eq } from "drizzle-orm";
import PDFDocument from "pdfkit";

const { accounts, invoiceLines, invoices } = schema;

export interface InvoiceDocument {
  invoiceNumber: string;
  issueDate: string;
  dueDate: string;
  status: string;
  period: string | null;
  totalAmountCents: number;
  currency: string;
  company: string;
  address: string[];
  lines: { description: string; quantity: number; amountCents: number }[];
}

/** The account's invoice with its lines; null when it is not the account's (or does not exist). */
export async function loadInvoiceDocument(
  db: Database,
  accountId: string,
  invoiceId: string,
): Promise<InvoiceDocument | null> {
  const [row] = await db
    .select({ invoice: invoices, account: accounts })
    .from(invoices)
    .innerJoin(accounts, eq(accounts.id, invoices.accountId))
    .where(and(eq(invoices.id, invoiceId), eq(invoices.accountId, accountId)));
  if (!row) return null;
  const lines = await db
    .select({
      description: invoiceLines.description,
      quantity: invoiceLines.quantity,
      amountCents: invoiceLines.amountCents,
    })
    .from(invoiceLines)
    .where(eq(invoiceLines.invoiceId, invoiceId))
    .orderBy(asc(invoiceLines.position));
  const { invoice, account } = row;
  const cityLine = [account.city, account.stateProvince, account.postalCode].filter(Boolean).join(" ");
  return {
    invoiceNumber: invoice.invoiceNumber,
    issueDate: invoice.issueDate,
    dueDate: invoice.dueDate,
    status: invoice.status,
    period: invoice.period,
    totalAmountCents: invoice.totalAmountCents,
    currency: invoice.currency,
    company: account.companyName,
    address: [account.addressLine1, account.addressLine2, cityLine, account.country].filter(
      (part): part is string => Boolean(part),
    ),
    // An invoice without stored lines (one from Stripe) is one line of its total.
    lines:
      lines.length > 0
        ? lines
        : [
            {
              description: `Invoice ${invoice.invoiceNumber}`,
              quantity: 1,
              amountCents: invoice.totalAmountCents,
            },
          ],
  };
}

const MARGIN = 56;
const RIGHT = 612 - MARGIN;

/**
 * The invoice as a PDF (Letter, Helvetica): who and when, one row per line, the total. Every
 * amount is the stored cents formatted once (`formatUsd`), so the document says what the ledger
 * holds, to the cent.
 */
export function renderInvoicePdf(invoice: InvoiceDocument): Promise<Buffer> {
  const doc = new PDFDocument({
    size: "LETTER",
    margin: MARGIN,
    info: { Title: `Invoice ${invoice.invoiceNumber}`, Author: "Poundline" },
  });
  const chunks: Buffer[] = [];
  doc.on("data", (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on("end", () => resolve(Buffer.concat(chunks)));
    doc.on("error", reject);
  });

  doc.font("Helvetica-Bold").fontSize(20).text("Poundline", MARGIN, MARGIN);
  doc.font("Helvetica").fontSize(10).text("Cloud business phone system");
  doc.font("Helvetica-Bold").fontSize(16).text(`Invoice ${invoice.invoiceNumber}`, MARGIN, MARGIN, {
    align: "right",
  });
  doc.font("Helvetica").fontSize(10);
  doc.text(`Issue date: ${invoice.issueDate}`, { align: "right" });
  doc.text(`Due date: ${invoice.dueDate}`, { align: "right" });
  doc.text(`Status: ${invoice.status}`, { align: "right" });
  if (invoice.period) doc.text(`Period: ${invoice.period}`, { align: "right" });

  doc.moveDown(2);
  doc.font("Helvetica-Bold").text("Billed to", MARGIN);
  doc.font("Helvetica").text(invoice.company);
  for (const line of invoice.address) doc.text(line);

  doc.moveDown(2);
  const header = doc.y;
  doc.font("Helvetica-Bold");
  doc.text("Description", MARGIN, header);
  doc.text("Quantity", 360, header, { width: 60, align: "right" });
  doc.text("Amount", 440, header, { width: RIGHT - 440, align: "right" });
  doc
    .moveTo(MARGIN, doc.y + 4)
    .lineTo(RIGHT, doc.y + 4)
    .stroke();
  doc.font("Helvetica");
  let y = doc.y + 10;
  for (const line of invoice.lines) {
    doc.text(line.description, MARGIN, y, { width: 290 });
    const next = doc.y;
    doc.text(String(line.quantity), 360, y, { width: 60, align: "right" });
    doc.text(formatUsd(line.amountCents), 440, y, { width: RIGHT - 440, align: "right" });
    y = Math.max(next, doc.y) + 6;
  }
  doc.moveTo(MARGIN, y).lineTo(RIGHT, y).stroke();
  doc.font("Helvetica-Bold");
  doc.text(`Total (${invoice.currency})`, MARGIN, y + 8);
  doc.text(formatUsd(invoice.totalAmountCents), 440, y + 8, { width: RIGHT - 440, align: "right" });
  doc.font("Helvetica").fontSize(9);
  doc.text(
    "Usage (calls and texts) and phone number fees were paid from your prepaid wallet as they occurred; subscriptions are charged to your card.",
    MARGIN,
    y + 40,
    { width: RIGHT - MARGIN },
  );
  doc.end();
  return done;
}
