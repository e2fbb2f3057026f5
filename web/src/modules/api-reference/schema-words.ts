import type {
  JsonSchema,
  OpenApiDocument,
  Operation,
  Reference,
  Response,
} from "@poundline/contracts/reference/openapi-document";

/**
 * The API reference page's words for what the OpenAPI document says in JSON Schema: a field's
 * type and rules in plain English ("whole number", "at most 100 characters").
 */

const SCHEMA_PREFIX = "#/components/schemas/";
const RESPONSE_PREFIX = "#/components/responses/";

/** The component a `$ref` names, and its name; the schema itself when it is no reference. */
export function resolveSchema(
  document: OpenApiDocument,
  schema: JsonSchema,
): { schema: JsonSchema; component?: string } {
  if (!schema.$ref?.startsWith(SCHEMA_PREFIX)) return { schema };
  const component = schema.$ref.slice(SCHEMA_PREFIX.length);
  return { schema: document.components.schemas[component] ?? {}, component };
}

export function resolveResponse(document: OpenApiDocument, response: Response | Reference): Response {
  if (!("$ref" in response)) return response;
  const name = response.$ref.slice(RESPONSE_PREFIX.length);
  return document.components.responses[name] ?? { description: name };
}

const formatWords: Record<string, string> = {
  "date-time": "date and time (ISO 8601)",
  date: "date (YYYY-MM-DD)",
  time: "time of day",
  email: "e-mail address",
  uuid: "UUID",
  uri: "URL",
  url: "URL",
};

const typeWords: Record<string, string> = {
  string: "text",
  integer: "whole number",
  number: "number",
  boolean: "true or false",
  null: "null",
  object: "object",
};

const quoted = (value: unknown) => JSON.stringify(value);

/**
 * What kind of value a schema takes, in a few words. A component met again inside itself (a
 * recursive shape) is named rather than followed.
 */
export function typeLabel(document: OpenApiDocument, schema: JsonSchema, seen = new Set<string>()): string {
  const { schema: s, component } = resolveSchema(document, schema);
  if (component && seen.has(component)) return component;
  const inner = component ? new Set([...seen, component]) : seen;
  const label = (part: JsonSchema) => typeLabel(document, part, inner);
  if (s.const !== undefined) return `exactly ${quoted(s.const)}`;
  if (s.enum) return `one of ${s.enum.map(quoted).join(", ")}`;
  const union = s.anyOf ?? s.oneOf;
  if (union) return union.map(label).join(" or ");
  if (s.allOf) return s.allOf.map(label).join(" and ");
  if (Array.isArray(s.type)) return s.type.map((type) => label({ ...s, type })).join(" or ");
  if (s.type === "string" && s.format) return formatWords[s.format] ?? `text (${s.format})`;
  if (s.type === "array") return s.items ? `list of ${label(s.items)}` : "list";
  if (s.type === "object" && !s.properties && typeof s.additionalProperties === "object")
    return `map of names to ${label(s.additionalProperties)}`;
  if (typeof s.type === "string") return typeWords[s.type] ?? s.type;
  return s.properties ? "object" : "any value";
}

const plural = (count: number, word: string) => `${count} ${word}${count === 1 ? "" : "s"}`;

function range(low: number | undefined, high: number | undefined, unit?: string): string | null {
  const count = (n: number) => (unit ? plural(n, unit) : String(n));
  if (low !== undefined && high !== undefined)
    return low === high ? `exactly ${count(low)}` : `${low} to ${count(high)}`;
  if (low !== undefined) return `at least ${count(low)}`;
  if (high !== undefined) return `at most ${count(high)}`;
  return null;
}

/** The rules a value must follow beyond its type, each in a few words. */
export function constraintWords(schema: JsonSchema): string[] {
  const words = [
    range(schema.minLength, schema.maxLength, "character"),
    range(schema.minimum, schema.maximum),
    range(schema.minItems, schema.maxItems, "item"),
    schema.exclusiveMinimum !== undefined ? `more than ${schema.exclusiveMinimum}` : null,
    schema.exclusiveMaximum !== undefined ? `less than ${schema.exclusiveMaximum}` : null,
    schema.pattern ? `matches ${schema.pattern}` : null,
    schema.default !== undefined ? `default ${quoted(schema.default)}` : null,
  ];
  return words.filter((word): word is string => word !== null);
}

export interface Field {
  name: string;
  schema: JsonSchema;
  required: boolean;
}

/** The fields of an object schema, in its order. */
export function fieldsOf(document: OpenApiDocument, schema: JsonSchema): Field[] {
  const { schema: s } = resolveSchema(document, schema);
  const required = new Set(s.required ?? []);
  return Object.entries(s.properties ?? {}).map(([name, field]) => ({
    name,
    schema: field,
    required: required.has(name),
  }));
}

/** The object schema whose fields a value shows: itself, its list's items, or the non-null branch. */
export function objectWithin(document: OpenApiDocument, schema: JsonSchema): JsonSchema | null {
  const { schema: s } = resolveSchema(document, schema);
  if (s.properties) return s;
  if (s.items) return objectWithin(document, s.items);
  const branches = (s.anyOf ?? s.oneOf ?? []).filter((branch) => branch.type !== "null");
  if (branches.length === 1 && branches[0]) return objectWithin(document, branches[0]);
  return null;
}

export interface OperationEntry {
  path: string;
  method: string;
  operation: Operation;
}

export interface TagGroup {
  name: string;
  title: string;
  operations: OperationEntry[];
}

/** The operations by tag, in the document's tag order, keeping those whose words match `search`. */
export function groupByTag(document: OpenApiDocument, search: string): TagGroup[] {
  const words = search.trim().toLowerCase();
  const entries = Object.entries(document.paths).flatMap(([path, byMethod]) =>
    Object.entries(byMethod).map(([method, operation]) => ({ path, method, operation })),
  );
  const matches = ({ path, method, operation }: OperationEntry) =>
    [path, method, operation.summary, operation.operationId].join(" ").toLowerCase().includes(words);
  return document.tags
    .map((tag) => ({
      name: tag.name,
      title: tag["x-displayName"],
      operations: entries.filter((entry) => entry.operation.tags.includes(tag.name) && matches(entry)),
    }))
    .filter((group) => group.operations.length > 0);
}
