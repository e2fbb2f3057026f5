import { AppError } from "@poundline/contracts/errors";
import { processStripeEvent } from "@poundline/modules/billing/stripe-events";
import { type Stripe, verifiedStripeEvent } from "@poundline/platform/stripe";
import type { FastifyInstance } from "fastify";

/** Stripe's deliveries are small; anything larger is not one of them. */
const WEBHOOK_BODY_LIMIT = 512 * 1024;

/**
 * `POST /stripe/webhook`: Stripe's events, outside /api (no cookies, no Origin check; the
 * signature is the authentication). The body stays raw bytes, as signed; a delivery that does not
 * verify answers 400 and touches nothing. See stripe-events.ts for what each event does.
 * Not in packages/contracts: Stripe calls it with its own signed payload, the web never does.
 */
export async function stripeWebhookRoutes(app: FastifyInstance) {
  // Scoped to this plugin: the signature covers the exact bytes, so no parser may touch them.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser(
    "*",
    { parseAs: "buffer", bodyLimit: WEBHOOK_BODY_LIMIT },
    (_request, body, done) => done(null, body),
  );

  app.post("/stripe/webhook", async (request) => {
    const { config, db, clock, routing, stripe, outbox } = request.server.deps;
    const secret = config.STRIPE_WEBHOOK_SECRET;
    if (!secret) throw new AppError("NOT_CONFIGURED", "Stripe webhooks are not configured.");
    const signature = request.headers["stripe-signature"];
    if (typeof signature !== "string" || !Buffer.isBuffer(request.body))
      throw new AppError("BAD_REQUEST", "A signed Stripe event is expected.");
    let event: Stripe.Event;
    try {
      event = verifiedStripeEvent(request.body, signature, secret);
    } catch {
      throw new AppError("BAD_REQUEST", "The Stripe signature does not match.");
    }
    const outcome = await processStripeEvent(db.db, event, {
      stripe,
      config,
      outbox,
      now: clock(),
      log: request.log,
      routing,
    });
    request.log.info({ event: event.id, type: event.type, outcome }, "Stripe event");
    return { received: true, outcome };
  });
}
