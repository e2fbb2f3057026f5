import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { requireAdmin, requireAuth } from "../auth/context";
import { AppError, notFound } from "../http/errors";
import { adminDashboard } from "./dashboard";
import { findOutboxEmail, listOutboxEmails } from "./emails";
import { adminJobRoutes } from "./jobs";
import {
  adminDashboardSchema,
  adminGrantSchema,
  adminUserListSchema,
  CANNOT_REVOKE_SELF_MESSAGE,
  emailIdParamsSchema,
  listEmailsQuerySchema,
  listUsersQuerySchema,
  outboxEmailListSchema,
  outboxEmailSchema,
  userIdParamsSchema,
} from "./schemas";
import { grantAdmin, listUsers, revokeAdmin } from "./users";

/** The admin area's API, mounted at /api/admin: platform administrators only. */
export async function adminRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  // One guard for the whole folder, before validation: anonymous 401, non-admin 403.
  app.addHook("onRequest", async (request) => {
    requireAdmin(request);
  });
  await app.register(adminJobRoutes, { prefix: "/jobs" });

  app.get("/dashboard", { schema: { response: { 200: adminDashboardSchema } } }, async (request) => {
    const { db, webhookStats, clock } = request.server.deps;
    return adminDashboard(db.db, webhookStats, clock());
  });

  app.get(
    "/users",
    { schema: { querystring: listUsersQuerySchema, response: { 200: adminUserListSchema } } },
    async (request) => {
      const { query } = request;
      const page = await listUsers(request.server.deps.db.db, query);
      return { ...page, limit: query.limit, offset: query.offset };
    },
  );

  app.post(
    "/users/:userId/admin",
    { schema: { params: userIdParamsSchema, response: { 200: adminGrantSchema } } },
    async (request) => {
      const { user } = requireAuth(request);
      const grant = await grantAdmin(request.server.deps.db.db, request.params.userId, user.id);
      if (!grant) throw notFound("User");
      return grant;
    },
  );

  app.delete(
    "/users/:userId/admin",
    { schema: { params: userIdParamsSchema, response: { 204: z.null().describe("No content") } } },
    async (request, reply) => {
      const { user } = requireAuth(request);
      const { userId } = request.params;
      if (userId === user.id) {
        throw new AppError("BAD_REQUEST", CANNOT_REVOKE_SELF_MESSAGE, {
          "params.userId": [CANNOT_REVOKE_SELF_MESSAGE],
        });
      }
      const revoked = await revokeAdmin(request.server.deps.db.db, userId);
      if (!revoked) throw notFound("Admin user");
      return reply.status(204).send(null);
    },
  );

  app.get(
    "/emails",
    { schema: { querystring: listEmailsQuerySchema, response: { 200: outboxEmailListSchema } } },
    async (request) => {
      const { query } = request;
      const page = await listOutboxEmails(request.server.deps.db.db, query);
      return { ...page, limit: query.limit, offset: query.offset };
    },
  );

  app.get(
    "/emails/:id",
    { schema: { params: emailIdParamsSchema, response: { 200: outboxEmailSchema } } },
    async (request) => {
      const { db, config } = request.server.deps;
      // Without SMTP the outbox is the only delivery and its links must stay usable.
      const email = await findOutboxEmail(db.db, request.params.id, {
        redactTokens: Boolean(config.SMTP_URL),
      });
      if (!email) throw notFound("E-mail");
      return email;
    },
  );
}
