import Papa from "papaparse";
import { type CreateContactBody, createContactBodySchema } from "./schemas";

/**
 * Contacts CSV, both ways: the columns of a file we export and read back, the reading of a
 * person's file (headers in any case and spacing, "Lead Status" as well as lead_status), and
 * each row checked by the same schema as the Add Contact form. Pure: no database.
 */

/** The columns of an exported file, in order; an import takes any subset, in any order. */
export const CSV_COLUMNS = [
  "name",
  "phone",
  "email",
  "company",
  "address",
  "notes",
  "lead_status",
  "contact_type",
  "source",
  "tags",
  "last_contacted",
  "follow_up_date",
] as const;
export type CsvColumn = (typeof CSV_COLUMNS)[number];

/** Field of the contact schema each column fills. */
const FIELD_OF: Record<CsvColumn, keyof CreateContactBody> = {
  name: "name",
  phone: "phone",
  email: "email",
  company: "company",
  address: "address",
  notes: "notes",
  lead_status: "leadStatus",
  contact_type: "contactType",
  source: "source",
  tags: "tags",
  last_contacted: "lastContacted",
  follow_up_date: "followUpDate",
};

export const CSV_LIMITS = { rows: 20_000, bytes: 5 * 1024 * 1024 } as const;
export const CSV_MESSAGES = {
  empty: "The file has no rows to import.",
  noColumns: "The file needs a header row with at least the columns name and phone.",
  tooManyRows: `At most ${CSV_LIMITS.rows.toLocaleString("en-US")} rows per file.`,
  duplicateInFile: (line: number) => `Same phone number as row ${line} of this file.`,
  malformed: "This row could not be read (check its quotes and commas).",
} as const;

/** "Lead Status", "lead-status", "leadStatus" and "LEAD_STATUS" all name lead_status. */
export function columnOf(header: string): CsvColumn | null {
  const key = header.replace(/[^a-z]/gi, "").toLowerCase();
  for (const column of CSV_COLUMNS) if (column.replace(/_/g, "") === key) return column;
  if (key === "fullname" || key === "contactname") return "name";
  if (key === "phonenumber" || key === "mobile" || key === "telephone") return "phone";
  if (key === "emailaddress") return "email";
  if (key === "status" || key === "leadstatus") return "lead_status";
  if (key === "type") return "contact_type";
  if (key === "followup") return "follow_up_date";
  return null;
}

export interface CsvRow {
  /** Line in the file, the header being line 1. */
  line: number;
  /** The cells as read, by column. */
  values: Partial<Record<CsvColumn, string>>;
  /** The contact to create, when the row is valid. */
  contact: CreateContactBody | null;
  /** Field (column name) to message, for an invalid row. */
  errors: Partial<Record<CsvColumn | "row", string>>;
}

export interface ParsedCsv {
  /** Columns recognised, in the file's order. */
  columns: CsvColumn[];
  /** Headers not recognised (ignored). */
  ignored: string[];
  rows: CsvRow[];
  /** A problem with the whole file (no header, too many rows), or null. */
  fileError: string | null;
}

const columnOfField = Object.fromEntries(
  Object.entries(FIELD_OF).map(([column, field]) => [field, column]),
) as Record<string, CsvColumn>;

/** The contact a row of cells makes, or its errors by column. */
export function validateRow(values: Partial<Record<CsvColumn, string>>): {
  contact: CreateContactBody | null;
  errors: CsvRow["errors"];
} {
  const body: Record<string, unknown> = {};
  for (const [column, value] of Object.entries(values) as [CsvColumn, string][]) {
    if (value.trim() === "") continue;
    const field = FIELD_OF[column];
    if (column === "lead_status" || column === "contact_type" || column === "source")
      body[field] = value.trim().toLowerCase();
    // A tags cell may separate with semicolons as well as commas.
    else if (column === "tags") body[field] = value.replaceAll(";", ",");
    else body[field] = value;
  }
  body.source ??= "manual";
  const parsed = createContactBodySchema.safeParse(body);
  if (parsed.success) return { contact: parsed.data, errors: {} };
  const errors: CsvRow["errors"] = {};
  for (const issue of parsed.error.issues) {
    const field = issue.path[0];
    const column = typeof field === "string" ? (columnOfField[field] ?? "row") : "row";
    errors[column] ??= issue.message;
  }
  return { contact: null, errors };
}

/**
 * Reads a contacts CSV: every row checked, and a phone number seen earlier in the file (after
 * normalisation) marked on the later row.
 */
export function parseContactsCsv(csv: string): ParsedCsv {
  const result = Papa.parse<string[]>(csv.replace(/^\uFEFF/, ""), { skipEmptyLines: "greedy" });
  const [header, ...lines] = result.data;
  const columns: (CsvColumn | null)[] = (header ?? []).map(columnOf);
  const recognised = columns.filter((c): c is CsvColumn => c !== null);
  const ignored = (header ?? []).filter((_, i) => columns[i] === null).map((h) => h.trim());
  const parsed: ParsedCsv = { columns: recognised, ignored, rows: [], fileError: null };
  if (!header || !recognised.includes("name") || !recognised.includes("phone")) {
    parsed.fileError = CSV_MESSAGES.noColumns;
    return parsed;
  }
  if (lines.length === 0) {
    parsed.fileError = CSV_MESSAGES.empty;
    return parsed;
  }
  if (lines.length > CSV_LIMITS.rows) {
    parsed.fileError = CSV_MESSAGES.tooManyRows;
    return parsed;
  }
  const malformedRows = new Set(result.errors.map((e) => e.row).filter((r) => r !== undefined));
  const linesOfPhone = new Map<string, number>();
  lines.forEach((cells, index) => {
    const line = index + 2;
    const values: CsvRow["values"] = {};
    columns.forEach((column, i) => {
      if (column && cells[i] !== undefined) values[column] = cells[i];
    });
    // Papa's row index counts the header.
    if (malformedRows.has(index + 1) || cells.length > columns.length) {
      parsed.rows.push({ line, values, contact: null, errors: { row: CSV_MESSAGES.malformed } });
      return;
    }
    const { contact, errors } = validateRow(values);
    if (contact) {
      const first = linesOfPhone.get(contact.phone);
      if (first !== undefined) {
        parsed.rows.push({
          line,
          values,
          contact: null,
          errors: { phone: CSV_MESSAGES.duplicateInFile(first) },
        });
        return;
      }
      linesOfPhone.set(contact.phone, line);
    }
    parsed.rows.push({ line, values, contact, errors });
  });
  return parsed;
}

/** A cell a spreadsheet would run as a formula (=, @, or + and - not starting a number) made inert. */
export function inertCell(value: string): string {
  return /^[=@\t\r]|^[+-](?![\d\s(])/.test(value) ? `'${value}` : value;
}

/** One CSV line of cells, quoted where needed, ending with CRLF. */
export function csvLine(cells: readonly (string | null | undefined)[]): string {
  return `${cells
    .map((cell) => {
      const value = inertCell(cell ?? "");
      return /[",\r\n]/.test(value) ? `"${value.replaceAll('"', '""')}"` : value;
    })
    .join(",")}\r\n`;
}
