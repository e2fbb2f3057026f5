import formbody from "@fastify/formbody";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { AppError } from "../http/errors";
import { lazyRequestLogger } from "../http/logging";
import { queueRoutes } from "./queue-routes";
import { recordingRoutes } from "./recording-routes";
import { isValidSignature } from "./signature";
import { smsRoutes } from "./sms-routes";
import { voiceRoutes } from "./voice-routes";

/** Carrier webhook parameters: a form-encoded body of strings. */
export type WebhookParams = Record<string, string | undefined>;

export function paramsOf(request: FastifyRequest): WebhookParams {
  return (request.body ?? {}) as WebhookParams;
}

export function sendTwiml(reply: FastifyReply, xml: string) {
  return reply.type("text/xml").send(xml);
}

/**
 * Everything the carrier calls, under /twilio. One hook, before any handler reads the body,
 * checks X-Twilio-Signature against our public URL of the request: a bad one is 403 and
 * touches nothing.
 */
export async function twilioRoutes(app: FastifyInstance) {
  const { carrier } = app.deps;
  await app.register(formbody);
  app.addHook("onRoute", (route) => {
    route.childLoggerFactory ??= lazyRequestLogger;
  });
  // A callback hook, not an async one: no promise per webhook on the hot path.
  app.addHook("preValidation", (request, _reply, done) => {
    const url = `${carrier.webhookBaseUrl}${request.url}`;
    const signature = request.headers["x-twilio-signature"];
    const params = request.method === "POST" ? ((request.body ?? {}) as Record<string, unknown>) : {};
    const valid = isValidSignature(
      carrier.authToken,
      typeof signature === "string" ? signature : undefined,
      url,
      params,
    );
    done(valid ? undefined : new AppError("FORBIDDEN", "Invalid carrier signature"));
  });
  await app.register(voiceRoutes);
  await app.register(queueRoutes);
  await app.register(recordingRoutes);
  await app.register(smsRoutes);
}
