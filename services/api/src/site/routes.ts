import { createHash } from "node:crypto";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { SESSION_COOKIE } from "../auth/sessions";
import { errorResponseSchema } from "../http/schemas";
import { listPublishedFaq, readContent } from "./content";
import {
  contactBodySchema,
  contentQuerySchema,
  contentResponseSchema,
  createdResponseSchema,
  faqQuerySchema,
  faqResponseSchema,
  featureRequestBodySchema,
  phoneNumberRequestBodySchema,
  siteConfigSchema,
} from "./schemas";
import {
  type Sender,
  saveContactSubmission,
  saveFeatureRequest,
  savePhoneNumberRequest,
} from "./submissions";

/** Per-IP limit of each public form, stricter than the /api scope's: they write rows and send mail. */
export const FORM_RATE_LIMIT = { max: 10, timeWindow: "1 minute" } as const;

/** How long browsers (and shared caches) may reuse the public texts. */
const CACHE_SECONDS = 60;

/**
 * Public answers may be cached for a minute. A request that carries a session cookie may get a
 * renewed (or cleared) cookie with the answer, which a shared cache must never keep.
 */
function allowCaching(request: FastifyRequest, reply: FastifyReply) {
  reply.header("cache-control", `${cacheScope(request)}, max-age=${CACHE_SECONDS}`);
}

function cacheScope(request: FastifyRequest): "private" | "public" {
  return request.cookies[SESSION_COOKIE] ? "private" : "public";
}

function senderOf(request: FastifyRequest): Sender {
  const { auth } = request;
  return {
    userAgent: request.headers["user-agent"],
    user: auth ? { userId: auth.user.id, accountId: auth.account?.id ?? null } : null,
  };
}

/** The public site's API, mounted under /api: settings, editable texts, FAQ and the public forms. */
export async function siteRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get("/site", { schema: { response: { 200: siteConfigSchema } } }, async (request, reply) => {
    const { config } = request.server.deps;
    allowCaching(request, reply);
    return {
      nonprofitDomain: config.NONPROFIT_DOMAIN,
      stripePublishableKey: config.STRIPE_PUBLISHABLE_KEY ?? null,
      prices: {
        subscription: config.STRIPE_PRICE_SUBSCRIPTION,
        nonprofitSubscription: config.STRIPE_PRICE_NONPROFIT_SUBSCRIPTION,
        walletTopUp: config.STRIPE_PRICE_WALLET_TOPUP,
      },
    };
  });

  app.get(
    "/content",
    {
      schema: {
        querystring: contentQuerySchema,
        response: {
          200: contentResponseSchema,
          304: z.null().describe("Not modified"),
          400: errorResponseSchema,
        },
      },
    },
    async (request, reply) => {
      const values = await readContent(request.server.deps.db.db, request.query.keys);
      // Admins edit these texts: revalidated on every load (a 304 when unchanged), so a change
      // shows at once rather than after a cached minute.
      const etag = `"${createHash("sha1").update(JSON.stringify(values)).digest("base64url")}"`;
      reply.header("cache-control", `${cacheScope(request)}, no-cache`).header("etag", etag);
      if (request.headers["if-none-match"] === etag) return reply.status(304).send(null);
      return { values };
    },
  );

  app.get(
    "/faq",
    {
      schema: {
        querystring: faqQuerySchema,
        response: { 200: faqResponseSchema, 400: errorResponseSchema },
      },
    },
    async (request, reply) => {
      const items = await listPublishedFaq(request.server.deps.db.db, request.query.order);
      allowCaching(request, reply);
      return { items };
    },
  );

  const formResponses = { 201: createdResponseSchema, 400: errorResponseSchema, 429: errorResponseSchema };

  app.post(
    "/contact",
    {
      config: { rateLimit: FORM_RATE_LIMIT },
      schema: { body: contactBodySchema, response: formResponses },
    },
    async (request, reply) => {
      // The notice is queued with the row; the relay is woken once they are committed.
      const id = await saveContactSubmission(request.server.deps.outbox, request.body, senderOf(request));
      return reply.status(201).send({ id });
    },
  );

  app.post(
    "/feature-requests",
    {
      config: { rateLimit: FORM_RATE_LIMIT },
      schema: { body: featureRequestBodySchema, response: formResponses },
    },
    async (request, reply) => {
      const id = await saveFeatureRequest(request.server.deps.db.db, request.body);
      return reply.status(201).send({ id });
    },
  );

  app.post(
    "/phone-number-requests",
    {
      config: { rateLimit: FORM_RATE_LIMIT },
      schema: { body: phoneNumberRequestBodySchema, response: formResponses },
    },
    async (request, reply) => {
      const id = await savePhoneNumberRequest(request.server.deps.db.db, request.body, senderOf(request));
      return reply.status(201).send({ id });
    },
  );
}
