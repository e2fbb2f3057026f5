import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { AppError } from "../http/errors";
import {
  ORIGIN_NOT_ALLOWED_MESSAGE,
  publicKeyParamsSchema,
  publicWidgetSchema,
  WIDGET_NOT_FOUND_MESSAGE,
} from "./schemas";
import { findPublicWidget } from "./widgets";

/**
 * What the widget script on a customer's website reads, mounted under /widget. Outside /api: no
 * session, no console origin check. CORS is granted per widget, only to its own allowed origins.
 */
export async function widgetPublicRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get(
    "/:publicKey/config",
    { schema: { params: publicKeyParamsSchema, response: { 200: publicWidgetSchema } } },
    async (request, reply) => {
      // The answer differs by Origin: caches must keep them apart.
      reply.header("vary", "Origin");
      const found = await findPublicWidget(request.server.deps.db.db, request.params.publicKey);
      if (!found) throw new AppError("NOT_FOUND", WIDGET_NOT_FOUND_MESSAGE);
      const origin = request.headers.origin;
      if (!origin || !found.allowedOrigins.includes(origin))
        throw new AppError("FORBIDDEN", ORIGIN_NOT_ALLOWED_MESSAGE);
      reply.header("access-control-allow-origin", origin);
      return found.widget;
    },
  );
}
