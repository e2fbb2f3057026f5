import { isLoggedActivity } from "@poundline/contracts/auth/permissions";
import { recordActivity } from "@poundline/modules/activity/activity";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";

declare module "fastify" {
  interface FastifyContextConfig {
    /** The endpoint's one-line summary (its contract's): how the activity log words a change. */
    summary?: string;
  }
}

const WRITE_METHODS = new Set(["POST", "PUT", "PATCH", "DELETE"]);

/** The change a request made, if it is one the account's activity log keeps. */
function loggedChange(request: FastifyRequest, reply: FastifyReply) {
  const { permission, summary } = request.routeOptions.config;
  const accountId = request.auth?.account?.id;
  if (!permission || !accountId || !request.auth || reply.statusCode >= 400) return null;
  if (!WRITE_METHODS.has(request.method) || !isLoggedActivity(permission)) return null;
  const params = request.params as Record<string, unknown> | undefined;
  const targetId = typeof params?.id === "string" ? params.id : null;
  return {
    accountId,
    actorUserId: request.auth.user.id,
    action: permission,
    summary: summary ?? permission,
    method: request.method,
    path: request.routeOptions.url ?? request.url,
    targetId,
  };
}

/**
 * Records each successful change of the account's set-up (a write whose permission the table
 * logs) before its answer leaves, so the log holds it as soon as the caller sees success.
 */
export function installActivityLog(api: FastifyInstance) {
  api.addHook("onSend", async (request, reply, payload) => {
    const change = loggedChange(request, reply);
    if (change) await recordActivity(request.server.deps.db.db, change, request.server.deps.clock());
    return payload;
  });
}
