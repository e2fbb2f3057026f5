import { AppError } from "@poundline/contracts/errors";
import { portingMessages } from "@poundline/contracts/porting/schemas";
import type { PortInWrite, PortingPorts } from "@poundline/modules/porting/requests";
import type { FastifyRequest } from "fastify";

export const portInNotFound = () => new AppError("NOT_FOUND", portingMessages.notFound);

export function portingPorts(request: FastifyRequest): PortingPorts {
  const { db, portingCarrier, storage, clock, carrier } = request.server.deps;
  return { db: db.db, carrier: portingCarrier, storage, clock, webhookBaseUrl: carrier.webhookBaseUrl };
}

/** A write's answer: the request, or the error its refusal is worded as. */
export function writeAnswer(result: PortInWrite) {
  if (result.ok) return result.request;
  switch (result.reason) {
    case "not-found":
      throw portInNotFound();
    case "temporary-number":
      throw new AppError("NOT_FOUND", portingMessages.temporaryNumber, {
        "body.temporaryNumberId": [portingMessages.temporaryNumber],
      });
    case "settled":
      throw new AppError("CONFLICT", portingMessages.notCancelable);
    case "not-portable":
      throw new AppError(
        "BAD_REQUEST",
        Object.values(result.fields)[0]?.[0] ?? "Not portable",
        result.fields,
      );
    case "carrier":
      throw new AppError("NOT_CONFIGURED", result.message);
  }
}
