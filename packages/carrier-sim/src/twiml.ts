import { XMLParser, XMLValidator } from "fast-xml-parser";

/** One TwiML element: verb or noun, its attributes, its children, and its text. */
export interface TwimlElement {
  name: string;
  attributes: Record<string, string>;
  children: TwimlElement[];
  /** Text of the element and its descendants, whitespace collapsed (SSML tags dropped). */
  text: string;
  /** Text directly inside the element, without its children's. */
  ownText: string;
}

export type TwimlParse = { ok: true; response: TwimlElement } | { ok: false; error: string };

const parser = new XMLParser({
  preserveOrder: true,
  ignoreAttributes: false,
  attributeNamePrefix: "",
  parseTagValue: false,
  parseAttributeValue: false,
  trimValues: true,
  processEntities: true,
  htmlEntities: false,
});

type OrderedNode = Record<string, unknown> & { ":@"?: Record<string, string> };

function toElement(node: OrderedNode): TwimlElement | null {
  const name = Object.keys(node).find((key) => key !== ":@");
  if (!name || name.startsWith("?") || name === "#text") return null;
  const raw = node[name];
  const childNodes = Array.isArray(raw) ? (raw as OrderedNode[]) : [];
  const children: TwimlElement[] = [];
  const texts: string[] = [];
  const own: string[] = [];
  for (const child of childNodes) {
    if ("#text" in child) {
      texts.push(String(child["#text"]));
      own.push(String(child["#text"]));
      continue;
    }
    const element = toElement(child);
    if (element) {
      children.push(element);
      if (element.text) texts.push(element.text);
    }
  }
  const attributes: Record<string, string> = {};
  for (const [key, value] of Object.entries(node[":@"] ?? {})) attributes[key] = String(value);
  const collapse = (parts: string[]) => parts.join(" ").replace(/\s+/g, " ").trim();
  return { name, attributes, children, text: collapse(texts), ownText: collapse(own) };
}

/** Parses a TwiML document; anything but well-formed XML with a `<Response>` root is an error. */
export function parseTwiml(xml: string): TwimlParse {
  if (!xml.trim()) return { ok: false, error: "empty document" };
  const valid = XMLValidator.validate(xml);
  if (valid !== true) return { ok: false, error: `invalid XML: ${valid.err.msg} (line ${valid.err.line})` };
  const roots = (parser.parse(xml) as OrderedNode[]).map(toElement).filter((e) => e !== null);
  const root = roots[0];
  if (roots.length !== 1 || !root)
    return { ok: false, error: "a TwiML document has exactly one root element" };
  if (root.name !== "Response") return { ok: false, error: `root element is <${root.name}>, not <Response>` };
  return { ok: true, response: root };
}
