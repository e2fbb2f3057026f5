import { z } from "zod";
import type { Action } from "../auth/permissions";
import type { Access } from "../endpoint";

/**
 * The shape of the OpenAPI 3.1 document the API publishes (openapi.ts makes it): only the parts
 * it writes, so that the web's reference page reads them typed. Zod only: the web imports it.
 */

/** A JSON Schema (draft 2020-12, OpenAPI 3.1's dialect), as z.toJSONSchema writes it. */
export interface JsonSchema {
  $ref?: string;
  type?: string | string[];
  description?: string;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: JsonSchema | boolean;
  items?: JsonSchema;
  prefixItems?: JsonSchema[];
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  enum?: unknown[];
  const?: unknown;
  default?: unknown;
  format?: string;
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  minItems?: number;
  maxItems?: number;
  [keyword: string]: unknown;
}

export interface Reference {
  $ref: string;
}

export interface Parameter {
  name: string;
  in: "path" | "query";
  required: boolean;
  description?: string;
  schema: JsonSchema;
}

export interface MediaType {
  schema?: JsonSchema;
}

export interface RequestBody {
  description?: string;
  required: boolean;
  content: Record<string, MediaType>;
}

export interface Response {
  description: string;
  headers?: Record<string, { description: string; schema: JsonSchema }>;
  content?: Record<string, MediaType>;
}

export interface Operation {
  operationId: string;
  summary: string;
  description: string;
  tags: string[];
  /** Empty for a public endpoint; the session cookie otherwise. */
  security: Record<string, string[]>[];
  parameters?: Parameter[];
  requestBody?: RequestBody;
  responses: Record<string, Response | Reference>;
  /** Who may call it (endpoint.ts `Access`). */
  "x-access": Access;
  /** The permission-table action it needs (auth/permissions.ts), when it needs one. */
  "x-permission"?: Action;
  /** The API key scope it needs (public API only): `contacts:read`, `calls:write`... */
  "x-scope"?: string;
}

export type HttpMethod = "get" | "post" | "put" | "patch" | "delete";

export interface Tag {
  name: string;
  description?: string;
  /** The tag's title for people (a context's name is written for code). */
  "x-displayName": string;
}

/** The console's session cookie, or the public API's bearer key. */
export type SecurityScheme =
  | { type: "apiKey"; in: "cookie"; name: string; description: string }
  | { type: "http"; scheme: "bearer"; description: string };

export interface OpenApiDocument {
  openapi: "3.1.0";
  info: { title: string; version: string; description: string };
  jsonSchemaDialect: string;
  tags: Tag[];
  paths: Record<string, Partial<Record<HttpMethod, Operation>>>;
  components: {
    schemas: Record<string, JsonSchema>;
    responses: Record<string, Response>;
    securitySchemes: Record<string, SecurityScheme>;
  };
}

/**
 * The answer of GET /api/openapi.json: passed through as it is (its own structure is what the
 * OpenAPI specification's schema says, which the tests check it against).
 */
export const openApiDocumentSchema = z
  .custom<OpenApiDocument>(
    (value) => typeof value === "object" && value !== null && "openapi" in value && "paths" in value,
  )
  .meta({ type: "object", description: "An OpenAPI 3.1 document: https://spec.openapis.org/oas/v3.1.0" });
