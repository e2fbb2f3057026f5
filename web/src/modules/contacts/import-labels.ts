import type { ImportPreview } from "../../api/contacts";

/** What the import dialog says of the tool that wrote the file and of its encoding. */
export const FORMAT_LABELS: Record<ImportPreview["format"], string> = {
  poundline: "Poundline contacts CSV",
  google: "Google Contacts CSV",
  google_legacy: "Google Contacts CSV (legacy)",
  outlook: "Outlook CSV",
  hubspot: "HubSpot contacts export",
  csv: "CSV",
  vcard: "vCard",
};

export const ENCODING_LABELS: Record<ImportPreview["encoding"], string> = {
  "utf-8": "UTF-8",
  "utf-16le": "UTF-16",
  "utf-16be": "UTF-16 (big-endian)",
  "windows-1252": "Windows-1252",
};

/** The contact fields a row's problems name. */
const PROBLEM_FIELDS: Record<string, string> = {
  row: "Row",
  name: "Name",
  phone: "Phone",
  email: "Email",
  company: "Company",
  address: "Address",
  notes: "Notes",
  tags: "Tags",
  leadStatus: "Lead status",
  contactType: "Contact type",
  source: "Source",
  lastContacted: "Last contacted",
  followUpDate: "Follow-up date",
  customFields: "Custom fields",
};

export const problemField = (field: string) => PROBLEM_FIELDS[field] ?? field;

type PlannedRow = ImportPreview["rows"][number];
type Counts = ImportPreview["counts"];

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/** The contact a merge or skip met: named, and the file's row when a row of the file creates it. */
function targetOf(row: PlannedRow): string {
  if (!row.target) return "";
  const named = `"${row.target.name}"`;
  return row.target.row === null ? named : `${named} (row ${row.target.row})`;
}

/**
 * What the import will do (preview) or did (report) with a row, in a sentence: "Merge into "Ada"",
 * "Skip: already in your contacts as "Ada"".
 */
export function rowOutcome(row: PlannedRow, done: boolean): string {
  switch (row.outcome) {
    case "create":
      return done ? "Created" : "Create";
    case "merge":
      return `${done ? "Merged" : "Merge"} into ${targetOf(row)}`;
    case "skip": {
      const skip = done ? "Skipped" : "Skip";
      if (row.reason === "unchanged") return `${skip}: ${targetOf(row)} already has everything in this row`;
      return row.target?.row == null
        ? `${skip}: already in your contacts as ${targetOf(row)}`
        : `${skip}: same phone number as row ${row.target.row} ("${row.target.name}")`;
    }
    case "error":
      return done ? "Refused" : "Error";
  }
}

/** What a merge adds: "Fills Name, Email · Adds tags vip, new · Adds custom fields Job Title". */
export function mergeDetails(row: PlannedRow): string[] {
  if (row.outcome !== "merge") return [];
  return [
    row.fills.length > 0 ? `Fills ${row.fills.map(problemField).join(", ")}` : "",
    row.fillsCustom.length > 0 ? `Adds custom fields ${row.fillsCustom.join(", ")}` : "",
    row.addsTags.length > 0 ? `Adds tags ${row.addsTags.join(", ")}` : "",
  ].filter(Boolean);
}

/** The import button: exactly the rows it will write. */
export function importButtonLabel(counts: Counts): string {
  const { created, merged } = counts;
  if (created > 0 && merged > 0) return `Create ${created} and Merge ${merged}`;
  if (merged > 0) return `Merge ${plural(merged, "Contact")}`;
  if (created > 0) return `Create ${plural(created, "Contact")}`;
  return "Import";
}

/** The four counts, as the preview (what will be done) or the report (what was done) says them. */
export function countLabels(counts: Counts, done: boolean): { key: keyof Counts; label: string }[] {
  return [
    { key: "created", label: done ? `${counts.created} created` : `${counts.created} to create` },
    { key: "merged", label: done ? `${counts.merged} merged` : `${counts.merged} to merge` },
    { key: "skipped", label: done ? `${counts.skipped} skipped` : `${counts.skipped} to skip` },
    { key: "refused", label: `${counts.refused} refused` },
  ];
}

/** The toast after an import: the server's counts of what it did. */
export const importSummary = (counts: Counts) =>
  `${plural(counts.created, "contact")} created, ${counts.merged} merged, ${counts.skipped} skipped, ${counts.refused} refused.`;
