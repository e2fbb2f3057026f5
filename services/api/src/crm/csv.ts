import Papa from "papaparse";
import {
  type ColumnMapping,
  CSV_LIMITS,
  customFieldName,
  detectMapping,
  groupOfHeader,
  type ImportField,
  type ImportFormat,
  labelOfHeader,
} from "./import-columns";
import { decodeFile, type ImportEncoding } from "./import-encoding";
import {
  contactOfPerson,
  emptyPerson,
  type ImportedPerson,
  type LabelledValue,
  type RowProblem,
} from "./import-person";
import { looksLikeVcard, readVcards } from "./import-vcard";
import type { CreateContactBody } from "./schemas";

/**
 * A contacts file read for import: its encoding found, CSV or vCard told apart, a CSV's columns
 * mapped to contact fields (proposed from the headers, or as the person chose), and each row
 * turned into a contact or a reason to skip it. Pure: no database.
 */

/** The columns of our own export, in order; importing that file maps every one back. */
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

export { CSV_LIMITS };

export const CSV_MESSAGES = {
  empty: "The file has no rows to import.",
  noColumns: "The file needs a header row with at least the columns name and phone.",
  tooManyRows: `At most ${CSV_LIMITS.rows.toLocaleString("en-US")} rows per file.`,
  malformed: "This row could not be read (check its quotes and commas).",
  mappingMismatch: "The column mapping does not match the file's columns: choose the file again.",
} as const;

export interface ImportColumn {
  header: string;
  field: ImportField | null;
  /** The first value of the column, to help choose its field. */
  sample: string;
}

export interface ImportRow {
  row: number;
  summary: { name: string; phone: string; email: string };
  /** The contact to create, or null when the row is skipped (problems say why). */
  contact: CreateContactBody | null;
  problems: RowProblem[];
}

export interface ParsedImport {
  format: ImportFormat;
  encoding: ImportEncoding;
  /** A CSV's columns and what each fills; empty for a vCard file. */
  columns: ImportColumn[];
  rows: ImportRow[];
  /** A problem with the whole file (no usable columns, too many rows), or null. */
  fileError: string | null;
}

/** Google joins several values of one field with " ::: ". */
const splitValues = (cell: string) =>
  cell
    .split(":::")
    .map((v) => v.trim())
    .filter(Boolean);

/** Google (legacy) marks the primary value's label with "* ". */
function labelOf(raw: string | undefined): { label: string; preferred: boolean } {
  const text = raw?.trim() ?? "";
  return text.startsWith("* ")
    ? { label: text.slice(2), preferred: true }
    : { label: text, preferred: false };
}

/** Google's system groups, not tags a person chose. */
const SYSTEM_GROUPS = new Set(["mycontacts", "starred"]);

interface ValueGroup {
  values: string[];
  labels: string[];
  /** The label the value column's header gives ("Mobile Phone" → Mobile). */
  headerLabel: string;
}
interface AddressGroup {
  formatted: string;
  street: string[];
  city: string;
  region: string;
  code: string;
  country: string;
  label: string;
}

function labelledValues(groups: Map<string, ValueGroup>): LabelledValue[] {
  return [...groups.values()].flatMap((group) =>
    group.values.map((value, i) => {
      const { label, preferred } = labelOf(group.labels[i] ?? group.labels[0]);
      return { value, label: label || group.headerLabel, preferred };
    }),
  );
}

function addressValues(groups: Map<string, AddressGroup>): LabelledValue[] {
  return [...groups.values()].map((a) => {
    const regionAndCode = [a.region, a.code].filter(Boolean).join(" ");
    const value =
      a.formatted || [a.street.join(" "), a.city, regionAndCode, a.country].filter(Boolean).join(", ");
    return { value, label: labelOf(a.label).label, preferred: false };
  });
}

/** One CSV row through the column mapping. */
function personOfRow(
  cells: readonly string[],
  headers: readonly string[],
  mapping: ColumnMapping,
  row: number,
): ImportedPerson {
  const person = emptyPerson(row);
  const phones = new Map<string, ValueGroup>();
  const emails = new Map<string, ValueGroup>();
  const addresses = new Map<string, AddressGroup>();
  const valueGroup = (groups: Map<string, ValueGroup>, key: string) => {
    const group = groups.get(key) ?? { values: [], labels: [], headerLabel: "" };
    groups.set(key, group);
    return group;
  };
  const addressGroup = (key: string) => {
    const group = addresses.get(key) ?? {
      formatted: "",
      street: [],
      city: "",
      region: "",
      code: "",
      country: "",
      label: "",
    };
    addresses.set(key, group);
    return group;
  };
  const firstOf = (current: string, value: string) => current || value;

  mapping.forEach((field, i) => {
    const value = cells[i]?.trim() ?? "";
    const header = headers[i] ?? "";
    if (!field || !value) return;
    const group = groupOfHeader(header);
    switch (field) {
      case "name":
        person.name = firstOf(person.name, value);
        return;
      case "name_prefix":
        person.nameParts.prefix = firstOf(person.nameParts.prefix, value);
        return;
      case "first_name":
        person.nameParts.first = firstOf(person.nameParts.first, value);
        return;
      case "middle_name":
        person.nameParts.middle = firstOf(person.nameParts.middle, value);
        return;
      case "last_name":
        person.nameParts.last = firstOf(person.nameParts.last, value);
        return;
      case "name_suffix":
        person.nameParts.suffix = firstOf(person.nameParts.suffix, value);
        return;
      case "phone":
      case "email": {
        const target = valueGroup(field === "phone" ? phones : emails, group);
        target.values.push(...splitValues(value));
        target.headerLabel = labelOfHeader(header);
        return;
      }
      case "phone_label":
      case "email_label":
        valueGroup(field === "phone_label" ? phones : emails, group).labels.push(...splitValues(value));
        return;
      case "company":
        person.company = firstOf(person.company, value);
        return;
      case "address":
        addressGroup(group).formatted = value;
        return;
      case "address_label":
        addressGroup(group).label = value;
        return;
      case "address_street":
        addressGroup(group).street.push(value);
        return;
      case "address_city":
        addressGroup(group).city = value;
        return;
      case "address_region":
        addressGroup(group).region = value;
        return;
      case "address_postal_code":
        addressGroup(group).code = value;
        return;
      case "address_country":
        addressGroup(group).country = value;
        return;
      case "notes":
        person.notes.push(value);
        return;
      case "tags":
        person.tags.push(
          ...value
            .split(/:::|[;,]/)
            .map((tag) => tag.trim().replace(/^\* /, ""))
            .filter((tag) => tag && !SYSTEM_GROUPS.has(tag.toLowerCase().replace(/\s/g, ""))),
        );
        return;
      case "lead_status":
        person.leadStatus = firstOf(person.leadStatus, value);
        return;
      case "contact_type":
        person.contactType = firstOf(person.contactType, value);
        return;
      case "source":
        person.source = firstOf(person.source, value);
        return;
      case "last_contacted":
        person.lastContacted = firstOf(person.lastContacted, value);
        return;
      case "follow_up_date":
        person.followUpDate = firstOf(person.followUpDate, value);
        return;
      case "custom":
        person.custom.push([customFieldName(header), value]);
        return;
    }
  });
  person.phones = labelledValues(phones);
  person.emails = labelledValues(emails);
  person.addresses = addressValues(addresses);
  return person;
}

const NAME_SOURCES: readonly (ImportField | null)[] = ["name", "first_name", "last_name", "company"];

/** A mapping that can make contacts: something to name them and a phone. */
const canMakeContacts = (mapping: ColumnMapping) =>
  mapping.includes("phone") && mapping.some((field) => NAME_SOURCES.includes(field));

/** Each person made a contact, or the reason not; a phone number met twice is the import plan's to handle. */
function rowsOfPeople(people: readonly ImportedPerson[]): ImportRow[] {
  return people.map((person) => {
    const { contact, problems, summary } = contactOfPerson(person);
    return { row: person.row, summary, contact, problems };
  });
}

function readCsv(text: string, encoding: ImportEncoding, chosen: ColumnMapping | undefined): ParsedImport {
  const result = Papa.parse<string[]>(text, { skipEmptyLines: "greedy" });
  const [headers = [], ...lines] = result.data;
  const detected = detectMapping(headers);
  const mapping = chosen ?? detected.mapping;
  const columns = headers.map((header, i) => ({
    header: header.trim(),
    field: mapping[i] ?? null,
    sample:
      lines
        .find((cells) => cells[i]?.trim())
        ?.[i]?.trim()
        .slice(0, 80) ?? "",
  }));
  const parsed: ParsedImport = { format: detected.format, encoding, columns, rows: [], fileError: null };
  if (chosen && chosen.length !== headers.length) parsed.fileError = CSV_MESSAGES.mappingMismatch;
  else if (!canMakeContacts(mapping)) parsed.fileError = CSV_MESSAGES.noColumns;
  else if (lines.length === 0) parsed.fileError = CSV_MESSAGES.empty;
  else if (lines.length > CSV_LIMITS.rows) parsed.fileError = CSV_MESSAGES.tooManyRows;
  if (parsed.fileError) return parsed;

  // Papa's row index counts the header; spreadsheet rows start at 1 with the header.
  const malformed = new Set(result.errors.map((e) => e.row).filter((r) => r !== undefined));
  const readable: ImportedPerson[] = [];
  const unreadable: ImportRow[] = [];
  lines.forEach((cells, index) => {
    const row = index + 2;
    const extra = cells.slice(headers.length).some((cell) => cell.trim() !== "");
    if (malformed.has(index + 1) || extra)
      unreadable.push({
        row,
        summary: { name: "", phone: "", email: "" },
        contact: null,
        problems: [{ field: "row", message: CSV_MESSAGES.malformed }],
      });
    else readable.push(personOfRow(cells, headers, mapping, row));
  });
  parsed.rows = [...rowsOfPeople(readable), ...unreadable].sort((a, b) => a.row - b.row);
  return parsed;
}

/**
 * Reads a contacts file: bytes in any encoding (an upload) or text already decoded. A CSV is
 * read through `mapping` when given (one field or null per column), else through the mapping
 * its headers suggest.
 */
export function readContactsFile(
  input: { bytes: Uint8Array } | { text: string },
  mapping?: ColumnMapping,
): ParsedImport {
  const { text, encoding } =
    "bytes" in input
      ? decodeFile(input.bytes)
      : { text: input.text.replace(/^\uFEFF/, ""), encoding: "utf-8" as const };
  if (!looksLikeVcard(text)) return readCsv(text, encoding, mapping);
  const { people, fileError } = readVcards(text);
  const parsed: ParsedImport = { format: "vcard", encoding, columns: [], rows: [], fileError };
  if (fileError) return parsed;
  if (people.length === 0) parsed.fileError = CSV_MESSAGES.empty;
  else if (people.length > CSV_LIMITS.rows) parsed.fileError = CSV_MESSAGES.tooManyRows;
  else parsed.rows = rowsOfPeople(people);
  return parsed;
}
