import type { CheckoutPorts, Payer } from "@poundline/modules/billing/checkout";
import type { FastifyRequest } from "fastify";
import { requireAccount } from "../../auth/context";

export function portsOf(request: FastifyRequest): CheckoutPorts {
  const { db, stripe, config, clock, routing } = request.server.deps;
  return { db: db.db, stripe, config, now: clock(), routing };
}

export function payerOf(request: FastifyRequest): Payer {
  const { account, user } = requireAccount(request);
  return { accountId: account.id, companyName: account.companyName, email: user.email || null };
}
