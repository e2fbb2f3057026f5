import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { errorResponseSchema } from "../http/schemas";
import { listAuditActions, listAuditLog } from "./audit-log";
import { auditActionsSchema, auditLogSchema, listAuditLogQuerySchema } from "./schemas";

/** The admin audit log, under /api/admin/audit-log: read only (the table is append-only). */
export async function adminAuditRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = app.deps;

  app.get(
    "/",
    {
      schema: {
        querystring: listAuditLogQuerySchema,
        response: { 200: auditLogSchema, 400: errorResponseSchema },
      },
    },
    async (request) => {
      const { query } = request;
      const page = await listAuditLog(db.db, query);
      return { ...page, limit: query.limit, offset: query.offset };
    },
  );

  app.get("/actions", { schema: { response: { 200: auditActionsSchema } } }, async () => ({
    actions: await listAuditActions(db.db),
  }));
}
