/**
 * What each column of a contacts CSV holds, read from its header: our own export's columns, and
 * the exports of Google Contacts (current "Phone 1 - Label" and legacy "Phone 1 - Type" headers),
 * Outlook and HubSpot. The result is only a proposal: the person can change any column's field
 * before importing. Pure: no database.
 */

export const CSV_LIMITS = { rows: 20_000, bytes: 5 * 1024 * 1024 } as const;

/** The fields a column can fill. Name parts, phone and e-mail labels and address parts combine. */
export const IMPORT_FIELDS = [
  "name",
  "name_prefix",
  "first_name",
  "middle_name",
  "last_name",
  "name_suffix",
  "phone",
  "phone_label",
  "email",
  "email_label",
  "company",
  "address",
  "address_label",
  "address_street",
  "address_city",
  "address_region",
  "address_postal_code",
  "address_country",
  "notes",
  "lead_status",
  "contact_type",
  "source",
  "tags",
  "last_contacted",
  "follow_up_date",
  "custom",
] as const;
export type ImportField = (typeof IMPORT_FIELDS)[number];

/** What the import dialog calls each field. */
export const IMPORT_FIELD_LABELS: Record<ImportField, string> = {
  name: "Name",
  name_prefix: "Name prefix",
  first_name: "First name",
  middle_name: "Middle name",
  last_name: "Last name",
  name_suffix: "Name suffix",
  phone: "Phone",
  phone_label: "Phone label",
  email: "Email",
  email_label: "Email label",
  company: "Company",
  address: "Address",
  address_label: "Address label",
  address_street: "Street",
  address_city: "City",
  address_region: "State / region",
  address_postal_code: "Postal code",
  address_country: "Country",
  notes: "Notes",
  lead_status: "Lead status",
  contact_type: "Contact type",
  source: "Source",
  tags: "Tags",
  last_contacted: "Last contacted",
  follow_up_date: "Follow-up date",
  custom: "Custom field",
};

export const IMPORT_FORMATS = [
  "poundline",
  "google",
  "google_legacy",
  "outlook",
  "hubspot",
  "csv",
  "vcard",
] as const;
export type ImportFormat = (typeof IMPORT_FORMATS)[number];

/** One column of the file and what it fills; null: not imported. */
export type ColumnMapping = (ImportField | null)[];

/** A letters-and-digits key: "E-mail Address", "e_mail address" and "EmailAddress" meet. */
const keyOf = (header: string) => header.toLowerCase().replace(/[^a-z0-9]/g, "");

/** Numbered headers of Google Contacts: "Phone 1 - Label" (current) or "Phone 1 - Type" (legacy). */
const NUMBERED = /^(e-?mail|phone|address|organization|website) (\d+) - (.+)$/i;

const NUMBERED_PARTS: Record<string, Record<string, ImportField | "custom">> = {
  email: { label: "email_label", type: "email_label", value: "email" },
  phone: { label: "phone_label", type: "phone_label", value: "phone" },
  address: {
    label: "address_label",
    type: "address_label",
    formatted: "address",
    street: "address_street",
    city: "address_city",
    region: "address_region",
    postalcode: "address_postal_code",
    country: "address_country",
  },
  organization: { name: "company", title: "custom", department: "custom" },
  website: { value: "custom" },
};

/** Outlook's address columns: "Business Street", "Home Postal Code", "Other Country/Region". */
const OUTLOOK_ADDRESS = /^(business|home|other) (street(?: [23])?|city|state|postal code|country\/region)$/i;

const ADDRESS_PARTS: Record<string, ImportField> = {
  street: "address_street",
  street2: "address_street",
  street3: "address_street",
  streetaddress: "address_street",
  address1: "address_street",
  address2: "address_street",
  city: "address_city",
  state: "address_region",
  stateregion: "address_region",
  region: "address_region",
  province: "address_region",
  postalcode: "address_postal_code",
  zip: "address_postal_code",
  zipcode: "address_postal_code",
  postcode: "address_postal_code",
  country: "address_country",
  countryregion: "address_country",
};

const PLAIN: Record<string, ImportField> = {
  name: "name",
  fullname: "name",
  contactname: "name",
  displayname: "name",
  firstname: "first_name",
  givenname: "first_name",
  middlename: "middle_name",
  additionalname: "middle_name",
  lastname: "last_name",
  familyname: "last_name",
  surname: "last_name",
  nameprefix: "name_prefix",
  prefix: "name_prefix",
  namesuffix: "name_suffix",
  suffix: "name_suffix",
  email: "email",
  emailaddress: "email",
  email2address: "email",
  email3address: "email",
  company: "company",
  companyname: "company",
  organization: "company",
  organizationname: "company",
  organisation: "company",
  address: "address",
  fulladdress: "address",
  mailingaddress: "address",
  notes: "notes",
  note: "notes",
  comments: "notes",
  tags: "tags",
  labels: "tags",
  categories: "tags",
  groupmembership: "tags",
  leadstatus: "lead_status",
  status: "lead_status",
  contacttype: "contact_type",
  type: "contact_type",
  lifecyclestage: "contact_type",
  source: "source",
  lastcontacted: "last_contacted",
  followupdate: "follow_up_date",
  followup: "follow_up_date",
  jobtitle: "custom",
  organizationtitle: "custom",
  department: "custom",
  organizationdepartment: "custom",
  birthday: "custom",
  nickname: "custom",
  website: "custom",
  webpage: "custom",
  websiteurl: "custom",
  ...ADDRESS_PARTS,
};

/** A phone column by its name alone: "Mobile Phone", "Business Fax", "Phone Number", "Pager". */
function isPhoneHeader(key: string): boolean {
  return (
    /(phone|fax)\d*(number)?$/.test(key) ||
    ["mobile", "cell", "telephone", "tel", "pager", "callback", "isdn", "radiophone"].includes(key)
  );
}

/** The field a header names, or null. Outlook's "Title" is the name prefix (Mr., Dr.) there only. */
export function fieldOfHeader(header: string, format: ImportFormat = "csv"): ImportField | null {
  const trimmed = header.trim();
  const numbered = NUMBERED.exec(trimmed);
  if (numbered) {
    const [, kind = "", , part = ""] = numbered;
    return NUMBERED_PARTS[keyOf(kind)]?.[keyOf(part)] ?? null;
  }
  const outlookAddress = OUTLOOK_ADDRESS.exec(trimmed);
  if (outlookAddress) return ADDRESS_PARTS[keyOf(outlookAddress[2] ?? "")] ?? null;
  const key = keyOf(trimmed);
  if (key === "title") return format === "outlook" ? "name_prefix" : "custom";
  if (key === "emaildisplayname" || key === "emailtype" || /^email\dtype$/.test(key)) return null;
  return PLAIN[key] ?? (isPhoneHeader(key) ? "phone" : null);
}

/** Which tool wrote the file, from headers only it writes. */
export function formatOfHeaders(headers: readonly string[]): Exclude<ImportFormat, "vcard"> {
  const set = new Set(headers.map((h) => h.trim()));
  const keys = new Set(headers.map(keyOf));
  if (headers.some((h) => /^(phone|e-mail) \d+ - label$/i.test(h.trim()))) return "google";
  if (headers.some((h) => /^(phone|e-mail) \d+ - type$/i.test(h.trim())) || set.has("Given Name"))
    return "google_legacy";
  if (keys.has("emailaddress") && (keys.has("businessphone") || keys.has("mobilephone"))) return "outlook";
  if (keys.has("recordid") || keys.has("lifecyclestage") || keys.has("contactowner")) return "hubspot";
  if (keys.has("name") && keys.has("phone") && keys.has("leadstatus")) return "poundline";
  return "csv";
}

export function detectMapping(headers: readonly string[]): {
  format: Exclude<ImportFormat, "vcard">;
  mapping: ColumnMapping;
} {
  const format = formatOfHeaders(headers);
  return { format, mapping: headers.map((header) => fieldOfHeader(header, format)) };
}

/**
 * Columns that belong together: a phone and its label ("Phone 1 - Value" and "Phone 1 - Label"),
 * the parts of one address ("Business Street", "Business City"). Any other column is its own group.
 */
export function groupOfHeader(header: string): string {
  const trimmed = header.trim();
  const numbered = NUMBERED.exec(trimmed);
  if (numbered) return `${keyOf(numbered[1] ?? "")} ${numbered[2]}`;
  const outlookAddress = OUTLOOK_ADDRESS.exec(trimmed);
  if (outlookAddress) return `address ${keyOf(outlookAddress[1] ?? "")}`;
  if (keyOf(trimmed) in ADDRESS_PARTS) return "address";
  return trimmed;
}

/** A phone or e-mail's label taken from its header: "Mobile Phone Number" → "Mobile". */
export function labelOfHeader(header: string): string {
  if (NUMBERED.test(header.trim())) return "";
  const outlookAddress = OUTLOOK_ADDRESS.exec(header.trim());
  if (outlookAddress) return outlookAddress[1] ?? "";
  return header
    .replace(/\b(phone|number|e-?mail|address|value|\d+)\b/gi, "")
    .replace(/\s+/g, " ")
    .trim();
}

/** A custom field's name: the job title and department of every format meet under one name. */
export function customFieldName(header: string): string {
  const key = keyOf(header.replace(/^organization \d+ - /i, "organization "));
  if (key === "jobtitle" || key === "organizationtitle" || key === "title") return "Job Title";
  if (key === "department" || key === "organizationdepartment") return "Department";
  if (/^website\d*value$|^website(url)?$|^webpage$/.test(key)) return "Website";
  return header.trim();
}
