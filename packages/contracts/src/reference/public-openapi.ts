import { publicPathOf, scopeFor } from "../api-keys/scopes";
import { CURSOR_LIMITS, pagesByCursor } from "../cursor";
import { type ListedEndpoint, listEndpoints } from "../registry";
import { buildOpenApiDocument } from "./openapi";
import type { OpenApiDocument, Operation } from "./openapi-document";

const BEARER_SCHEME = "apiKey";

const publicDescription = [
  "The public API of Poundline: the console's own endpoints, served at `/v1` to your systems.",
  "",
  "**Authentication.** Create a key in the console (Developers, API keys) and send it on every",
  "request: `Authorization: Bearer pl_live_...`. A key acts for its account with its creator's role,",
  "narrowed to its scopes (`contacts:read`, `calls:write`...: read for GET, write otherwise).",
  "Session cookies are not accepted here, and keys are not accepted by the console's `/api`.",
  "",
  "**Pagination.** Lists page by cursor: `limit` rows (50 unless told, at most 200), newest first",
  "(numbers and webhooks: oldest first), and `nextCursor` in the answer; send it as `cursor` for",
  "the next page, with the same filters, until it is null. A row written while you page does not",
  "repeat or shift a page. The cursor is opaque: keep it as it is. The console's `offset`/`page`",
  "still work but shift when rows are added.",
  "",
  "**Idempotency.** Send `Idempotency-Key: <unique string>` with a POST: repeating it with the same",
  "body within 24 hours answers the first answer again without doing the work twice (with the",
  "header `Idempotent-Replayed: true`); with another body, or while the first is still running, 409.",
  "",
  "**Rate limits.** Each key may make a number of requests a minute; every answer carries",
  "`RateLimit-Limit`, `RateLimit-Remaining` and `RateLimit-Reset`; past the limit, 429 with",
  "`Retry-After` (seconds).",
  "",
  "**Errors.** The console's one error shape (`Error`): a `code`, a `message`, the `requestId`",
  "and, on a 400, `fields`.",
].join("\n");

/** The endpoints the public API serves, at their /v1 paths. */
export function publicApiEndpoints(): ListedEndpoint[] {
  return listEndpoints()
    .filter((listed) => listed.endpoint.publicApi)
    .map((listed) => ({
      ...listed,
      endpoint: { ...listed.endpoint, path: publicPathOf(listed.endpoint.path) as `/${string}` },
    }));
}

/** A /v1 list's `limit`: CURSOR_LIMITS.defaultLimit unless told (the console's default differs). */
function withPublicPageSize(operation: Operation) {
  const limit = operation.parameters?.find((parameter) => parameter.name === "limit");
  if (!limit) return;
  limit.schema = { ...limit.schema, default: CURSOR_LIMITS.defaultLimit };
  limit.description = `Rows a page holds: ${CURSOR_LIMITS.defaultLimit} unless told, at most ${CURSOR_LIMITS.maxLimit}.`;
}

/** The OpenAPI document of /v1: the contracts marked `publicApi`, behind a bearer key. */
export function buildPublicApiDocument(): OpenApiDocument {
  const listed = publicApiEndpoints();
  const document = buildOpenApiDocument(listed, { title: "Poundline public API", version: "1.0.0" });
  const scopes = new Map(
    listed.map(({ context, name, endpoint }) => [
      `${context}.${name}`,
      endpoint.publicApi ? scopeFor(endpoint.publicApi.scope, endpoint.method) : undefined,
    ]),
  );
  const cursorLists = new Set(
    listed
      .filter(({ endpoint }) => pagesByCursor(endpoint.query))
      .map(({ context, name }) => `${context}.${name}`),
  );
  for (const operations of Object.values(document.paths))
    for (const operation of Object.values(operations) as Operation[]) {
      operation.security = [{ [BEARER_SCHEME]: [] }];
      if (cursorLists.has(operation.operationId)) withPublicPageSize(operation);
      const scope = scopes.get(operation.operationId);
      if (scope) {
        operation["x-scope"] = scope;
        operation.description = `Needs an API key with the scope \`${scope}\`.\n${operation.description.replace(/^.*\n?/, "")}`;
      }
    }
  return {
    ...document,
    info: { ...document.info, description: publicDescription },
    components: {
      ...document.components,
      securitySchemes: {
        [BEARER_SCHEME]: {
          type: "http",
          scheme: "bearer",
          description: "An API key of the account: `Authorization: Bearer pl_live_...`.",
        },
      },
    },
  };
}
