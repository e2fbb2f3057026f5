import type { RegistrationPorts } from "@poundline/modules/texting-registration/registration";
import type { FastifyRequest } from "fastify";

export function registrationPorts(request: FastifyRequest): RegistrationPorts {
  const { db, registrationCarrier, clock } = request.server.deps;
  return { db: db.db, carrier: registrationCarrier, clock, log: request.log };
}
