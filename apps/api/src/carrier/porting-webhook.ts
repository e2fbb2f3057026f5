import { AppError } from "@poundline/contracts/errors";
import {
  applyPortingWebhook,
  changesRouting,
  parsePortingWebhook,
} from "@poundline/modules/porting/carrier-events";
import { PORTING_WEBHOOK_PATH } from "@poundline/modules/porting/requests";
import type { FastifyInstance } from "fastify";
import twilio from "twilio";

/** The carrier's porting events are small; anything larger is not one of them. */
const BODY_LIMIT = 64 * 1024;

/**
 * `POST /twilio-porting/port-in`: the carrier's port-in events. They are JSON, signed with the
 * body's SHA-256 in the URL (`bodySHA256`) and X-Twilio-Signature over that URL, so the body stays
 * the exact string signed until it verifies; one that does not is 403 and touches nothing. The
 * carrier's idempotency token names the event, so a duplicate delivery changes nothing.
 */
export async function portingWebhookRoutes(app: FastifyInstance) {
  app.removeAllContentTypeParsers();
  app.addContentTypeParser(
    "application/json",
    { parseAs: "string", bodyLimit: BODY_LIMIT },
    (_request, body, done) => done(null, body),
  );

  app.post(PORTING_WEBHOOK_PATH, async (request) => {
    const { carrier, db, portingCarrier, clock, routing, outbox } = request.server.deps;
    const signature = request.headers["x-twilio-signature"];
    const body = typeof request.body === "string" ? request.body : "";
    const url = `${carrier.webhookBaseUrl}${request.url}`;
    if (
      typeof signature !== "string" ||
      !twilio.validateRequestWithBody(carrier.authToken, signature, url, body)
    )
      throw new AppError("FORBIDDEN", "Invalid carrier signature");
    const event = parsePortingWebhook(safeJson(body));
    if (!event) throw new AppError("BAD_REQUEST", "A port-in event is expected.");
    const token = request.headers["i-twilio-idempotency-token"];
    const key =
      typeof token === "string" && token
        ? token
        : `${event.event_type}:${event.port_in_phone_number_sid ?? event.port_in_request_sid}`;
    const outcome = await applyPortingWebhook(
      { db: db.db, carrier: portingCarrier, webhookBaseUrl: carrier.webhookBaseUrl, clock },
      event,
      key,
    );
    if (outcome === "applied") {
      outbox.notify();
      if (changesRouting(event)) await routing.changed();
    }
    request.log.info(
      { event: event.event_type, request: event.port_in_request_sid, outcome },
      "porting event",
    );
    return { received: true, outcome };
  });
}

function safeJson(body: string): unknown {
  try {
    return JSON.parse(body);
  } catch {
    return null;
  }
}
