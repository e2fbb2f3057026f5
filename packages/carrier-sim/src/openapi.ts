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
  | "createRealtimeTranscription"
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
  | "deleteParticipant"
  | "fetchPortingPortability"
  | "createTollfreeVerification"
  | "listTollfreeVerification"
  | "fetchTollfreeVerification"
  | "updateTollfreeVerification"
  | "deleteTollfreeVerification"
  | "listAvailableMobile"
  | "listAvailableCountry"
  | "listRegulation"
  | "fetchRegulation"
  | "createEndUser"
  | "createSupportingDocument"
  | "createBundle"
  | "fetchBundle"
  | "updateBundle"
  | "createItemAssignment"
  | "listItemAssignment"
  | "createEvaluation"
  | "listIncomingPhoneNumber"
  | "createPortingPortIn"
  | "fetchPortingPortIn"
  | "deletePortingPortIn"
  | "fetchPortingPortInPhoneNumber"
  | "deletePortingPortInPhoneNumber"
  | "createPortingWebhookConfiguration"
  | "fetchPortingWebhookConfiguration"
  | "createTrustHubEndUser"
  | "createTrustHubSupportingDocument"
  | "createCustomerProfile"
  | "fetchCustomerProfile"
  | "updateCustomerProfile"
  | "createCustomerProfileEntityAssignment"
  | "createCustomerProfileEvaluation"
  | "createTrustProduct"
  | "fetchTrustProduct"
  | "updateTrustProduct"
  | "createTrustProductEntityAssignment"
  | "createTrustProductEvaluation"
  | "createBrandRegistrations"
  | "fetchBrandRegistrations"
  | "createService"
  | "createPhoneNumber"
  | "createUsAppToPerson"
  | "fetchUsAppToPerson";

/**
 * The carrier's descriptions the sim serves, one file each in shared/reference/twilio-oai
 * (`twilio_<name>.json`). Each is served from its own host (api.twilio.com, numbers.twilio.com…);
 * the sim takes the API's at its root and every other under `/<host>`: DESCRIPTION_HOSTS.
 */
export type CarrierDescription =
  | "api_v2010"
  | "numbers_v1"
  | "numbers_v2"
  | "messaging_v1"
  | "trusthub_v1"
  | "lookups_v2";

/** Where the sim serves a description's paths: `""` for the API, else `/<host>` (`/numbers`). */
export const DESCRIPTION_HOSTS: Record<CarrierDescription, string> = {
  api_v2010: "",
  numbers_v1: "/numbers",
  numbers_v2: "/numbers",
  messaging_v1: "/messaging",
  trusthub_v1: "/trusthub",
  lookups_v2: "/lookups",
};

export interface SimOperation {
  id: OperationId;
  path: string;
  method: "get" | "post" | "delete";
  status: string;
  /** The description holding it; the API's (api_v2010) when absent. */
  description?: CarrierDescription;
}

export const SIM_OPERATIONS: ReadonlyArray<SimOperation> = [
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
    id: "createRealtimeTranscription",
    path: "/2010-04-01/Accounts/{AccountSid}/Calls/{CallSid}/Transcriptions.json",
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
  {
    id: "fetchPortingPortability",
    description: "numbers_v1",
    path: "/v1/Porting/Portability/PhoneNumber/{PhoneNumber}",
    method: "get",
    status: "200",
  },
  ...portInOperations(),
  {
    id: "createTollfreeVerification",
    description: "messaging_v1",
    path: "/v1/Tollfree/Verifications",
    method: "post",
    status: "201",
  },
  {
    id: "listTollfreeVerification",
    description: "messaging_v1",
    path: "/v1/Tollfree/Verifications",
    method: "get",
    status: "200",
  },
  {
    id: "fetchTollfreeVerification",
    description: "messaging_v1",
    path: "/v1/Tollfree/Verifications/{Sid}",
    method: "get",
    status: "200",
  },
  {
    id: "updateTollfreeVerification",
    description: "messaging_v1",
    path: "/v1/Tollfree/Verifications/{Sid}",
    method: "post",
    status: "202",
  },
  {
    id: "deleteTollfreeVerification",
    description: "messaging_v1",
    path: "/v1/Tollfree/Verifications/{Sid}",
    method: "delete",
    status: "204",
  },
  {
    id: "listAvailableMobile",
    path: "/2010-04-01/Accounts/{AccountSid}/AvailablePhoneNumbers/{CountryCode}/Mobile.json",
    method: "get",
    status: "200",
  },
  {
    id: "listAvailableCountry",
    path: "/2010-04-01/Accounts/{AccountSid}/AvailablePhoneNumbers.json",
    method: "get",
    status: "200",
  },
  {
    id: "listRegulation",
    description: "numbers_v2",
    path: "/v2/RegulatoryCompliance/Regulations",
    method: "get",
    status: "200",
  },
  {
    id: "fetchRegulation",
    description: "numbers_v2",
    path: "/v2/RegulatoryCompliance/Regulations/{Sid}",
    method: "get",
    status: "200",
  },
  {
    id: "createEndUser",
    description: "numbers_v2",
    path: "/v2/RegulatoryCompliance/EndUsers",
    method: "post",
    status: "201",
  },
  {
    id: "createSupportingDocument",
    description: "numbers_v2",
    path: "/v2/RegulatoryCompliance/SupportingDocuments",
    method: "post",
    status: "201",
  },
  {
    id: "createBundle",
    description: "numbers_v2",
    path: "/v2/RegulatoryCompliance/Bundles",
    method: "post",
    status: "201",
  },
  {
    id: "fetchBundle",
    description: "numbers_v2",
    path: "/v2/RegulatoryCompliance/Bundles/{Sid}",
    method: "get",
    status: "200",
  },
  {
    id: "updateBundle",
    description: "numbers_v2",
    path: "/v2/RegulatoryCompliance/Bundles/{Sid}",
    method: "post",
    status: "200",
  },
  {
    id: "createItemAssignment",
    description: "numbers_v2",
    path: "/v2/RegulatoryCompliance/Bundles/{BundleSid}/ItemAssignments",
    method: "post",
    status: "201",
  },
  {
    id: "listItemAssignment",
    description: "numbers_v2",
    path: "/v2/RegulatoryCompliance/Bundles/{BundleSid}/ItemAssignments",
    method: "get",
    status: "200",
  },
  {
    id: "createEvaluation",
    description: "numbers_v2",
    path: "/v2/RegulatoryCompliance/Bundles/{BundleSid}/Evaluations",
    method: "post",
    status: "201",
  },
  {
    id: "listIncomingPhoneNumber",
    path: "/2010-04-01/Accounts/{AccountSid}/IncomingPhoneNumbers.json",
    method: "get",
    status: "200",
  },
  {
    id: "createTrustHubEndUser",
    description: "trusthub_v1",
    path: "/v1/EndUsers",
    method: "post",
    status: "201",
  },
  {
    id: "createTrustHubSupportingDocument",
    description: "trusthub_v1",
    path: "/v1/SupportingDocuments",
    method: "post",
    status: "201",
  },
  {
    id: "createCustomerProfile",
    description: "trusthub_v1",
    path: "/v1/CustomerProfiles",
    method: "post",
    status: "201",
  },
  {
    id: "fetchCustomerProfile",
    description: "trusthub_v1",
    path: "/v1/CustomerProfiles/{Sid}",
    method: "get",
    status: "200",
  },
  {
    id: "updateCustomerProfile",
    description: "trusthub_v1",
    path: "/v1/CustomerProfiles/{Sid}",
    method: "post",
    status: "200",
  },
  {
    id: "createCustomerProfileEntityAssignment",
    description: "trusthub_v1",
    path: "/v1/CustomerProfiles/{CustomerProfileSid}/EntityAssignments",
    method: "post",
    status: "201",
  },
  {
    id: "createCustomerProfileEvaluation",
    description: "trusthub_v1",
    path: "/v1/CustomerProfiles/{CustomerProfileSid}/Evaluations",
    method: "post",
    status: "201",
  },
  {
    id: "createTrustProduct",
    description: "trusthub_v1",
    path: "/v1/TrustProducts",
    method: "post",
    status: "201",
  },
  {
    id: "fetchTrustProduct",
    description: "trusthub_v1",
    path: "/v1/TrustProducts/{Sid}",
    method: "get",
    status: "200",
  },
  {
    id: "updateTrustProduct",
    description: "trusthub_v1",
    path: "/v1/TrustProducts/{Sid}",
    method: "post",
    status: "200",
  },
  {
    id: "createTrustProductEntityAssignment",
    description: "trusthub_v1",
    path: "/v1/TrustProducts/{TrustProductSid}/EntityAssignments",
    method: "post",
    status: "201",
  },
  {
    id: "createTrustProductEvaluation",
    description: "trusthub_v1",
    path: "/v1/TrustProducts/{TrustProductSid}/Evaluations",
    method: "post",
    status: "201",
  },
  {
    id: "createBrandRegistrations",
    description: "messaging_v1",
    path: "/v1/a2p/BrandRegistrations",
    method: "post",
    status: "201",
  },
  {
    id: "fetchBrandRegistrations",
    description: "messaging_v1",
    path: "/v1/a2p/BrandRegistrations/{Sid}",
    method: "get",
    status: "200",
  },
  {
    id: "createService",
    description: "messaging_v1",
    path: "/v1/Services",
    method: "post",
    status: "201",
  },
  {
    id: "createPhoneNumber",
    description: "messaging_v1",
    path: "/v1/Services/{ServiceSid}/PhoneNumbers",
    method: "post",
    status: "201",
  },
  {
    id: "createUsAppToPerson",
    description: "messaging_v1",
    path: "/v1/Services/{MessagingServiceSid}/Compliance/Usa2p",
    method: "post",
    status: "201",
  },
  {
    id: "fetchUsAppToPerson",
    description: "messaging_v1",
    path: "/v1/Services/{MessagingServiceSid}/Compliance/Usa2p/{Sid}",
    method: "get",
    status: "200",
  },
];

/** Port-in requests, their numbers, and the porting webhook configuration (numbers_v1). */
function portInOperations(): SimOperation[] {
  const request = "/v1/Porting/PortIn/{PortInRequestSid}";
  const number = `${request}/PhoneNumber/{PhoneNumberSid}`;
  const webhook = "/v1/Porting/Configuration/Webhook";
  const entries: [OperationId, string, SimOperation["method"], string][] = [
    ["createPortingPortIn", "/v1/Porting/PortIn", "post", "202"],
    ["fetchPortingPortIn", request, "get", "200"],
    ["deletePortingPortIn", request, "delete", "204"],
    ["fetchPortingPortInPhoneNumber", number, "get", "200"],
    ["deletePortingPortInPhoneNumber", number, "delete", "204"],
    ["createPortingWebhookConfiguration", webhook, "post", "201"],
    ["fetchPortingWebhookConfiguration", webhook, "get", "200"],
  ];
  return entries.map(([id, path, method, status]) => ({
    id,
    path,
    method,
    status,
    description: "numbers_v1",
  }));
}

/** The description an operation is in. */
export const descriptionOf = (operation: SimOperation): CarrierDescription =>
  operation.description ?? "api_v2010";

const repositoryRoot = new URL("../../../", import.meta.url);

/** CI and developers keep shared/ beside the clone: the full descriptions live there. */
export const fullSpecPath = (description: CarrierDescription): string =>
  fileURLToPath(new URL(`../shared/reference/twilio-oai/twilio_${description}.json`, repositoryRoot));

/** The operations above, extracted by scripts/extract-openapi.ts, for machines without shared/. */
export const bundledSubsetPath = (description: CarrierDescription): string =>
  fileURLToPath(new URL(`./data/twilio_${description}.subset.json`, import.meta.url));

/** The API's full description (api_v2010). */
export const defaultSpecPath = fullSpecPath("api_v2010");

/** The API's bundled subset. */
export const bundledSpecPath = bundledSubsetPath("api_v2010");

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
 * Reads a description (the API's unless named): the given path (which must exist), else the
 * full description beside the repository, else the bundled subset.
 */
export function loadCarrierSpec(path?: string, description: CarrierDescription = "api_v2010"): CarrierSpec {
  const full = fullSpecPath(description);
  const source = path ?? (existsSync(full) ? full : bundledSubsetPath(description));
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
  /** The API's description (api_v2010). */
  spec: CarrierSpec;
  /** Validates a body (form or JSON) and coerces its strings to the schema's types, in place. */
  request(operation: OperationId): ValidateFunction;
  /** Validates a query string (as an object of strings) against the operation's query parameters, coercing. */
  query(operation: OperationId): ValidateFunction;
  /** Validates a JSON answer against the operation's success response schema (no coercion). */
  response(operation: OperationId): ValidateFunction;
}

/** How the validators find a description other than the API's: by default as loadCarrierSpec does. */
export type DescriptionLoader = (description: CarrierDescription) => CarrierSpec;

/** The body schema of an operation: the carrier's older APIs take forms, the newer JSON. */
function bodySchemaOf(operation: OpenApiOperation): AnySchemaObject {
  const content = operation.requestBody?.content ?? {};
  return (
    content["application/x-www-form-urlencoded"]?.schema ??
    content["application/json"]?.schema ?? { type: "object" }
  );
}

export function createSpecValidators(
  spec: CarrierSpec = loadCarrierSpec(),
  load: DescriptionLoader = (description) => loadCarrierSpec(undefined, description),
): SpecValidators {
  const requestAjv = newAjv(true);
  const responseAjv = newAjv(false);
  const cache = new Map<string, ValidateFunction>();
  const specs = new Map<CarrierDescription, CarrierSpec>([["api_v2010", spec]]);
  const components = new Map<CarrierDescription, Record<string, unknown>>();

  const specOf = (description: CarrierDescription): CarrierSpec => {
    const found = specs.get(description) ?? load(description);
    specs.set(description, found);
    return found;
  };

  const operationOf = (id: OperationId) => {
    const entry = SIM_OPERATIONS.find((op) => op.id === id);
    if (!entry) throw new Error(`${id} is not an operation of the sim`);
    const description = descriptionOf(entry);
    const source = specOf(description);
    const operation = source.document.paths[entry.path]?.[entry.method];
    if (!operation) throw new Error(`${id} is not described in ${source.source}`);
    return { entry, operation, description, source };
  };

  // The operation's schema wrapped with its description's components, so `#/components/…` refs resolve.
  const compile = (
    ajv: Ajv,
    key: string,
    found: ReturnType<typeof operationOf>,
    schema: AnySchemaObject | undefined,
  ) => {
    const cached = cache.get(key);
    if (cached) return cached;
    if (!schema) throw new Error(`no schema for ${key} in ${found.source.source}`);
    let own = components.get(found.description);
    if (!own) {
      own = withoutUntypedNullable(found.source.document.components ?? {});
      components.set(found.description, own);
    }
    const validate = ajv.compile({ components: own, allOf: [withoutUntypedNullable(schema)] });
    cache.set(key, validate);
    return validate;
  };

  return {
    spec,
    request(id) {
      const found = operationOf(id);
      return compile(requestAjv, `request:${id}`, found, bodySchemaOf(found.operation));
    },
    query(id) {
      const found = operationOf(id);
      const parameters = (found.operation.parameters ?? []).filter((p) => p.in === "query");
      return compile(requestAjv, `query:${id}`, found, {
        type: "object",
        properties: Object.fromEntries(parameters.map((p) => [p.name, p.schema ?? {}])),
        required: parameters.filter((p) => p.required).map((p) => p.name),
        additionalProperties: false,
      });
    },
    response(id) {
      const found = operationOf(id);
      return compile(
        responseAjv,
        `response:${id}`,
        found,
        found.operation.responses?.[found.entry.status]?.content?.["application/json"]?.schema,
      );
    },
  };
}
