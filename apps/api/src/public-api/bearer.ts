import { apiKeyMessages } from "@poundline/contracts/api-keys/schemas";
import { type ApiContext, scopeFor } from "@poundline/contracts/api-keys/scopes";
import { AppError } from "@poundline/contracts/errors";
import { authenticateApiKey } from "@poundline/modules/api-keys/keys";
import type { CounterStore } from "@poundline/modules/auth/throttle";
import type { FastifyReply, FastifyRequest } from "fastify";
import { assertAllowed } from "../auth/route-permissions";

declare module "fastify" {
  interface FastifyRequest {
    /** The API key a /v1 request came with (null elsewhere). */
    apiKey: { id: string; scopes: readonly string[] } | null;
  }
  interface FastifyContextConfig {
    /** The public API context a /v1 route belongs to: the key needs `<context>:read` or `:write`. */
    apiContext?: ApiContext;
  }
}

const refusals = {
  unknown: apiKeyMessages.unknownKey,
  expired: apiKeyMessages.expired,
  revoked: apiKeyMessages.revoked,
} as const;

function bearerOf(request: FastifyRequest): string | null {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(request.headers.authorization ?? "");
  return match?.[1] ?? null;
}

/** The window of PUBLIC_API_BAD_KEYS_PER_ADDRESS. */
const BAD_KEYS_WINDOW_MS = 15 * 60_000;

/**
 * Authenticates a /v1 request by its `Authorization: Bearer` key, never by the session cookie:
 * the request then carries the key creator's auth in the key's account, like a console request.
 * Each lookup first reserves one of the address's bad-key attempts (given back when the key is
 * good), so an address guessing keys is turned away before the database is asked.
 */
export function apiKeyLoader(badKeys: CounterStore) {
  return async function loadApiKey(request: FastifyRequest, reply: FastifyReply) {
    request.auth = null;
    request.apiKey = null;
    const secret = bearerOf(request);
    if (!secret)
      throw new AppError(
        "UNAUTHORIZED",
        request.headers.cookie ? apiKeyMessages.noCookies : apiKeyMessages.missingKey,
      );
    const { db, clock, config } = request.server.deps;
    const counter = `${config.QUEUE_PREFIX}:v1:bad-keys:${request.ip}`;
    const reservation = await badKeys.reserve(
      [{ key: counter, limit: config.PUBLIC_API_BAD_KEYS_PER_ADDRESS }],
      BAD_KEYS_WINDOW_MS,
    );
    if ("retryAfterMs" in reservation) {
      reply.header("retry-after", String(Math.ceil(reservation.retryAfterMs / 1000)));
      throw new AppError("TOO_MANY_REQUESTS", apiKeyMessages.tooManyBadKeys);
    }
    const result = await authenticateApiKey(db.db, secret, clock(), request.ip);
    if (!result.ok) throw new AppError("UNAUTHORIZED", refusals[result.reason]);
    await badKeys.giveBack(counter);
    request.auth = result.holder.auth;
    request.apiKey = { id: result.holder.keyId, scopes: result.holder.scopes };
  };
}

/**
 * What the key may do: the route's scope (read for GET, write otherwise), then the creator's
 * role through the permission table, so a member's key cannot do what the member cannot.
 */
export async function assertKeyAllows(request: FastifyRequest) {
  const { apiContext, permission } = request.routeOptions.config;
  if (!apiContext || !request.apiKey) return;
  const scope = scopeFor(apiContext, request.method);
  if (!request.apiKey.scopes.includes(scope))
    throw new AppError("FORBIDDEN", apiKeyMessages.missingScope(scope));
  if (permission) assertAllowed(request, permission);
}
