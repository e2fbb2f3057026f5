import { z } from "zod";
import { actionWording, permissionTable } from "../auth/permissions";
import { errorResponseSchema } from "../common";
import { type Access, type Answer, type Endpoint, isRawAnswer, type RawAnswer } from "../endpoint";
import { errorCodes } from "../errors";
import { type ListedEndpoint, listEndpoints } from "../registry";
import type {
  HttpMethod,
  JsonSchema,
  OpenApiDocument,
  Operation,
  Parameter,
  Reference,
  RequestBody,
  Response,
  Tag,
} from "./openapi-document";

/**
 * The OpenAPI 3.1 document of the API, made from the contracts (registry.ts): one operation per
 * endpoint, its schemas converted by zod's own z.toJSONSchema. Every schema is converted on its
 * input side: requests are what the caller sends, and answers are what the server's serializer
 * encodes the handler's values back into (a timestamp is a Date in the handler, an ISO string on
 * the wire), which is the schema's input side too.
 */

export const OPENAPI_VERSION = "3.1.0";
const JSON_SCHEMA_DIALECT = "https://spec.openapis.org/oas/3.1/dialect/base";
const SESSION_SCHEME = "session";
/** The session cookie (modules/auth/sessions.ts SESSION_COOKIE; contracts import no module). */
const SESSION_COOKIE_NAME = "session";
const ERROR_SCHEMA = "Error";

export interface DocumentInfo {
  title: string;
  version: string;
}

const defaultInfo: DocumentInfo = { title: "Poundline API", version: "1.0.0" };

const infoDescription = [
  "The HTTP API of Poundline, the cloud business phone system: what the web console calls.",
  "",
  "**Signing in.** `POST /api/auth/login` sets the `session` cookie; every endpoint that is not",
  "public needs it. A write (POST, PUT, PATCH, DELETE) that carries the cookie must also carry an",
  "`Origin` header naming this site, or it is refused with 403.",
  "",
  "**Errors.** Every error answers the one error shape (`Error`): a `code`, a `message` for people,",
  "the `requestId` to quote to support and, on a 400, `fields`: each field at fault with its messages.",
].join("\n");

/** Builds the document of these endpoints (by default every endpoint the registry lists). */
export function buildOpenApiDocument(
  endpoints: readonly ListedEndpoint[] = listEndpoints(),
  info: DocumentInfo = defaultInfo,
): OpenApiDocument {
  const components = new Components();
  const paths: OpenApiDocument["paths"] = {};
  for (const listed of endpoints) {
    const path = openApiPath(listed.endpoint.path);
    const method = listed.endpoint.method.toLowerCase() as HttpMethod;
    const operations = paths[path] ?? {};
    if (operations[method]) throw new Error(`${listed.endpoint.method} ${path} is listed twice`);
    operations[method] = operationOf(listed, components);
    paths[path] = operations;
  }
  return {
    openapi: OPENAPI_VERSION,
    info: { ...info, description: infoDescription },
    jsonSchemaDialect: JSON_SCHEMA_DIALECT,
    tags: tagsOf(endpoints),
    paths,
    components: {
      schemas: components.schemas,
      responses: components.responses,
      securitySchemes: {
        [SESSION_SCHEME]: {
          type: "apiKey",
          in: "cookie",
          name: SESSION_COOKIE_NAME,
          description: "The session cookie that signing in sets (HTTP only).",
        },
      },
    },
  };
}

/** The shared parts: the error shape, each error answer, and the definitions of recursive schemas. */
class Components {
  readonly schemas: Record<string, JsonSchema> = {};
  readonly responses: Record<string, Response> = {};

  /** The error answer of `status`, declared once and referred to. */
  errorResponse(status: number): Reference {
    const name = errorResponseName(status);
    if (!this.responses[name]) {
      this.schemas[ERROR_SCHEMA] ??= this.schema(errorResponseSchema, ERROR_SCHEMA);
      this.responses[name] = {
        description: errorDescription(status),
        content: { "application/json": { schema: { $ref: schemaRef(ERROR_SCHEMA) } } },
      };
    }
    return { $ref: `#/components/responses/${name}` };
  }

  /**
   * `schema` as JSON Schema. The definitions z.toJSONSchema puts in `$defs` (recursive schemas)
   * become components named after `name`: in an OpenAPI document `#/$defs/...` would point at
   * the document's root, not at the schema.
   */
  schema(schema: z.ZodType, name: string): JsonSchema {
    const {
      $defs,
      $schema: _dialect,
      ...root
    } = z.toJSONSchema(schema, {
      io: "input",
      unrepresentable: "any",
      override: tidy,
    }) as JsonSchema & { $defs?: Record<string, JsonSchema> };
    const componentOf = (ref: string) => {
      if (ref === "#") return name;
      if (ref.startsWith("#/$defs/")) return `${name}.${ref.slice("#/$defs/".length)}`;
      return null;
    };
    const relinked = relink(root, componentOf) as JsonSchema;
    for (const [key, definition] of Object.entries($defs ?? {}))
      this.schemas[`${name}.${key}`] = relink(definition, componentOf) as JsonSchema;
    if (!containsRef(root, "#")) return relinked;
    // The root refers to itself: it is a component too, and the operation points at it.
    this.schemas[name] = relinked;
    return { $ref: schemaRef(name) };
  }
}

const schemaRef = (name: string) => `#/components/schemas/${name}`;

/** Points the `$ref`s of `value` that `componentOf` names at the components. */
function relink(value: unknown, componentOf: (ref: string) => string | null): unknown {
  if (Array.isArray(value)) return value.map((item) => relink(item, componentOf));
  if (value === null || typeof value !== "object") return value;
  return Object.fromEntries(
    Object.entries(value).map(([key, child]) => {
      const component = key === "$ref" && typeof child === "string" ? componentOf(child) : null;
      return [key, component ? schemaRef(component) : relink(child, componentOf)];
    }),
  );
}

function containsRef(value: unknown, ref: string): boolean {
  if (Array.isArray(value)) return value.some((item) => containsRef(item, ref));
  if (value === null || typeof value !== "object") return false;
  return Object.entries(value).some(([key, child]) =>
    key === "$ref" ? child === ref : containsRef(child, ref),
  );
}

type OverrideContext = Parameters<NonNullable<Parameters<typeof z.toJSONSchema>[1]>["override"] & {}>[0];

/**
 * What z.toJSONSchema writes, made readable: a Date (sent by JSON.stringify) is a date-time
 * string; a string format (date-time, e-mail...) says it without its long built-in pattern; an
 * integer without bounds of its own has none (not ±2^53).
 */
function tidy({ zodSchema, jsonSchema }: OverrideContext) {
  const def = zodSchema._zod.def as { type: string; format?: string; pattern?: RegExp };
  if (def.type === "date") Object.assign(jsonSchema, { type: "string", format: "date-time" });
  if (def.format && def.pattern && jsonSchema.format && jsonSchema.pattern === def.pattern.source)
    delete jsonSchema.pattern;
  if (jsonSchema.minimum === Number.MIN_SAFE_INTEGER) delete jsonSchema.minimum;
  if (jsonSchema.maximum === Number.MAX_SAFE_INTEGER) delete jsonSchema.maximum;
}

function operationOf({ context, name, endpoint }: ListedEndpoint, components: Components): Operation {
  const operationId = `${context}.${name}`;
  const parameters = [
    ...pathParameters(endpoint, operationId, components),
    ...queryParameters(endpoint, operationId, components),
  ];
  const requestBody = requestBodyOf(endpoint, operationId, components);
  return {
    operationId,
    summary: endpoint.summary,
    description: describeOperation(endpoint),
    tags: [context],
    security: endpoint.access === "public" ? [] : [{ [SESSION_SCHEME]: [] }],
    ...(parameters.length > 0 ? { parameters } : {}),
    ...(requestBody ? { requestBody } : {}),
    responses: responsesOf(endpoint, operationId, components),
    "x-access": endpoint.access,
    ...(endpoint.permission ? { "x-permission": endpoint.permission } : {}),
  };
}

/** `/api/extensions/:id` → `/api/extensions/{id}`; Fastify's `*` wildcard is the parameter `*`. */
export function openApiPath(path: string): string {
  return path.replace(/:([A-Za-z0-9_]+)(\([^)]*\))?/g, "{$1}").replace(/\*$/, "{*}");
}

function pathParameterNames(path: string): string[] {
  return [...openApiPath(path).matchAll(/\{([^}]+)\}/g)].map((match) => match[1] as string);
}

/** Each `{name}` of the path, with its schema from `params` (a plain string when it has none). */
function pathParameters(endpoint: Endpoint, operationId: string, components: Components): Parameter[] {
  const declared = endpoint.params
    ? objectFields(components.schema(endpoint.params, `${operationId}.params`))
    : { properties: {}, required: [] };
  return pathParameterNames(endpoint.path).map((name) =>
    parameter(name, "path", true, declared.properties[name] ?? { type: "string" }),
  );
}

function queryParameters(endpoint: Endpoint, operationId: string, components: Components): Parameter[] {
  if (!endpoint.query) return [];
  const { properties, required } = objectFields(components.schema(endpoint.query, `${operationId}.query`));
  return Object.entries(properties).map(([name, schema]) =>
    parameter(name, "query", required.includes(name), schema),
  );
}

function parameter(name: string, where: "path" | "query", required: boolean, schema: JsonSchema): Parameter {
  const { description, ...rest } = schema;
  return { name, in: where, required, ...(description ? { description } : {}), schema: rest };
}

interface ObjectFields {
  properties: Record<string, JsonSchema>;
  required: string[];
}

/**
 * The fields of an object schema, for parameters: an intersection (`allOf`) has those of all its
 * parts; a union (`anyOf`) those of any branch, required only where every branch requires them.
 */
function objectFields(schema: JsonSchema): ObjectFields {
  const own = { properties: schema.properties ?? {}, required: schema.required ?? [] };
  const all = (schema.allOf ?? []).map(objectFields);
  const any = (schema.anyOf ?? schema.oneOf ?? []).map(objectFields);
  const requiredByEvery = any.length
    ? (any[0]?.required ?? []).filter((name) => any.every((branch) => branch.required.includes(name)))
    : [];
  return {
    properties: Object.assign(
      {},
      ...any.map((b) => b.properties),
      ...all.map((b) => b.properties),
      own.properties,
    ),
    required: [...new Set([...own.required, ...all.flatMap((b) => b.required), ...requiredByEvery])],
  };
}

function requestBodyOf(endpoint: Endpoint, operationId: string, components: Components): RequestBody | null {
  if (endpoint.body)
    return {
      required: !endpoint.body.safeParse(undefined).success,
      content: { "application/json": { schema: components.schema(endpoint.body, `${operationId}.body`) } },
    };
  if (endpoint.upload)
    return { description: endpoint.upload.description, required: true, content: rawContent(endpoint.upload) };
  return null;
}

/** A multipart body is a form of fields and files; any other raw body is bytes of its media type. */
function rawContent(raw: RawAnswer): Record<string, { schema?: JsonSchema }> {
  return { [raw.raw]: raw.raw.startsWith("multipart/") ? { schema: { type: "object" } } : {} };
}

function responsesOf(endpoint: Endpoint, operationId: string, components: Components) {
  const responses: Record<string, Response | Reference> = {};
  for (const [status, answer] of Object.entries(endpoint.responses) as [string, Answer][])
    responses[status] = responseOf(Number(status), answer, `${operationId}.${status}`, components);
  return responses;
}

function responseOf(
  status: number,
  answer: Answer,
  name: string,
  components: Components,
): Response | Reference {
  if (isRawAnswer(answer)) return rawResponse(status, answer);
  if (answer === errorResponseSchema) return components.errorResponse(status);
  const description = answer.description ?? statusDescriptions[status] ?? `HTTP ${status}`;
  if (status === 204 || answer instanceof z.ZodNull || answer instanceof z.ZodVoid) return { description };
  return { description, content: { "application/json": { schema: components.schema(answer, name) } } };
}

/** A redirect says where in its Location header; any other raw answer is content of its media type. */
function rawResponse(status: number, answer: RawAnswer): Response {
  if (status >= 300 && status < 400)
    return {
      description: answer.description,
      headers: { Location: { description: "Where to go next.", schema: { type: "string" } } },
    };
  return { description: answer.description, content: rawContent(answer) };
}

const statusDescriptions: Record<number, string> = {
  200: "OK",
  201: "Created",
  202: "Accepted",
  204: "No content",
};

/** The error answers, in plain words; a status not listed here says its code's name. */
const errorDescriptions: Partial<Record<number, string>> = {
  400: "Invalid input: `error.fields` names each field at fault with its messages.",
  401: "Not signed in, or the session has ended.",
  403: "Not allowed: no account, a role without the permission, or a write from another origin.",
  404: "Not found, or not this account's.",
  409: "Refused as things stand (a duplicate, or something still in use): the message says why.",
  413: "The body or the file is too large.",
  429: "Too many requests: wait before trying again (the Retry-After header says how long).",
  503: "Not configured on this server, or a service it needs is unavailable.",
};

const errorCodeOf = (status: number) =>
  (Object.keys(errorCodes) as (keyof typeof errorCodes)[]).find((code) => errorCodes[code] === status);

/** `BadRequest` for 400: the component's name, from the error code. */
function errorResponseName(status: number): string {
  const code = errorCodeOf(status);
  if (!code) return `Error${status}`;
  return code
    .toLowerCase()
    .split("_")
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
    .join("");
}

function errorDescription(status: number): string {
  const code = errorCodeOf(status);
  const fallback = code
    ? code.charAt(0) + code.slice(1).toLowerCase().replaceAll("_", " ")
    : `HTTP ${status}`;
  return errorDescriptions[status] ?? `${fallback}.`;
}

const accessDescriptions: Record<Access, string> = {
  public: "Open to anyone: no session needed.",
  "signed-in": "Needs a signed-in session.",
  account: "Needs a signed-in session with an account; every id is the account's own.",
  admin: "For the platform's administrators, signed in with two-factor authentication.",
};

/** Who may call it, the permission it needs and by which roles, then the endpoint's own prose. */
function describeOperation(endpoint: Endpoint): string {
  const lines = [accessDescriptions[endpoint.access]];
  if (endpoint.permission) {
    const roles = Object.entries(permissionTable)
      .filter(([, allowed]) => endpoint.permission && allowed.has(endpoint.permission))
      .map(([role]) => role);
    lines.push(
      `Needs the permission \`${endpoint.permission}\` (${actionWording[endpoint.permission]}), which the roles ${roles.join(", ")} have.`,
    );
  }
  if (endpoint.description) lines.push("", endpoint.description);
  return lines.join("\n");
}

/** One tag per context, in the registry's order, titled for people. */
function tagsOf(endpoints: readonly ListedEndpoint[]): Tag[] {
  const contexts = [...new Set(endpoints.map((listed) => listed.context))];
  return contexts.map((name) => ({ name, "x-displayName": contextTitle(name) }));
}

/** Words of a context's name that are written in capitals. */
const ACRONYMS = new Set(["api", "crm", "ivr", "sip", "sms"]);

/** `call-routing` and `callRouting` → "Call routing", `ivr` → "IVR". */
export function contextTitle(context: string): string {
  const words = context
    .replace(/([a-z])([A-Z])/g, "$1-$2")
    .toLowerCase()
    .split("-")
    .map((word) => (ACRONYMS.has(word) ? word.toUpperCase() : word));
  const [first = "", ...rest] = words;
  return [first.charAt(0).toUpperCase() + first.slice(1), ...rest].join(" ");
}
