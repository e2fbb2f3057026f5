import { type Access, type Answer, type Endpoint, isRawAnswer } from "@poundline/contracts/endpoint";
import type {
  ContextConfigDefault,
  FastifyInstance,
  FastifyPluginAsync,
  FastifyRequest,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
  RouteGenericInterface,
  RouteHandlerMethod,
  RouteShorthandOptions,
} from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import type { z } from "zod";
import { requireAccount, requireAdmin, requireAuth } from "../auth/context";

declare module "fastify" {
  interface FastifyInstance {
    /** The console's handlers of `publicApi` endpoints, as registered: the /v1 scope mounts them again. */
    publicApiHandlers: EndpointHandler[];
  }
}

/** The Fastify schema of an endpoint: what the zod type provider types the request and reply from. */
type SchemaOf<E extends Endpoint> = {
  params: E["params"] extends z.ZodType ? E["params"] : undefined;
  querystring: E["query"] extends z.ZodType ? E["query"] : undefined;
  body: E["body"] extends z.ZodType ? E["body"] : undefined;
  response: {
    [S in keyof E["responses"]]: E["responses"][S] extends z.ZodType ? E["responses"][S] : unknown;
  };
};

export type ContractHandler<E extends Endpoint> = RouteHandlerMethod<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  RouteGenericInterface,
  ContextConfigDefault,
  SchemaOf<E>,
  ZodTypeProvider
>;

/** Route options an endpoint's contract does not decide: rate limits, body size, hooks. */
export type RouteExtras = Omit<RouteShorthandOptions, "schema">;

const hooks = <T>(hook: T | T[] | undefined): T[] =>
  hook === undefined ? [] : Array.isArray(hook) ? hook : [hook];

/** Who may call, as the contract's `access` says: checked before the input is read. */
const guards: Record<Exclude<Access, "public">, (request: FastifyRequest) => Promise<void>> = {
  "signed-in": async (request) => void requireAuth(request),
  account: async (request) => void requireAccount(request),
  admin: async (request) => void requireAdmin(request),
};

/** JSON answers are validated against their schema; raw ones (files, CSV) are the handler's. */
function responseSchemas(responses: Endpoint["responses"]) {
  const json: Record<number, z.ZodType> = {};
  for (const [status, answer] of Object.entries(responses) as [string, Answer][])
    if (!isRawAnswer(answer)) json[Number(status)] = answer;
  return json;
}

/**
 * Registers `handler` for `endpoint` on `scope`, whose prefix the contract's path starts with:
 * the method, path, schemas and permission come from the contract, so the handler cannot answer
 * on another path or take another body than the one the web sends.
 */
export function route<E extends Endpoint>(
  scope: FastifyInstance,
  endpoint: E,
  handler: ContractHandler<E>,
  extras: RouteExtras = {},
) {
  if (!endpoint.path.startsWith(scope.prefix))
    throw new Error(`${endpoint.method} ${endpoint.path} registered under ${scope.prefix}`);
  // Only public endpoints take anonymous callers: the others answer 401 (or 403) before reading anything.
  const guard = endpoint.access === "public" ? [] : [guards[endpoint.access]];
  mountEndpoint(
    scope,
    endpoint,
    endpoint.path.slice(scope.prefix.length) || "/",
    handler as RouteHandlerMethod,
    {
      ...extras,
      onRequest: [...hooks(extras.onRequest), ...guard],
    },
  );
  if (endpoint.publicApi && endpoint.path.startsWith("/api/"))
    scope.publicApiHandlers.push({ endpoint, handler: handler as RouteHandlerMethod, extras });
}

/** Mounts `handler` at `url` of `scope` with the endpoint's method, schemas, summary and permission. */
export function mountEndpoint(
  scope: FastifyInstance,
  endpoint: Endpoint,
  url: string,
  handler: RouteHandlerMethod,
  extras: RouteExtras,
) {
  const config = {
    ...extras.config,
    summary: endpoint.summary,
    ...(endpoint.permission ? { permission: endpoint.permission } : {}),
  };
  const onRequest = hooks(extras.onRequest);
  scope.withTypeProvider<ZodTypeProvider>().route({
    ...extras,
    config,
    ...(onRequest.length > 0 ? { onRequest } : {}),
    method: endpoint.method,
    url,
    schema: {
      ...(endpoint.params ? { params: endpoint.params } : {}),
      ...(endpoint.query ? { querystring: endpoint.query } : {}),
      ...(endpoint.body ? { body: endpoint.body } : {}),
      response: responseSchemas(endpoint.responses),
    },
    handler,
  });
}

/** One endpoint's handler, kept in a file of its own and mounted by its context's `endpointRoutes`. */
export interface EndpointHandler {
  readonly endpoint: Endpoint;
  readonly handler: RouteHandlerMethod;
  readonly extras: RouteExtras;
}

/** Pairs a handler with its endpoint: the handler is typed from the contract. */
export function handle<E extends Endpoint>(
  endpoint: E,
  handler: ContractHandler<E>,
  extras: RouteExtras = {},
): EndpointHandler {
  return { endpoint, handler: handler as RouteHandlerMethod, extras };
}

/** A Fastify plugin that mounts each handler at its contract's path (relative to the plugin's prefix). */
export function endpointRoutes(...handlers: EndpointHandler[]): FastifyPluginAsync {
  return async (scope) => {
    for (const { endpoint, handler, extras } of handlers)
      route(scope, endpoint, handler as ContractHandler<typeof endpoint>, extras);
  };
}
