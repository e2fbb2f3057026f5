import { AppError } from "@poundline/contracts/errors";
import { numberMessages } from "@poundline/contracts/numbers/schemas";
import type { AbroadPorts } from "@poundline/modules/numbers/abroad";
import type { NumberPorts } from "@poundline/modules/numbers/numbers";
import { CarrierError } from "@poundline/platform/carrier/client";
import type { FastifyRequest } from "fastify";

export const numberNotFound = () => new AppError("NOT_FOUND", numberMessages.notFound);

/** A request the carrier refused (4xx) is the person's to fix: 400 with its reason; its failures stay 5xx. */
export async function atCarrier<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (err) {
    if (err instanceof CarrierError && err.status < 500)
      throw new AppError("BAD_REQUEST", `The carrier refused the request: ${err.message}`);
    throw err;
  }
}

export function portsOf(request: FastifyRequest): NumberPorts {
  const { db, numberCarrier, internationalCarrier, carrier } = request.server.deps;
  return {
    db: db.db,
    carrier: numberCarrier,
    international: internationalCarrier,
    webhookBaseUrl: carrier.webhookBaseUrl,
  };
}

/** The ports of numbers abroad: the database, the carrier's regulatory side, object storage. */
export function abroadPortsOf(request: FastifyRequest): AbroadPorts {
  const { db, internationalCarrier, storage } = request.server.deps;
  return { db: db.db, carrier: internationalCarrier, storage };
}
