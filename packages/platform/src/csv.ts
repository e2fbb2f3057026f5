import Papa from "papaparse";

/**
 * Every CSV the API hands out (contacts, voicemails, any later export) goes through here, so a
 * spreadsheet opening it runs nothing (OWASP "CSV injection"): a cell starting with =, +, -, @,
 * a tab or a carriage return gets a leading apostrophe, unless the whole cell is a plain number
 * or an E.164 phone number. Every cell is quoted, so a comma, a semicolon (the separator of
 * spreadsheets in many locales) or a line break inside a cell cannot start another cell.
 */

/** A cell a spreadsheet takes as a formula, except a plain number ("-12", "3.5", "+14155550100"). */
export const FORMULA_CELL = /^(?![+-]?\d+(?:\.\d+)?$)[=+\-@\t\r]/;

export type CsvCell = string | number | null | undefined;

/** A cell as the exporter writes it: an apostrophe before a formula's first character. */
export function neutraliseCell(cell: CsvCell): string {
  const text = cell === null || cell === undefined ? "" : String(cell);
  return FORMULA_CELL.test(text) ? `'${text}` : text;
}

/** CSV lines (CRLF after each) of rows of cells. */
export function csvLines(rows: readonly (readonly CsvCell[])[]): string {
  if (rows.length === 0) return "";
  const text = Papa.unparse(
    rows.map((row) => row.map(neutraliseCell)),
    { quotes: true, newline: "\r\n", header: false },
  );
  return `${text}\r\n`;
}
