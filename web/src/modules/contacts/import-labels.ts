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
