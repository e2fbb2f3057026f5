/**
 * Validators built from the carrier's own OpenAPI description, so the sim refuses exactly the
 * requests the carrier's schema refuses and its answers can be checked against the carrier's
 * response schemas.
 */
import { existsSync, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { Ajv, type AnySchemaObject, type ValidateFunction } from "ajv";
import addFormats from "ajv-formats";
import { isEndpoint, isPhoneNumber } from "./phone";
import { parseTwiml } from "./twiml";

export type OperationId =
  | "createMessage"
  | "fetchMessage"
  | "createCall"
  | "fetchCall"
  | "listCall"
  | "updateCall"
  | "fetchRecording"
  | "deleteRecording"
  | "listAvailableLocal"
  | "listAvailableTollFree"
  | "createIncomingPhoneNumber"
  | "fetchIncomingPhoneNumber"
  | "updateIncomingPhoneNumber"
  | "deleteIncomingPhoneNumber"
  | "createAddress"
  | "fetchAddress"
  | "deleteAddress"
  | "fetchConference"
  | "updateConference"
  | "createParticipant"
  | "updateParticipant"
  | "deleteParticipant";

export const SIM_OPERATIONS: ReadonlyArray<{
  id: OperationId;
  path: string;
  method: "get" | "post" | "delete";
  status: string;
}> = [
  {
    id: "createMessage",
    path: "/2010-04-01/Accounts/{AccountSid}/Messages.json",
    method: "post",
    status: "201",
  },
  {
    id: "fetchMessage",
    path: "/2010-04-01/Accounts/{AccountSid}/Messages/{Sid}.json",
    method: "get",
    status: "200",
  },
  { id: "createCall", path: "/2010-04-01/Accounts/{AccountSid}/Calls.json", method: "post", status: "201" },
  { id: "listCall", path: "/2010-04-01/Accounts/{AccountSid}/Calls.json", method: "get", status: "200" },
  {
    id: "fetchCall",
    path: "/2010-04-01/Accounts/{AccountSid}/Calls/{Sid}.json",
    method: "get",
    status: "200",
  },
  {
    id: "updateCall",
    path: "/2010-04-01/Accounts/{AccountSid}/Calls/{Sid}.json",
    method: "post",
    status: "200",
  },
  {
    id: "fetchRecording",
    path: "/2010-04-01/Accounts/{AccountSid}/Recordings/{Sid}.json",
    method: "get",
    status: "200",
  },
  {
    id: "deleteRecording",
    path: "/2010-04-01/Accounts/{AccountSid}/Recordings/{Sid}.json",
    method: "delete",
    status: "204",
  },
  {
    id: "listAvailableLocal",
    path: "/2010-04-01/Accounts/{AccountSid}/AvailablePhoneNumbers/{CountryCode}/Local.json",
    method: "get",
    status: "200",
  },
  {
    id: "listAvailableTollFree",
    path: "/2010-04-01/Accounts/{AccountSid}/AvailablePhoneNumbers/{CountryCode}/TollFree.json",
    method: "get",
    status: "200",
  },
  {
    id: "createIncomingPhoneNumber",
    path: "/2010-04-01/Accounts/{AccountSid}/IncomingPhoneNumbers.json",
    method: "post",
    status: "201",
  },
  {
    id: "fetchIncomingPhoneNumber",
    path: "/2010-04-01/Accounts/{AccountSid}/IncomingPhoneNumbers/{Sid}.json",
    method: "get",
    status: "200",
  },
  {
    id: "updateIncomingPhoneNumber",
    path: "/2010-04-01/Accounts/{AccountSid}/IncomingPhoneNumbers/{Sid}.json",
    method: "post",
    status: "200",
  },
  {
    id: "deleteIncomingPhoneNumber",
    path: "/2010-04-01/Accounts/{AccountSid}/IncomingPhoneNumbers/{Sid}.json",
    method: "delete",
    status: "204",
  },
  {
    id: "createAddress",
    path: "/2010-04-01/Accounts/{AccountSid}/Addresses.json",
    method: "post",
    status: "201",
  },
  {
    id: "fetchAddress",
    path: "/2010-04-01/Accounts/{AccountSid}/Addresses/{Sid}.json",
    method: "get",
    status: "200",
  },
  {
    id: "deleteAddress",
    path: "/2010-04-01/Accounts/{AccountSid}/Addresses/{Sid}.json",
    method: "delete",
    status: "204",
  },
  {
    id: "fetchConference",
    path: "/2010-04-01/Accounts/{AccountSid}/Conferences/{Sid}.json",
    method: "get",
    status: "200",
  },
  {
    id: "updateConference",
    path: "/2010-04-01/Accounts/{AccountSid}/Conferences/{Sid}.json",
    method: "post",
    status: "200",
  },
  {
    id: "createParticipant",
    path: "/2010-04-01/Accounts/{AccountSid}/Conferences/{ConferenceSid}/Participants.json",
    method: "post",
    status: "201",
  },
  {
    id: "updateParticipant",
    path: "/2010-04-01/Accounts/{AccountSid}/Conferences/{ConferenceSid}/Participants/{CallSid}.json",
    method: "post",
    status: "200",
  },
  {
    id: "deleteParticipant",
    path: "/2010-04-01/Accounts/{AccountSid}/Conferences/{ConferenceSid}/Participants/{CallSid}.json",
    method: "delete",
    status: "204",
  },
];

const repositoryRoot = new URL("../../../", import.meta.url);

/** CI and developers keep shared/ beside the clone: the full description lives there. */
export const defaultSpecPath = fileURLToPath(
  new URL("../shared/reference/twilio-oai/twilio_api_v2010.json", repositoryRoot),
);

/** The operations above, extracted by scripts/extract-openapi.ts, for machines without shared/. */
export const bundledSpecPath = fileURLToPath(new URL("./data/twilio_api_v2010.subset.json", import.meta.url));

interface OpenApiDocument {
  openapi: string;
  paths: Record<string, Record<string, OpenApiOperation | undefined> | undefined>;
  components?: { schemas?: Record<string, AnySchemaObject> };
}

interface OpenApiOperation {
  parameters?: { name: string; in: string; required?: boolean; schema?: AnySchemaObject }[];
  requestBody?: { content?: Record<string, { schema?: AnySchemaObject }> };
  responses?: Record<string, { content?: Record<string, { schema?: AnySchemaObject }> }>;
}

export interface CarrierSpec {
  document: OpenApiDocument;
  /** The file it was read from. */
  source: string;
}

/**
 * Reads the description: the given path (which must exist), else the full description beside
 * the repository, else the bundled subset.
 */
export function loadCarrierSpec(path?: string): CarrierSpec {
  const source = path ?? (existsSync(defaultSpecPath) ? defaultSpecPath : bundledSpecPath);
  if (!existsSync(source)) throw new Error(`carrier OpenAPI description not found at ${source}`);
  return { document: JSON.parse(readFileSync(source, "utf8")) as OpenApiDocument, source };
}

const RFC_2822 =
  /^(Mon|Tue|Wed|Thu|Fri|Sat|Sun), \d{2} (Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec) \d{4} \d{2}:\d{2}:\d{2} [+-]\d{4}$/;

function newAjv(coerce: boolean): Ajv {
  // strict: false because the description carries OpenAPI-only keywords (x-twilio, examples…).
  const ajv = new Ajv({ strict: false, allErrors: true, coerceTypes: coerce ? "array" : false });
  addFormats(ajv);
  ajv.addFormat("phone-number", isPhoneNumber);
  ajv.addFormat("endpoint", isEndpoint);
  ajv.addFormat("http-method", /^(GET|POST)$/i);
  ajv.addFormat("twiml", (value: string) => parseTwiml(value).ok);
  ajv.addFormat("date-time-rfc-2822", RFC_2822);
  ajv.addFormat("currency", /^[A-Za-z]{3}$/);
  ajv.addFormat("iso-country-code", /^[A-Z]{2}$/);
  ajv.addFormat("uri-map", () => true);
  ajv.addFormat("phone-number-capabilities", () => true);
  return ajv;
}

/**
 * OpenAPI 3.0 lets `nullable` stand without `type` (an untyped schema, which admits null anyway);
 * ajv refuses that, so it is dropped there.
 */
function withoutUntypedNullable<T>(value: T): T {
  if (Array.isArray(value)) return value.map(withoutUntypedNullable) as T;
  if (value === null || typeof value !== "object") return value;
  const entries = Object.entries(value).filter(([key]) => key !== "nullable" || "type" in value);
  return Object.fromEntries(entries.map(([key, child]) => [key, withoutUntypedNullable(child)])) as T;
}

export interface SpecValidators {
  spec: CarrierSpec;
  /** Validates a form body and coerces its strings to the schema's types, in place. */
  request(operation: OperationId): ValidateFunction;
  /** Validates a query string (as an object of strings) against the operation's query parameters, coercing. */
  query(operation: OperationId): ValidateFunction;
  /** Validates a JSON answer against the operation's success response schema (no coercion). */
  response(operation: OperationId): ValidateFunction;
}

export function createSpecValidators(spec: CarrierSpec = loadCarrierSpec()): SpecValidators {
  const requestAjv = newAjv(true);
  const responseAjv = newAjv(false);
  const cache = new Map<string, ValidateFunction>();
  let components: Record<string, unknown> | undefined;

  const operationOf = (id: OperationId) => {
    const entry = SIM_OPERATIONS.find((op) => op.id === id);
    const operation = entry && spec.document.paths[entry.path]?.[entry.method];
    if (!entry || !operation) throw new Error(`${id} is not described in ${spec.source}`);
    return { entry, operation };
  };

  // The operation's schema wrapped with the components, so its `#/components/…` refs resolve.
  const compile = (ajv: Ajv, key: string, schema: AnySchemaObject | undefined) => {
    const cached = cache.get(key);
    if (cached) return cached;
    if (!schema) throw new Error(`no schema for ${key} in ${spec.source}`);
    components ??= withoutUntypedNullable(spec.document.components ?? {});
    const validate = ajv.compile({ components, allOf: [withoutUntypedNullable(schema)] });
    cache.set(key, validate);
    return validate;
  };

  return {
    spec,
    request(id) {
      const { operation } = operationOf(id);
      const schema = operation.requestBody?.content?.["application/x-www-form-urlencoded"]?.schema ?? {
        type: "object",
      };
      return compile(requestAjv, `request:${id}`, schema);
    },
    query(id) {
      const { operation } = operationOf(id);
      const parameters = (operation.parameters ?? []).filter((p) => p.in === "query");
      return compile(requestAjv, `query:${id}`, {
        type: "object",
        properties: Object.fromEntries(parameters.map((p) => [p.name, p.schema ?? {}])),
        required: parameters.filter((p) => p.required).map((p) => p.name),
        additionalProperties: false,
      });
    },
    response(id) {
      const { entry, operation } = operationOf(id);
      return compile(
        responseAjv,
        `response:${id}`,
        operation.responses?.[entry.status]?.content?.["application/json"]?.schema,
      );
    },
  };
}
