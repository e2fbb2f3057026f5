import rateLimit from "@fastify/rate-limit";
import { publicPathOf } from "@poundline/contracts/api-keys/scopes";
import { CURSOR_LIMITS, pagesByCursor } from "@poundline/contracts/cursor";
import { createCounterStore } from "@poundline/modules/auth/throttle";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { installActivityLog } from "../http/activity-log";
import { mountEndpoint } from "../http/contract-route";
import { apiKeyLoader, assertKeyAllows } from "./bearer";
import { installIdempotency } from "./idempotency";
import { publicOpenApi } from "./openapi";

/**
 * A /v1 list's page holds CURSOR_LIMITS.defaultLimit rows unless told (`limit`, or the call
 * history's own `pageSize`): the console's lists keep their own default, or answer whole.
 */
async function publicPageSize(request: FastifyRequest) {
  const query = request.query as Record<string, unknown>;
  if ((query.limit ?? "") === "" && query.pageSize === undefined)
    query.limit = String(CURSOR_LIMITS.defaultLimit);
}

/**
 * The public API, mounted at /v1: every console endpoint whose contract says `publicApi`, by the
 * same handler, behind an API key instead of the session (no cookie is read here, and /api reads
 * no key). Its order: the document (public), then the key (after the address's bad-key limit),
 * the per-key rate limit, the key's scope and its creator's role, the idempotency of POSTs, the
 * handler.
 */
export async function publicApiRoutes(v1: FastifyInstance) {
  const { config, redis } = v1.deps;
  publicOpenApi(v1);
  v1.decorateRequest("apiKey", null);
  v1.decorateRequest("auth", null);
  await v1.register(async (keyed) => {
    keyed.addHook("onRequest", apiKeyLoader(createCounterStore(redis)));
    await keyed.register(rateLimit, {
      global: true,
      max: config.PUBLIC_API_RATE_LIMIT_PER_MINUTE,
      timeWindow: "1 minute",
      // The IETF draft's RateLimit-* headers, and Retry-After on a 429.
      enableDraftSpec: true,
      keyGenerator: (request) => request.apiKey?.id ?? request.ip,
      ...(redis ? { redis, nameSpace: `${config.QUEUE_PREFIX}:rl:v1:` } : {}),
    });
    keyed.addHook("preParsing", assertKeyAllows);
    installIdempotency(keyed);
    installActivityLog(keyed);
    for (const { endpoint, handler, extras } of v1.publicApiHandlers) {
      if (!endpoint.publicApi) continue;
      const url = publicPathOf(endpoint.path).slice("/v1".length);
      const pages = pagesByCursor(endpoint.query) ? [publicPageSize] : [];
      mountEndpoint(keyed, endpoint, url, handler, {
        ...extras,
        preValidation: [...[extras.preValidation ?? []].flat(), ...pages],
        config: { ...extras.config, apiContext: endpoint.publicApi.scope },
      });
    }
  });
}
