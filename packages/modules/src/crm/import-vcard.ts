import ICAL from "ical.js";
import { emptyPerson, type ImportedPerson, type LabelledValue } from "./import-person";
import { isVcard21, vcard21As30 } from "./import-vcard21";

/**
 * vCard 3.0 (RFC 2426, what iCloud and macOS Contacts write) and 4.0 (RFC 6350) read by ical.js
 * (2.1, Android's, rewritten as 3.0 first: import-vcard21.ts),
 * which unfolds lines, unescapes \, \; \n and splits parameters; each card becomes a person.
 * Apple's labels come as a grouped X-ABLabel ("item2.X-ABLabel:_$!<Assistant>!$_").
 */

/** A property of ical.js's jCard: [name, params, value type, ...values]. */
type JCardProperty = [string, Record<string, string | string[]>, string, ...unknown[]];

/** TYPE values that say nothing a person would call a label. */
const NOT_LABELS = new Set(["voice", "internet", "pref", "x400", "text", "msg", "uri"]);

export const VCARD_MESSAGES = {
  unreadable: (detail: string) => `This vCard file could not be read: ${detail}`,
} as const;

export function looksLikeVcard(text: string): boolean {
  return /^\s*BEGIN:VCARD\s*$/im.test(text.slice(0, 1000));
}

/** A value as text; ical.js leaves vCard 3.0's escaped semicolon ("\\;") in text values. */
const asText = (value: unknown): string =>
  Array.isArray(value)
    ? value.map(asText).join(",")
    : value === undefined || value === null
      ? ""
      : String(value).replaceAll("\\;", ";");

/** Apple writes its built-in labels as _$!<Mobile>!$_ and custom ones as they are. */
const appleLabel = (raw: string) => raw.replace(/^_\$!<(.*)>!\$_$/, "$1");

function typesOf(params: JCardProperty[1]): string[] {
  const raw = params.type;
  const list = Array.isArray(raw) ? raw : raw ? [raw] : [];
  return list.flatMap((t) => t.split(",")).map((t) => t.trim());
}

function labelledValue(property: JCardProperty, labels: Map<string, string>, value: string): LabelledValue {
  const [, params] = property;
  const types = typesOf(params);
  const group = typeof params.group === "string" ? params.group : "";
  const label =
    labels.get(group) ??
    types
      .filter((t) => !NOT_LABELS.has(t.toLowerCase()))
      .map((t) => t.charAt(0).toUpperCase() + t.slice(1).toLowerCase())
      .join(" ");
  const preferred = types.some((t) => t.toLowerCase() === "pref") || params.pref === "1";
  return { value, label, preferred };
}

/** ADR's parts (PO box; extended; street; locality; region; code; country) as one line. */
function addressText(parts: unknown): string {
  const [, extended, street, city, region, code, country] = (Array.isArray(parts) ? parts : [parts]).map(
    asText,
  );
  const regionAndCode = [region, code].filter(Boolean).join(" ");
  return [street, extended, city, regionAndCode, country].filter(Boolean).join(", ");
}

function personOfCard(properties: JCardProperty[], number: number): ImportedPerson {
  const person = emptyPerson(number);
  const labels = new Map<string, string>();
  for (const [name, params, , value] of properties)
    if (name === "x-ablabel" && typeof params.group === "string")
      labels.set(params.group, appleLabel(asText(value)));

  for (const property of properties) {
    const [name, , , ...values] = property;
    const first = values[0];
    switch (name) {
      case "fn":
        person.name = asText(first);
        break;
      case "n": {
        const [last, given, middle, prefix, suffix] = (Array.isArray(first) ? first : [first]).map(asText);
        person.nameParts = {
          prefix: prefix ?? "",
          first: given ?? "",
          middle: middle ?? "",
          last: last ?? "",
          suffix: suffix ?? "",
        };
        break;
      }
      case "org":
        person.company = asText(Array.isArray(first) ? first[0] : first);
        break;
      case "tel":
        // vCard 4.0 writes a tel: URI, possibly with ;ext=.
        person.phones.push(labelledValue(property, labels, asText(first).replace(/^tel:/i, "")));
        break;
      case "email":
        person.emails.push(labelledValue(property, labels, asText(first)));
        break;
      case "adr":
        person.addresses.push(labelledValue(property, labels, addressText(first)));
        break;
      case "note":
        person.notes.push(asText(first));
        break;
      case "categories":
        person.tags.push(...values.map(asText));
        break;
      case "title":
        person.custom.push(["Job Title", asText(first)]);
        break;
      case "nickname":
        person.custom.push(["Nickname", asText(first)]);
        break;
      case "bday":
        person.custom.push(["Birthday", asText(first)]);
        break;
      case "url":
        person.custom.push(["Website", asText(first)]);
        break;
    }
  }
  return person;
}

/** The people of a vCard file, or the reason it cannot be read. */
export function readVcards(text: string): { people: ImportedPerson[]; fileError: string | null } {
  let parsed: unknown;
  try {
    parsed = ICAL.parse(isVcard21(text) ? vcard21As30(text) : text);
  } catch (err) {
    return { people: [], fileError: VCARD_MESSAGES.unreadable((err as Error).message) };
  }
  // One card parses to a component, several to a list of them.
  const components = (typeof (parsed as unknown[])[0] === "string" ? [parsed] : parsed) as [
    string,
    JCardProperty[],
  ][];
  const people = components
    .filter(([kind]) => kind === "vcard")
    .map(([, properties], i) => personOfCard(properties, i + 1));
  return { people, fileError: null };
}
