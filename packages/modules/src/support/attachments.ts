import { storageKeys } from "@poundline/platform/storage/keys";

/**
 * What a ticket attachment may be, decided by the file's first bytes (the declared type and the
 * name's extension are the sender's word, not proof): PNG, JPEG, GIF, WebP or PDF.
 */

export type AttachmentFormat = "png" | "jpg" | "gif" | "webp" | "pdf";

export const ATTACHMENT_CONTENT_TYPES: Record<AttachmentFormat, string> = {
  png: "image/png",
  jpg: "image/jpeg",
  gif: "image/gif",
  webp: "image/webp",
  pdf: "application/pdf",
};

/** The types an upload may declare; the bytes decide anyway. */
export const ATTACHMENT_UPLOAD_TYPES = [
  "application/octet-stream",
  ...Object.values(ATTACHMENT_CONTENT_TYPES),
];

const startsWith = (bytes: Uint8Array, signature: readonly number[], at = 0) =>
  bytes.length >= at + signature.length && signature.every((byte, i) => bytes[at + i] === byte);

const ascii = (text: string) => [...text].map((c) => c.charCodeAt(0));

const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const JPEG = [0xff, 0xd8, 0xff];
const GIF87 = ascii("GIF87a");
const GIF89 = ascii("GIF89a");
const RIFF = ascii("RIFF");
const WEBP = ascii("WEBP");
const PDF = ascii("%PDF-");

/** The attachment's format from its first bytes, or null when it is none of those allowed. */
export function sniffAttachment(bytes: Uint8Array): AttachmentFormat | null {
  if (startsWith(bytes, PNG)) return "png";
  if (startsWith(bytes, JPEG)) return "jpg";
  if (startsWith(bytes, GIF87) || startsWith(bytes, GIF89)) return "gif";
  if (startsWith(bytes, RIFF) && startsWith(bytes, WEBP, 8)) return "webp";
  if (startsWith(bytes, PDF)) return "pdf";
  return null;
}

/** Where an attachment's bytes are kept through the storage port. */
export const attachmentStorageKey = (
  accountId: string,
  ticketId: string,
  attachmentId: string,
  format: AttachmentFormat,
) => storageKeys.supportAttachment(accountId, ticketId, attachmentId, format);

/** `Content-Disposition` for a download: the person's file name, quoted safely (RFC 6266/5987). */
export function downloadDisposition(fileName: string): string {
  const fallback = fileName.replace(/[^\x20-\x7e]|["\\]/g, "_");
  const encoded = encodeURIComponent(fileName).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `attachment; filename="${fallback}"; filename*=UTF-8''${encoded}`;
}
