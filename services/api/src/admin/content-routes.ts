import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { requireAdmin } from "../auth/context";
import { AppError, notFound } from "../http/errors";
import { errorResponseSchema } from "../http/schemas";
import { createContent, deleteContent, findContent, listContent, updateContent } from "./content";
import {
  contentEntrySchema,
  contentIdParamsSchema,
  contentListSchema,
  contentMessages,
  createContentBodySchema,
  listContentQuerySchema,
  updateContentBodySchema,
} from "./schemas";

/**
 * Editable content, under /api/admin/content (the admin guard of the folder applies). The public
 * site reads the same rows (GET /api/content), revalidated on every load, so a change shows at once.
 */
export async function adminContentRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db, clock } = app.deps;

  app.get(
    "/",
    { schema: { querystring: listContentQuerySchema, response: { 200: contentListSchema } } },
    async (request) => {
      const { query } = request;
      const page = await listContent(db.db, query);
      return { ...page, limit: query.limit, offset: query.offset };
    },
  );

  app.post(
    "/",
    {
      schema: {
        body: createContentBodySchema,
        response: { 201: contentEntrySchema, 400: errorResponseSchema, 409: errorResponseSchema },
      },
    },
    async (request, reply) => {
      const { user } = requireAdmin(request);
      const created = await createContent(db.db, request.body, user.id);
      if (created === "taken")
        throw new AppError("CONFLICT", contentMessages.keyTaken, {
          "body.contentKey": [contentMessages.keyTaken],
        });
      return reply.status(201).send(created);
    },
  );

  app.get(
    "/:id",
    { schema: { params: contentIdParamsSchema, response: { 200: contentEntrySchema } } },
    async (request) => {
      const entry = await findContent(db.db, request.params.id);
      if (!entry) throw notFound("Content");
      return entry;
    },
  );

  app.put(
    "/:id",
    {
      schema: {
        params: contentIdParamsSchema,
        body: updateContentBodySchema,
        response: { 200: contentEntrySchema, 400: errorResponseSchema },
      },
    },
    async (request) => {
      const { user } = requireAdmin(request);
      const updated = await updateContent(db.db, request.params.id, request.body, user.id, clock());
      if (!updated) throw notFound("Content");
      return updated;
    },
  );

  app.delete(
    "/:id",
    { schema: { params: contentIdParamsSchema, response: { 204: z.null().describe("No content") } } },
    async (request, reply) => {
      const { user } = requireAdmin(request);
      if (!(await deleteContent(db.db, request.params.id, user.id))) throw notFound("Content");
      return reply.status(204).send(null);
    },
  );
}
