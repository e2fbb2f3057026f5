import { AppError } from "@poundline/contracts/errors";
import { tollFreeMessages } from "@poundline/contracts/toll-free-verification/schemas";
import type { TollFreeAnswer, TollFreePorts } from "@poundline/modules/toll-free-verification/verifications";
import type { FastifyRequest } from "fastify";

export function tollFreePorts(request: FastifyRequest): TollFreePorts {
  const { db, tollFreeCarrier, clock } = request.server.deps;
  return { db: db.db, carrier: tollFreeCarrier, clock };
}

/** An answer's state, or the error its refusal is worded as. */
export function tollFreeAnswer(answer: TollFreeAnswer) {
  if (answer.ok) return answer.state;
  switch (answer.reason) {
    case "not-found":
      throw new AppError("NOT_FOUND", tollFreeMessages.notFound);
    case "not-toll-free":
      throw new AppError("NOT_FOUND", tollFreeMessages.notTollFree);
    case "not-bought":
      throw new AppError("CONFLICT", tollFreeMessages.notBought);
    case "submitted":
      throw new AppError("CONFLICT", tollFreeMessages.alreadySubmitted);
    case "not-submitted":
      throw new AppError("CONFLICT", tollFreeMessages.notSubmitted);
    case "not-editable":
      throw new AppError("CONFLICT", tollFreeMessages.notEditable);
    case "carrier":
      throw new AppError("BAD_REQUEST", `The carrier refused the verification: ${answer.detail}`);
  }
}
