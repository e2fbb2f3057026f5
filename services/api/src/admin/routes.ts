import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { requireAdmin } from "../auth/context";
import { authMessages } from "../auth/messages";
import { AppError, notFound } from "../http/errors";
import { errorResponseSchema } from "../http/schemas";
import { adminAuditRoutes } from "./audit-routes";
import { adminContentRoutes } from "./content-routes";
import { adminDashboard } from "./dashboard";
import { findOutboxEmail, listOutboxEmails } from "./emails";
import { adminJobRoutes } from "./jobs";
import { adminRequestRoutes } from "./request-routes";
import {
  adminDashboardSchema,
  adminGrantSchema,
  adminUserListSchema,
  adminUserSchema,
  CANNOT_DELETE_SELF_MESSAGE,
  CANNOT_DISABLE_SELF_MESSAGE,
  CANNOT_REVOKE_SELF_MESSAGE,
  createUserBodySchema,
  emailIdParamsSchema,
  listEmailsQuerySchema,
  listUsersQuerySchema,
  outboxEmailListSchema,
  outboxEmailSchema,
  updateUserBodySchema,
  userIdParamsSchema,
} from "./schemas";
import {
  createUser,
  deleteUser,
  findAdminUser,
  grantAdmin,
  listUsers,
  revokeAdmin,
  setUserDisabled,
  updateUser,
} from "./users";

const noContent = z.null().describe("No content");

/** Refuses an action of an admin on their own user (revoke, disable, delete): 400 on the id. */
function refuseSelf(actorUserId: string, userId: string, message: string) {
  if (userId === actorUserId) throw new AppError("BAD_REQUEST", message, { "params.userId": [message] });
}

const emailTaken = () =>
  new AppError("CONFLICT", authMessages.emailTaken, { "body.email": [authMessages.emailTaken] });

/** The admin area's API, mounted at /api/admin: platform administrators only. */
export async function adminRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  // One guard for the whole folder, before validation: anonymous 401, non-admin 403.
  app.addHook("onRequest", async (request) => {
    requireAdmin(request);
  });
  await app.register(adminJobRoutes, { prefix: "/jobs" });
  await app.register(adminContentRoutes, { prefix: "/content" });
  await app.register(adminRequestRoutes, { prefix: "/requests" });
  await app.register(adminAuditRoutes, { prefix: "/audit-log" });

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
    "/users",
    {
      schema: {
        body: createUserBodySchema,
        response: { 201: adminUserSchema, 400: errorResponseSchema, 409: errorResponseSchema },
      },
    },
    async (request, reply) => {
      const { user } = requireAdmin(request);
      const { db, clock } = request.server.deps;
      const userId = await createUser(db.db, request.body, user.id, clock());
      if (userId === "taken") throw emailTaken();
      const created = await findAdminUser(db.db, userId);
      if (!created) throw notFound("User");
      return reply.status(201).send(created);
    },
  );

  app.get(
    "/users/:userId",
    { schema: { params: userIdParamsSchema, response: { 200: adminUserSchema } } },
    async (request) => {
      const found = await findAdminUser(request.server.deps.db.db, request.params.userId);
      if (!found) throw notFound("User");
      return found;
    },
  );

  app.patch(
    "/users/:userId",
    {
      schema: {
        params: userIdParamsSchema,
        body: updateUserBodySchema,
        response: { 200: adminUserSchema, 400: errorResponseSchema, 409: errorResponseSchema },
      },
    },
    async (request) => {
      const { user } = requireAdmin(request);
      const { db, clock } = request.server.deps;
      const { userId } = request.params;
      const result = await updateUser(db.db, userId, request.body, user.id, clock());
      if (result === "taken") throw emailTaken();
      const updated = result && (await findAdminUser(db.db, userId));
      if (!updated) throw notFound("User");
      return updated;
    },
  );

  app.delete(
    "/users/:userId",
    { schema: { params: userIdParamsSchema, response: { 204: noContent } } },
    async (request, reply) => {
      const { user } = requireAdmin(request);
      const { userId } = request.params;
      refuseSelf(user.id, userId, CANNOT_DELETE_SELF_MESSAGE);
      if (!(await deleteUser(request.server.deps.db.db, userId, user.id))) throw notFound("User");
      return reply.status(204).send(null);
    },
  );

  for (const [verb, disabled] of [
    ["disable", true],
    ["enable", false],
  ] as const) {
    app.post(
      `/users/:userId/${verb}`,
      { schema: { params: userIdParamsSchema, response: { 200: adminUserSchema } } },
      async (request) => {
        const { user } = requireAdmin(request);
        const { db, clock } = request.server.deps;
        const { userId } = request.params;
        if (disabled) refuseSelf(user.id, userId, CANNOT_DISABLE_SELF_MESSAGE);
        const result = await setUserDisabled(db.db, userId, disabled, user.id, clock());
        const changed = result && (await findAdminUser(db.db, userId));
        if (!changed) throw notFound("User");
        return changed;
      },
    );
  }

  app.post(
    "/users/:userId/admin",
    { schema: { params: userIdParamsSchema, response: { 200: adminGrantSchema } } },
    async (request) => {
      const { user } = requireAdmin(request);
      const grant = await grantAdmin(request.server.deps.db.db, request.params.userId, user.id);
      if (!grant) throw notFound("User");
      return grant;
    },
  );

  app.delete(
    "/users/:userId/admin",
    { schema: { params: userIdParamsSchema, response: { 204: noContent } } },
    async (request, reply) => {
      const { user } = requireAdmin(request);
      const { userId } = request.params;
      refuseSelf(user.id, userId, CANNOT_REVOKE_SELF_MESSAGE);
      const revoked = await revokeAdmin(request.server.deps.db.db, userId, user.id);
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
