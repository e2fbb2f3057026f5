import {
  type ColumnMapping,
  CSV_LIMITS,
  customFieldName,
  detectMapping,
  groupOfHeader,
  type ImportField,
  type ImportFormat,
  labelOfHeader,
} from "@poundline/contracts/crm/import-columns";
import type { CreateContactBody } from "@poundline/contracts/crm/schemas";
import Papa from "papaparse";
import { decodeFile, type ImportEncoding } from "./import-encoding";
import {
  contactOfPerson,
  emptyPerson,
  type ImportedPerson,
  type LabelledValue,
  type RowProblem,
} from "./import-person";
import { looksLikeVcard, readVcards } from "./import-vcard";

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

interface RowGroups {
  phones: Map<string, ValueGroup>;
  emails: Map<string, ValueGroup>;
  addresses: Map<string, AddressGroup>;
}

function valueGroupOf(groups: Map<string, ValueGroup>, key: string): ValueGroup {
  const group = groups.get(key) ?? { values: [], labels: [], headerLabel: "" };
  groups.set(key, group);
  return group;
}

function addressGroupOf(addresses: Map<string, AddressGroup>, key: string): AddressGroup {
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
}

type FirstValueKey =
  | "name"
  | "company"
  | "leadStatus"
  | "contactType"
  | "source"
  | "lastContacted"
  | "followUpDate";

/** Fields that keep the first value met: a later column of the same field is ignored. */
const FIRST_VALUE_FIELDS: Partial<Record<ImportField, FirstValueKey>> = {
  name: "name",
  company: "company",
  lead_status: "leadStatus",
  contact_type: "contactType",
  source: "source",
  last_contacted: "lastContacted",
  follow_up_date: "followUpDate",
};

/** The parts of a name, each also keeping the first value met. */
const NAME_PART_FIELDS: Partial<Record<ImportField, keyof ImportedPerson["nameParts"]>> = {
  name_prefix: "prefix",
  first_name: "first",
  middle_name: "middle",
  last_name: "last",
  name_suffix: "suffix",
};

/** An address's single-valued parts, in the address its header numbers ("Address 2 - City"). */
const ADDRESS_PART_FIELDS: Partial<Record<ImportField, Exclude<keyof AddressGroup, "street">>> = {
  address: "formatted",
  address_label: "label",
  address_city: "city",
  address_region: "region",
  address_postal_code: "code",
  address_country: "country",
};

/** A tags cell: split on ":::", ";" or ",", Google's primary mark and system groups dropped. */
const tagsOfCell = (value: string) =>
  value
    .split(/:::|[;,]/)
    .map((tag) => tag.trim().replace(/^\* /, ""))
    .filter((tag) => tag && !SYSTEM_GROUPS.has(tag.toLowerCase().replace(/\s/g, "")));

/** One mapped, non-empty cell into the person, or into the phone, email or address group its header names. */
function applyCell(
  person: ImportedPerson,
  groups: RowGroups,
  field: ImportField,
  value: string,
  header: string,
) {
  const firstValueKey = FIRST_VALUE_FIELDS[field];
  const namePart = NAME_PART_FIELDS[field];
  const addressPart = ADDRESS_PART_FIELDS[field];
  if (firstValueKey) person[firstValueKey] ||= value;
  else if (namePart) person.nameParts[namePart] ||= value;
  else if (addressPart) addressGroupOf(groups.addresses, groupOfHeader(header))[addressPart] = value;
  else applyManyValuedCell(person, groups, field, value, header);
}

/** The fields a person may have several of: each value is added, none replaces another. */
function applyManyValuedCell(
  person: ImportedPerson,
  groups: RowGroups,
  field: ImportField,
  value: string,
  header: string,
) {
  switch (field) {
    case "phone":
    case "email": {
      const target = valueGroupOf(field === "phone" ? groups.phones : groups.emails, groupOfHeader(header));
      target.values.push(...splitValues(value));
      target.headerLabel = labelOfHeader(header);
      return;
    }
    case "phone_label":
    case "email_label":
      valueGroupOf(
        field === "phone_label" ? groups.phones : groups.emails,
        groupOfHeader(header),
      ).labels.push(...splitValues(value));
      return;
    case "address_street":
      addressGroupOf(groups.addresses, groupOfHeader(header)).street.push(value);
      return;
    case "notes":
      person.notes.push(value);
      return;
    case "tags":
      person.tags.push(...tagsOfCell(value));
      return;
    case "custom":
      person.custom.push([customFieldName(header), value]);
      return;
  }
}

/** One CSV row through the column mapping. */
function personOfRow(
  cells: readonly string[],
  headers: readonly string[],
  mapping: ColumnMapping,
  row: number,
): ImportedPerson {
  const person = emptyPerson(row);
  const groups: RowGroups = { phones: new Map(), emails: new Map(), addresses: new Map() };
  mapping.forEach((field, i) => {
    const value = cells[i]?.trim() ?? "";
    if (field && value) applyCell(person, groups, field, value, headers[i] ?? "");
  });
  person.phones = labelledValues(groups.phones);
  person.emails = labelledValues(groups.emails);
  person.addresses = addressValues(groups.addresses);
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
