import {
  CONTACT_LIMITS,
  type CreateContactBody,
  createContactBodySchema,
} from "@poundline/contracts/crm/schemas";
import { contactTypes, leadStatuses } from "@poundline/db/enums";
import { toE164 } from "@poundline/domain/phone";

/**
 * A person as a contacts file describes them (a CSV row through its column mapping, or a vCard),
 * and the contact they make: the best phone number becomes the contact's phone, the others go to
 * custom fields under their labels, and so do further e-mails and addresses. A value the contact
 * form would refuse is left out and said so; a row without a name or a usable phone is skipped,
 * with the reason. Pure: no database.
 */

export interface LabelledValue {
  value: string;
  label: string;
  /** Marked as the preferred one by the file (vCard PREF, Google's "* " before a label). */
  preferred: boolean;
}

export interface ImportedPerson {
  /** Spreadsheet row (the header being row 1) or the card's number in a vCard file. */
  row: number;
  name: string;
  nameParts: { prefix: string; first: string; middle: string; last: string; suffix: string };
  company: string;
  phones: LabelledValue[];
  emails: LabelledValue[];
  addresses: LabelledValue[];
  notes: string[];
  tags: string[];
  /** Name → value, in the file's order. */
  custom: [string, string][];
  leadStatus: string;
  contactType: string;
  source: string;
  lastContacted: string;
  followUpDate: string;
}

export function emptyPerson(row: number): ImportedPerson {
  return {
    row,
    name: "",
    nameParts: { prefix: "", first: "", middle: "", last: "", suffix: "" },
    company: "",
    phones: [],
    emails: [],
    addresses: [],
    notes: [],
    tags: [],
    custom: [],
    leadStatus: "",
    contactType: "",
    source: "",
    lastContacted: "",
    followUpDate: "",
  };
}

/** A problem with one row: `field` is a contact field, or "row" for the row as a whole. */
export interface RowProblem {
  field: string;
  message: string;
}

export const IMPORT_MESSAGES = {
  noName: "No name, first or last name, or company to name the contact.",
  noPhone: "No phone number.",
  customFields: `At most ${CONTACT_LIMITS.customFields} custom fields: the rest were left out.`,
} as const;

/** HubSpot's lead statuses in ours. */
const LEAD_STATUS_SYNONYMS: Record<string, string> = {
  open: "new",
  "attempted to contact": "contacted",
  connected: "contacted",
  "in progress": "contacted",
  "open deal": "proposal",
  unqualified: "lost",
  "bad timing": "lost",
};

/** HubSpot's lifecycle stages in our contact types. */
const CONTACT_TYPE_SYNONYMS: Record<string, string> = {
  subscriber: "lead",
  "marketing qualified lead": "lead",
  marketingqualifiedlead: "lead",
  "sales qualified lead": "lead",
  salesqualifiedlead: "lead",
  opportunity: "lead",
  customer: "client",
  evangelist: "client",
};

function enumValue(value: string, allowed: readonly string[], synonyms: Record<string, string>): string {
  const key = value.trim().toLowerCase();
  return allowed.includes(key) ? key : (synonyms[key] ?? key);
}

/** Fax machines, pagers and assistants are not who a call should reach first. */
const SECONDARY_LINE = /fax|pager|telex|tty|isdn|assistant|callback|radio/i;

/** The order in which phones are tried for the contact's number: preferred, then the file's order. */
function byReachability(phones: LabelledValue[]): LabelledValue[] {
  const rank = (p: LabelledValue) => (p.preferred ? 0 : SECONDARY_LINE.test(p.label) ? 2 : 1);
  return phones
    .map((phone, i) => ({ phone, i }))
    .sort((a, b) => rank(a.phone) - rank(b.phone) || a.i - b.i)
    .map(({ phone }) => phone);
}

/** A custom field's name not yet taken: a second "Phone (Work)" becomes "Phone (Work) 2". */
function uniqueName(base: string, taken: Map<string, string>): string {
  let name = base;
  for (let n = 2; taken.has(name); n++) name = `${base} ${n}`;
  return name;
}

/** "Phone (Work)", or "Phone 2" when the value has no label. */
const labelled = (kind: string, label: string, position: number) =>
  label ? `${kind} (${label})` : `${kind} ${position}`;

function fullName(person: ImportedPerson): string {
  if (person.name.trim()) return person.name.trim();
  const { prefix, first, middle, last, suffix } = person.nameParts;
  const parts = [prefix, first, middle, last]
    .map((p) => p.trim())
    .filter(Boolean)
    .join(" ");
  const joined = suffix.trim() && parts ? `${parts}, ${suffix.trim()}` : parts;
  return joined || person.company.trim();
}

/** The fields that are not needed to make a contact: a bad one is left out, not the row. */
const OPTIONAL_FIELDS = new Set<string>([
  "email",
  "company",
  "address",
  "notes",
  "lastContacted",
  "followUpDate",
  "tags",
  "customFields",
  "leadStatus",
  "contactType",
  "source",
]);

export interface PersonOutcome {
  contact: CreateContactBody | null;
  /** Why the row is skipped (contact null), or what was left out of the contact. */
  problems: RowProblem[];
  /** What the preview shows of the row. */
  summary: { name: string; phone: string; email: string };
}

/** The contact a person makes, checked by the Add Contact form's schema. */
export function contactOfPerson(person: ImportedPerson): PersonOutcome {
  const problems: RowProblem[] = [];
  const custom = new Map<string, string>();
  const name = fullName(person);
  const phones = byReachability(person.phones.filter((p) => p.value.trim()));
  const phone = phones.find((p) => toE164(p.value) !== null) ?? phones[0];
  const [email, ...otherEmails] = person.emails.filter((e) => e.value.trim());
  const [address, ...otherAddresses] = person.addresses.filter((a) => a.value.trim());
  const summary = { name, phone: phone?.value.trim() ?? "", email: email?.value.trim() ?? "" };

  const keep = (name: string, value: string) => {
    custom.set(uniqueName(name, custom), value.trim());
  };
  person.phones.forEach((p, i) => {
    if (p !== phone && p.value.trim()) keep(labelled("Phone", p.label, i + 1), toE164(p.value) ?? p.value);
  });
  otherEmails.forEach((e, i) => {
    keep(labelled("Email", e.label, i + 2), e.value);
  });
  otherAddresses.forEach((a, i) => {
    keep(labelled("Address", a.label, i + 2), a.value);
  });
  for (const [name, value] of person.custom) if (value.trim()) keep(name, value);
  const customFields = Object.fromEntries([...custom].slice(0, CONTACT_LIMITS.customFields));
  if (custom.size > CONTACT_LIMITS.customFields)
    problems.push({ field: "customFields", message: IMPORT_MESSAGES.customFields });

  const body: Record<string, unknown> = {
    name,
    phone: phone?.value ?? "",
    email: email?.value,
    company: person.company || undefined,
    address: address?.value,
    notes: person.notes.filter(Boolean).join("\n\n") || undefined,
    tags: person.tags.length > 0 ? person.tags : undefined,
    customFields: Object.keys(customFields).length > 0 ? customFields : undefined,
    leadStatus: person.leadStatus
      ? enumValue(person.leadStatus, leadStatuses, LEAD_STATUS_SYNONYMS)
      : undefined,
    contactType: person.contactType
      ? enumValue(person.contactType, contactTypes, CONTACT_TYPE_SYNONYMS)
      : undefined,
    source: person.source ? person.source.trim().toLowerCase() : "manual",
    lastContacted: person.lastContacted || undefined,
    followUpDate: person.followUpDate || undefined,
  };

  if (!name)
    return { contact: null, problems: [{ field: "name", message: IMPORT_MESSAGES.noName }], summary };
  if (!phone)
    return { contact: null, problems: [{ field: "phone", message: IMPORT_MESSAGES.noPhone }], summary };
  // Each pass leaves out the optional fields the schema refused; name and phone skip the row.
  for (;;) {
    const parsed = createContactBodySchema.safeParse(body);
    if (parsed.success) return { contact: parsed.data, problems, summary };
    const refused = new Map<string, string>();
    for (const issue of parsed.error.issues) {
      const field = typeof issue.path[0] === "string" ? issue.path[0] : "row";
      if (!refused.has(field)) refused.set(field, issue.message);
    }
    const required = [...refused].filter(([field]) => !OPTIONAL_FIELDS.has(field));
    if (required.length > 0)
      return { contact: null, problems: required.map(([field, message]) => ({ field, message })), summary };
    for (const [field, message] of refused) {
      problems.push({ field, message });
      body[field] = field === "source" ? "manual" : undefined;
    }
  }
}
