import { SESSION_COOKIE } from "@poundline/modules/auth/sessions";
import type { Sender } from "@poundline/modules/site/submissions";
import type { FastifyReply, FastifyRequest } from "fastify";
import type { RouteExtras } from "../../http/contract-route";

/** Per-IP limit of each public form, stricter than the /api scope's: they write rows and send mail. */
export const FORM_RATE_LIMIT = { max: 10, timeWindow: "1 minute" } as const;

/** The route options of each public form. */
export const formLimit: RouteExtras = { config: { rateLimit: FORM_RATE_LIMIT } };

/** How long browsers (and shared caches) may reuse the public texts. */
const CACHE_SECONDS = 60;

/**
 * Public answers may be cached for a minute. A request that carries a session cookie may get a
 * renewed (or cleared) cookie with the answer, which a shared cache must never keep.
 */
export function allowCaching(request: FastifyRequest, reply: FastifyReply) {
  reply.header("cache-control", `${cacheScope(request)}, max-age=${CACHE_SECONDS}`);
}

export function cacheScope(request: FastifyRequest): "private" | "public" {
  return request.cookies[SESSION_COOKIE] ? "private" : "public";
}

export function senderOf(request: FastifyRequest): Sender {
  const { auth } = request;
  return {
    userAgent: request.headers["user-agent"],
    user: auth ? { userId: auth.user.id, accountId: auth.account?.id ?? null } : null,
  };
}
