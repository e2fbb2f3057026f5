import formbody from "@fastify/formbody";
import type { FastifyInstance } from "fastify";
import { clickToCallTwimlRoutes } from "../console/bridge-routes";
import { AppError } from "../http/errors";
import { lazyRequestLogger } from "../http/logging";
import { queueRoutes } from "./queue-routes";
import { recordingRoutes } from "./recording-routes";
import { isValidSignature } from "./signature";
import { smsRoutes } from "./sms-routes";
import { voiceRoutes } from "./voice-routes";

const NO_PARAMS = Object.freeze({});

/**
 * Everything the carrier calls, under /twilio. The carrier posts forms: any other body is 415
 * before anything reads it. One hook, before any handler, checks X-Twilio-Signature against our
 * public URL of the request: a bad one is 403 and touches nothing. Handlers then read the form
 * through one typed reader (carrier-params.ts).
 */
export async function twilioRoutes(app: FastifyInstance) {
  const { carrier } = app.deps;
  // Not JSON nor plain text: what the carrier never sends is never parsed (nor signed, nor read).
  app.removeAllContentTypeParsers();
  await app.register(formbody);
  app.addHook("onRoute", (route) => {
    route.childLoggerFactory ??= lazyRequestLogger;
  });
  // A callback hook, not an async one: no promise per webhook on the hot path.
  app.addHook("preValidation", (request, _reply, done) => {
    const url = `${carrier.webhookBaseUrl}${request.url}`;
    const signature = request.headers["x-twilio-signature"];
    const { body } = request;
    const valid = isValidSignature(
      carrier.authToken,
      typeof signature === "string" ? signature : undefined,
      url,
      request.method === "POST" && typeof body === "object" && body !== null ? body : NO_PARAMS,
    );
    done(valid ? undefined : new AppError("FORBIDDEN", "Invalid carrier signature"));
  });
  await app.register(voiceRoutes);
  await app.register(queueRoutes);
  await app.register(recordingRoutes);
  await app.register(smsRoutes);
  await app.register(clickToCallTwimlRoutes);
}
