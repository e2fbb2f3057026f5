import { LOA_AGREEMENT } from "@poundline/contracts/porting/schemas";
import PDFDocument from "pdfkit";
import { invoiceFonts } from "../billing/invoice-fonts";

/** What the letter of authorisation says: the losing carrier's account, the numbers, the signature. */
export interface LetterOfAuthorisation {
  company: string;
  customerName: string;
  accountNumber: string;
  authorizedName: string;
  authorizedEmail: string;
  address: string[];
  numbers: string[];
  targetDate: string;
  signerName: string;
  /** The drawn signature as PNG bytes; the typed name stands alone without it. */
  drawing: Buffer | null;
  signedAt: Date;
}

const MARGIN = 56;

/** The signed letter as a PDF, in the invoice's embedded typeface. */
export function renderLoaPdf(letter: LetterOfAuthorisation): Promise<Buffer> {
  const doc = new PDFDocument({ size: "LETTER", margin: MARGIN, info: { Title: "Letter of authorisation" } });
  const fonts = invoiceFonts().files;
  doc.registerFont("latin", fonts.get("latin") as Buffer);
  doc.registerFont("latin-bold", fonts.get("latin-bold") as Buffer);
  const chunks: Buffer[] = [];
  doc.on("data", (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on("end", () => resolve(Buffer.concat(chunks)));
    doc.on("error", reject);
  });
  doc.font("latin-bold").fontSize(18).text("Letter of authorisation to port telephone numbers");
  doc.moveDown().font("latin").fontSize(11);
  const field = (label: string, value: string) => {
    doc.font("latin-bold").text(`${label}: `, { continued: true }).font("latin").text(value);
  };
  field("Requested by", letter.company);
  field("Account holder at the current carrier", letter.customerName);
  field("Account number", letter.accountNumber);
  field("Service address", letter.address.join(", "));
  field("Authorised person", `${letter.authorizedName} <${letter.authorizedEmail}>`);
  field("Requested port date", letter.targetDate);
  doc.moveDown().font("latin-bold").text("Numbers to port");
  doc.font("latin");
  for (const number of letter.numbers) doc.text(`• ${number}`);
  doc.moveDown().text(LOA_AGREEMENT, { align: "justify" });
  doc.moveDown(2);
  if (letter.drawing) doc.image(letter.drawing, { fit: [240, 80] }).moveDown(0.5);
  doc.font("latin-bold").fontSize(14).text(letter.signerName);
  doc
    .font("latin")
    .fontSize(10)
    .text(`Signed electronically by ${letter.signerName} on ${letter.signedAt.toISOString()}`);
  doc.end();
  return done;
}
