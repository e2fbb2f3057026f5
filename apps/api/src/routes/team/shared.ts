import type { Actor, TeamPorts } from "@poundline/modules/team/ports";
import type { FastifyRequest } from "fastify";
import { requireAccount } from "../../auth/context";

/** The signed-in person and the account their session works in. */
export function actorOf(request: FastifyRequest): Actor {
  const { account, user } = requireAccount(request);
  return { accountId: account.id, userId: user.id };
}

export function portsOf(request: FastifyRequest): TeamPorts {
  const { db, mailer, clock, config } = request.server.deps;
  return { db: db.db, mailer, clock, config, log: request.log };
}
