/**
 * CSV (RFC 4180) for spreadsheets: every field quoted, quotes doubled, lines ended with CRLF. A
 * field a spreadsheet would run as a formula (=, @, a tab or carriage return first, or + and -
 * not starting a number such as a phone number) is prefixed with an apostrophe.
 */
export function csvField(value: string | number | null | undefined): string {
  let text = value === null || value === undefined ? "" : String(value);
  if (/^[=@\t\r]/.test(text) || /^[+-](?![\d\s().-]*$)/.test(text)) text = `'${text}`;
  return `"${text.replaceAll('"', '""')}"`;
}

export function toCsv(
  header: readonly string[],
  rows: readonly (readonly (string | number | null)[])[],
): string {
  return `${[header, ...rows].map((row) => row.map(csvField).join(",")).join("\r\n")}\r\n`;
}
