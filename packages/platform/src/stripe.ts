import Stripe from "stripe";

/** The settings the client needs (both processes' configs have them, see config.ts). */
export interface StripeSettings {
  STRIPE_SECRET_KEY?: string | undefined;
  /** Base URL of another Stripe API (the stand-in in tests); default Stripe's own. */
  STRIPE_API_URL?: string | undefined;
}

/**
 * The one Stripe client of a process, or null when no secret key is configured (checkout then
 * answers "Stripe Not Configured"). STRIPE_API_URL points it elsewhere through the package's
 * host, port and protocol options.
 */
export function stripeClient(config: StripeSettings): Stripe | null {
  if (!config.STRIPE_SECRET_KEY) return null;
  return new Stripe(config.STRIPE_SECRET_KEY, {
    ...(config.STRIPE_API_URL ? stripeAddress(config.STRIPE_API_URL) : {}),
    // Stripe retries with the same idempotency key, so a retried create is not a second one.
    maxNetworkRetries: 2,
    timeout: 20_000,
    appInfo: { name: "Poundline" },
  });
}

/** host, port and protocol of a base URL, as the stripe package takes them. */
export function stripeAddress(baseUrl: string): { host: string; port: number; protocol: "http" | "https" } {
  const url = new URL(baseUrl);
  const protocol = url.protocol === "http:" ? "http" : "https";
  return {
    host: url.hostname,
    port: url.port ? Number(url.port) : protocol === "http" ? 80 : 443,
    protocol,
  };
}

/**
 * The event of a webhook delivery, verified over the raw body against the endpoint's signing
 * secret (`Stripe-Signature`, 5 minutes' tolerance); throws when anything does not match.
 */
export function verifiedStripeEvent(
  rawBody: Buffer | string,
  signature: string,
  secret: string,
): Stripe.Event {
  return Stripe.webhooks.constructEvent(rawBody, signature, secret);
}

/** What a Stripe object's reference field holds: an id, or the expanded object. */
export function stripeId(ref: string | { id: string } | null | undefined): string | null {
  if (!ref) return null;
  return typeof ref === "string" ? ref : ref.id;
}

export { Stripe };
