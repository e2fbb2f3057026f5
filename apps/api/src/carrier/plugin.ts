import { AppError } from "@poundline/contracts/errors";
import type { CarrierConfig } from "@poundline/modules/carrier/carrier-config";
import { parseCarrierForm } from "@poundline/modules/carrier/carrier-params";
import { isValidSignature } from "@poundline/modules/carrier/signature";
import type { FastifyInstance } from "fastify";
import { lazyRequestLogger } from "../http/logging";
import { greetingCallRoutes } from "../routes/carrier/greeting-call-routes";
import { locationRoutes } from "../routes/carrier/location-routes";
import { queueRoutes } from "../routes/carrier/queue-routes";
import { recordingRoutes } from "../routes/carrier/recording-routes";
import { roomRoutes } from "../routes/carrier/room-routes";
import { smsRoutes } from "../routes/carrier/sms-routes";
import { voiceRoutes } from "../routes/carrier/voice-routes";
import { clickToCallTwimlRoutes } from "../routes/console/bridge-routes";
import { softphoneTwimlRoutes } from "../routes/softphone/voice-route";

const NO_PARAMS = Object.freeze({});
export const FORM_TYPE = "application/x-www-form-urlencoded";

/**
 * X-Twilio-Signature of one webhook checked against our public URL of it (`path` with its query)
 * and its form body: undefined when it is the carrier's, otherwise the 403 to answer. By the
 * carrier scope's hook and the incoming call's fast path alike.
 */
export function carrierSignatureRefusal(
  carrier: Pick<CarrierConfig, "authToken" | "webhookBaseUrl">,
  method: string,
  path: string,
  signature: string | string[] | undefined,
  body: unknown,
): AppError | undefined {
  const valid = isValidSignature(
    carrier.authToken,
    typeof signature === "string" ? signature : undefined,
    `${carrier.webhookBaseUrl}${path}`,
    method === "POST" && typeof body === "object" && body !== null ? body : NO_PARAMS,
  );
  return valid ? undefined : new AppError("FORBIDDEN", "Invalid carrier signature");
}

/**
 * Everything the carrier calls, under /twilio. The carrier posts forms: any other body is 415
 * before anything reads it. One hook, before any handler, checks X-Twilio-Signature against our
 * public URL of the request: a bad one is 403 and touches nothing. Handlers then read the form
 * through one typed reader (carrier-params.ts). The incoming call is answered in front of Fastify
 * by the same functions (fast-path.ts).
 */
export async function twilioRoutes(app: FastifyInstance) {
  const { carrier } = app.deps;
  // Not JSON nor plain text: what the carrier never sends is never parsed (nor signed, nor read).
  app.removeAllContentTypeParsers();
  app.addContentTypeParser(FORM_TYPE, { parseAs: "buffer" }, (_request, body, done) => {
    let form: ReturnType<typeof parseCarrierForm>;
    try {
      form = parseCarrierForm(body as Buffer);
    } catch (err) {
      // Too many fields (413): answered before the signature check, which would pass over each.
      done(err as Error, undefined);
      return;
    }
    done(null, form);
  });
  app.addHook("onRoute", (route) => {
    route.childLoggerFactory ??= lazyRequestLogger;
  });
  // A callback hook, not an async one: no promise per webhook on the hot path.
  app.addHook("preValidation", (request, _reply, done) => {
    done(
      carrierSignatureRefusal(
        carrier,
        request.method,
        request.url,
        request.headers["x-twilio-signature"],
        request.body,
      ),
    );
  });
  // Counted for the admin dashboard's webhook error rate (in memory; see admin/webhook-stats.ts).
  app.addHook("onResponse", (_request, reply, done) => {
    app.deps.webhookStats.record("twilio", reply.statusCode);
    done();
  });
  await app.register(voiceRoutes);
  await app.register(locationRoutes);
  await app.register(queueRoutes);
  await app.register(recordingRoutes);
  await app.register(roomRoutes);
  await app.register(smsRoutes);
  await app.register(clickToCallTwimlRoutes);
  await app.register(greetingCallRoutes);
  await app.register(softphoneTwimlRoutes);
}
