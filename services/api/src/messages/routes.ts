import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { requireAccount } from "../auth/context";
import { textRefusal } from "../billing/enforce";
import { AppError } from "../http/errors";
import { errorResponseSchema } from "../http/schemas";
import { smsPaths } from "../twilio/sms-routes";
import { listMessages } from "./messages";
import {
  LOW_BALANCE_MESSAGE,
  listMessagesQuerySchema,
  messageListSchema,
  messageSchema,
  NUMBER_NOT_FOUND_MESSAGE,
  OPTED_OUT_MESSAGE,
  SMS_DISABLED_MESSAGE,
  sendMessageBodySchema,
} from "./schemas";
import { type SendResult, sendMessage } from "./send";

function refusal(result: Exclude<SendResult, { ok: true }>): AppError {
  switch (result.reason) {
    case "number_not_found":
      return new AppError("NOT_FOUND", NUMBER_NOT_FOUND_MESSAGE);
    case "sms_disabled":
      return new AppError("BAD_REQUEST", SMS_DISABLED_MESSAGE, { "body.from": [SMS_DISABLED_MESSAGE] });
    case "opted_out":
      return new AppError("BAD_REQUEST", OPTED_OUT_MESSAGE, { "body.to": [OPTED_OUT_MESSAGE] });
    case "low_balance":
      return new AppError("BAD_REQUEST", LOW_BALANCE_MESSAGE);
    case "billing":
      return new AppError("FORBIDDEN", result.detail);
    case "destination":
      return new AppError("BAD_REQUEST", result.detail, { "body.to": [result.detail] });
    case "carrier_refused":
      return new AppError("BAD_REQUEST", `The carrier refused the message: ${result.detail}`);
  }
}

/** Text messages, mounted under /api. Every query is scoped to the caller's account. */
export async function messageRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  // Anonymous callers get 401 before their input is even validated.
  app.addHook("onRequest", async (request) => {
    requireAccount(request);
  });

  app.get(
    "/messages",
    {
      schema: {
        querystring: listMessagesQuerySchema,
        response: { 200: messageListSchema, 400: errorResponseSchema },
      },
    },
    async (request) => {
      const { account } = requireAccount(request);
      const { query } = request;
      const page = await listMessages(request.server.deps.db.db, account.id, query);
      return { ...page, limit: query.limit, offset: query.offset };
    },
  );

  app.post(
    "/messages",
    {
      schema: {
        body: sendMessageBodySchema,
        response: {
          201: messageSchema,
          400: errorResponseSchema,
          403: errorResponseSchema,
          404: errorResponseSchema,
          503: errorResponseSchema,
        },
      },
    },
    async (request, reply) => {
      const { account, user } = requireAccount(request);
      const { db, clock, carrier, carrierClient, outbox, routing } = request.server.deps;
      const result = await sendMessage(
        {
          db: db.db,
          outbox,
          carrier: carrierClient,
          clock,
          statusCallbackUrl: `${carrier.webhookBaseUrl}${smsPaths.status}`,
          log: request.log,
          billingRefusal: (accountId) => textRefusal(db.db, routing.current(), accountId, clock()),
        },
        { accountId: account.id, userId: user.id },
        request.body,
      );
      if (!result.ok) throw refusal(result);
      return reply.status(201).send(result.message);
    },
  );
}
