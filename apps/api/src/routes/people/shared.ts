import type { FastifyRequest } from "fastify";
import { requireAccount } from "../../auth/context";

/** The signed-in member: their account and their user id (every "me" route works on these). */
export function me(request: FastifyRequest) {
  const { account, user } = requireAccount(request);
  return { db: request.server.deps.db.db, accountId: account.id, userId: user.id };
}

/** A change ring groups read: the routing tables are recompiled before the answer. */
export const routingChanged = (request: FastifyRequest) => request.server.deps.routing.changed();
