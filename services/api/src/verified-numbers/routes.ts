import { destinationRefusal } from "@poundline/telephony/destination-policy";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { requireAccount } from "../auth/context";
import { isUnpaidTrial, paymentStanding } from "../billing/unpaid-trial";
import { loadCountryPolicy } from "../destinations/policy";
import { AppError } from "../http/errors";
import {
  addVerifiedNumberBodySchema,
  confirmCodeBodySchema,
  sendCodeBodySchema,
  VERIFIED_NUMBER_LIMITS,
  verifiedNumberListSchema,
  verifiedNumberMessages,
  verifiedNumberParamsSchema,
  verifiedNumberSchema,
} from "./schemas";
import { createVerificationSendLimiter } from "./send-limits";
import { verificationSender } from "./sender";
import {
  addVerifiedNumber,
  type ConfirmResult,
  confirmCode,
  listVerifiedNumbers,
  removeVerifiedNumber,
  resendCode,
  type SendResult,
  type VerificationPorts,
} from "./verify";

const notFound = () => new AppError("NOT_FOUND", verifiedNumberMessages.notFound);

function sendAnswer(result: SendResult, reply: FastifyReply, createdStatus: 200 | 201) {
  if (result.ok) return reply.status(result.created ? createdStatus : 200).send(result.number);
  switch (result.reason) {
    case "not-found":
      throw notFound();
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

function confirmAnswer(result: ConfirmResult) {
  if (result.ok) return result.number;
  const codeField = (message: string) => ({ "body.code": [message] });
  switch (result.reason) {
    case "not-found":
      throw notFound();
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

/**
 * The account's verified numbers, mounted under /api: list, add (a code is sent), send a new
 * code, confirm the code, delete.
 */
export async function verifiedNumberRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { redis, config, carrier, carrierClient } = fastify.deps;
  const limiter = createVerificationSendLimiter({ redis, keyPrefix: config.QUEUE_PREFIX });
  const sender = verificationSender(config, carrier);
  const portsOf = (request: FastifyRequest): VerificationPorts => {
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
  };
  // Anonymous callers get 401 before their input is even validated.
  app.addHook("onRequest", async (request) => {
    requireAccount(request);
  });

  app.get(
    "/verified-numbers",
    { schema: { response: { 200: verifiedNumberListSchema } } },
    async (request) => {
      const { account } = requireAccount(request);
      const { db, clock } = request.server.deps;
      const [numbers, standing] = await Promise.all([
        listVerifiedNumbers(db.db, account.id),
        paymentStanding(db.db, account.id, clock()),
      ]);
      return { numbers, unpaidTrial: isUnpaidTrial(standing) };
    },
  );

  app.post(
    "/verified-numbers",
    {
      config: { permission: "numbers.verify" },
      schema: {
        body: addVerifiedNumberBodySchema,
        response: { 200: verifiedNumberSchema, 201: verifiedNumberSchema },
      },
    },
    async (request, reply) => {
      const { account } = requireAccount(request);
      return sendAnswer(await addVerifiedNumber(portsOf(request), account.id, request.body), reply, 201);
    },
  );

  app.post(
    "/verified-numbers/:id/code",
    {
      config: { permission: "numbers.verify" },
      schema: {
        params: verifiedNumberParamsSchema,
        body: sendCodeBodySchema,
        response: { 200: verifiedNumberSchema },
      },
    },
    async (request, reply) => {
      const { account } = requireAccount(request);
      const result = await resendCode(portsOf(request), account.id, request.params.id, request.body.channel);
      return sendAnswer(result, reply, 200);
    },
  );

  app.post(
    "/verified-numbers/:id/verify",
    {
      config: { permission: "numbers.verify" },
      schema: {
        params: verifiedNumberParamsSchema,
        body: confirmCodeBodySchema,
        response: { 200: verifiedNumberSchema },
      },
    },
    async (request) => {
      const { account } = requireAccount(request);
      const { db, clock, routing } = request.server.deps;
      const number = confirmAnswer(
        await confirmCode({ db: db.db, clock }, account.id, request.params.id, request.body.code),
      );
      // An unpaid trial's forwards may now reach it.
      await routing.changed();
      return number;
    },
  );

  app.delete(
    "/verified-numbers/:id",
    { config: { permission: "numbers.verify" }, schema: { params: verifiedNumberParamsSchema } },
    async (request, reply) => {
      const { account } = requireAccount(request);
      if (!(await removeVerifiedNumber(request.server.deps.db.db, account.id, request.params.id)))
        throw notFound();
      await request.server.deps.routing.changed();
      return reply.status(204).send();
    },
  );
}
