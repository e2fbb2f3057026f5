import { AppError } from "@poundline/contracts/errors";
import {
  VERIFIED_NUMBER_LIMITS,
  verifiedNumberMessages,
} from "@poundline/contracts/verified-numbers/schemas";
import { destinationRefusal } from "@poundline/domain/destination-policy";
import { loadCountryPolicy } from "@poundline/modules/destinations/policy";
import { createVerificationSendLimiter } from "@poundline/modules/verified-numbers/send-limits";
import { verificationSender } from "@poundline/modules/verified-numbers/sender";
import type {
  ConfirmResult,
  SendResult,
  VerificationPorts,
} from "@poundline/modules/verified-numbers/verify";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";

export const verifiedNumberNotFound = () => new AppError("NOT_FOUND", verifiedNumberMessages.notFound);

type Deps = FastifyInstance["deps"];

/** Each app's ports, built once when its routes are registered: without Redis, the send limiter's counters live in it. */
const portsByApp = new WeakMap<Deps, (request: FastifyRequest) => VerificationPorts>();

/** Builds the app's send limiter and ports; index.ts does it once, when the routes are registered. */
export function setUpVerificationPorts(deps: Deps) {
  const { redis, config, carrier, carrierClient } = deps;
  const limiter = createVerificationSendLimiter({ redis, keyPrefix: config.QUEUE_PREFIX });
  const sender = verificationSender(config, carrier);
  portsByApp.set(deps, (request) => {
    const { db, clock } = request.server.deps;
    return {
      db: db.db,
      carrier: carrierClient,
      limiter,
      clock,
      sender,
      webhookBaseUrl: carrier.webhookBaseUrl,
      destinationRefusal: async (accountId, e164) =>
        destinationRefusal(e164, await loadCountryPolicy(db.db, accountId))?.message ?? null,
    };
  });
}

export function portsOf(request: FastifyRequest): VerificationPorts {
  const ports = portsByApp.get(request.server.deps);
  if (!ports) throw new Error("The verified numbers' routes were registered without their ports.");
  return ports(request);
}

export function sendAnswer(result: SendResult, reply: FastifyReply, createdStatus: 200 | 201) {
  if (result.ok) return reply.status(result.created ? createdStatus : 200).send(result.number);
  switch (result.reason) {
    case "not-found":
      throw verifiedNumberNotFound();
    case "already-verified":
      throw new AppError("CONFLICT", verifiedNumberMessages.alreadyVerified);
    case "own-number":
      throw new AppError("BAD_REQUEST", verifiedNumberMessages.ownNumber, {
        "body.e164": [verifiedNumberMessages.ownNumber],
      });
    case "full": {
      const message = `An account may verify at most ${VERIFIED_NUMBER_LIMITS.perAccount} numbers: delete one first.`;
      throw new AppError("CONFLICT", message);
    }
    case "conflict":
      throw new AppError("CONFLICT", verifiedNumberMessages.addedMeanwhile);
    case "not-configured":
      throw new AppError("NOT_CONFIGURED", verifiedNumberMessages.notConfigured);
    case "refused":
      throw new AppError("BAD_REQUEST", result.message, { "body.e164": [result.message] });
    case "carrier":
      throw new AppError("BAD_REQUEST", `The carrier refused to send the code: ${result.message}`);
    case "too-many":
      reply.header("retry-after", String(Math.max(1, Math.ceil(result.retryAfterMs / 1000))));
      throw new AppError(
        "TOO_MANY_REQUESTS",
        verifiedNumberMessages.tooManySends(Math.max(1, Math.ceil(result.retryAfterMs / 60_000))),
      );
  }
}

export function confirmAnswer(result: ConfirmResult) {
  if (result.ok) return result.number;
  const codeField = (message: string) => ({ "body.code": [message] });
  switch (result.reason) {
    case "not-found":
      throw verifiedNumberNotFound();
    // A code is good once: the number it verified takes no other.
    case "already-verified":
      throw new AppError("CONFLICT", verifiedNumberMessages.alreadyVerified);
    case "no-code":
      throw new AppError("CONFLICT", verifiedNumberMessages.noCode);
    case "expired":
      throw new AppError(
        "BAD_REQUEST",
        verifiedNumberMessages.expired,
        codeField(verifiedNumberMessages.expired),
      );
    case "too-many-attempts":
      throw new AppError("TOO_MANY_REQUESTS", verifiedNumberMessages.tooManyAttempts);
    case "wrong": {
      const left = `${verifiedNumberMessages.wrongCode} ${result.attemptsLeft} attempt${result.attemptsLeft === 1 ? "" : "s"} left.`;
      throw new AppError("BAD_REQUEST", left, codeField(left));
    }
  }
}
