import { AppError } from "@poundline/contracts/errors";
import { WEBHOOK_LIMITS, webhookMessages } from "@poundline/contracts/webhooks/schemas";
import type { WebhookWrite, WebhookWritePorts } from "@poundline/modules/webhooks/subscriptions";
import type { FastifyRequest } from "fastify";

export const webhookNotFound = () => new AppError("NOT_FOUND", webhookMessages.notFound);
export const deliveryNotFound = () => new AppError("NOT_FOUND", webhookMessages.deliveryNotFound);

export function webhookPorts(request: FastifyRequest): WebhookWritePorts {
  const { db, clock, config, outbox } = request.server.deps;
  return { db: db.db, clock, allowHttp: config.WEBHOOKS_ALLOW_HTTP, wake: () => outbox.notify() };
}

/** A write's answer: the subscription, or the error its refusal is worded as. */
export function writeAnswer(result: WebhookWrite) {
  if (result.ok) return result.webhook;
  switch (result.reason) {
    case "not-found":
      throw webhookNotFound();
    case "https":
      throw new AppError("BAD_REQUEST", webhookMessages.httpsRequired, {
        "body.url": [webhookMessages.httpsRequired],
      });
    case "full":
      throw new AppError("CONFLICT", webhookMessages.full(WEBHOOK_LIMITS.perAccount));
  }
}
