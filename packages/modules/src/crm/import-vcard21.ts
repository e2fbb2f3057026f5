import { decodeFile } from "./import-encoding";

/**
 * vCard 2.1 (what Android's Contacts app and older phones export) rewritten as vCard 3.0 for the
 * parser: bare parameters ("TEL;CELL;PREF:") become TYPE=, QUOTED-PRINTABLE values (with their
 * soft line breaks, "=" at a line's end) are decoded in their CHARSET, and the line breaks they
 * hold are escaped as 3.0 writes them.
 */

/** Lines of a 2.1 file, a quoted-printable value's soft line breaks and folded lines joined. */
function logicalLines(text: string): string[] {
  const lines: string[] = [];
  for (const raw of text.split(/\r\n|\n|\r/)) {
    const previous = lines[lines.length - 1];
    const inQuotedPrintable =
      previous !== undefined && /ENCODING=QUOTED-PRINTABLE/i.test(previous.split(":")[0] ?? "");
    if (previous !== undefined && inQuotedPrintable && previous.endsWith("="))
      lines[lines.length - 1] = previous.slice(0, -1) + raw;
    else if (previous !== undefined && /^[ \t]/.test(raw)) lines[lines.length - 1] = previous + raw.slice(1);
    else lines.push(raw);
  }
  return lines;
}

function decodeQuotedPrintable(value: string, charset: string): string {
  const bytes: number[] = [];
  for (let i = 0; i < value.length; i++) {
    const hex = value.slice(i + 1, i + 3);
    if (value[i] === "=" && /^[0-9A-Fa-f]{2}$/.test(hex)) {
      bytes.push(Number.parseInt(hex, 16));
      i += 2;
    } else bytes.push(value.charCodeAt(i) & 0xff);
  }
  const data = new Uint8Array(bytes);
  if (/^utf-?8$/i.test(charset)) return new TextDecoder("utf-8").decode(data);
  if (/^(windows-1252|iso-8859-1|latin1|us-ascii)$/i.test(charset)) return decodeFile(data).text;
  try {
    return new TextDecoder(charset).decode(data);
  } catch {
    return decodeFile(data).text;
  }
}

function rewriteLine(line: string): string {
  const colon = line.indexOf(":");
  if (colon < 0) return line;
  const [name = "", ...params] = line.slice(0, colon).split(";");
  let value = line.slice(colon + 1);
  if (/^VERSION$/i.test(name)) return "VERSION:3.0";
  let quotedPrintable = false;
  let charset = "utf-8";
  const kept: string[] = [];
  for (const param of params) {
    const [key = "", paramValue] = param.split("=");
    if (paramValue === undefined) kept.push(`TYPE=${key}`);
    else if (/^ENCODING$/i.test(key) && /^QUOTED-PRINTABLE$/i.test(paramValue)) quotedPrintable = true;
    else if (/^CHARSET$/i.test(key)) charset = paramValue;
    else if (/^ENCODING$/i.test(key) && /^BASE64$/i.test(paramValue)) kept.push("ENCODING=b");
    else kept.push(param);
  }
  if (quotedPrintable) value = decodeQuotedPrintable(value, charset).replace(/\r\n|\n|\r/g, "\\n");
  return `${[name, ...kept].join(";")}:${value}`;
}

export function isVcard21(text: string): boolean {
  return /^VERSION:2\.1\s*$/im.test(text);
}

export function vcard21As30(text: string): string {
  return logicalLines(text).map(rewriteLine).join("\r\n");
}
