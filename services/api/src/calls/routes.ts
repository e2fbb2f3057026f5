import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { requireAccount } from "../auth/context";
import { AppError } from "../http/errors";
import { listCalls, updateCallNotes } from "./queries";
import {
  CALL_NOT_FOUND_MESSAGE,
  callListSchema,
  callParamsSchema,
  listCallsQuerySchema,
  updateCallBodySchema,
  updatedCallSchema,
} from "./schemas";

/** The call history, mounted under /api. Every query is scoped to the caller's account. */
export async function callRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  // Anonymous callers get 401 before their input is even validated.
  app.addHook("onRequest", async (request) => {
    requireAccount(request);
  });

  app.get(
    "/calls",
    { schema: { querystring: listCallsQuerySchema, response: { 200: callListSchema } } },
    async (request) => {
      const { account } = requireAccount(request);
      const { query } = request;
      const page = await listCalls(request.server.deps.db.db, account.id, query);
      return { ...page, page: query.page, pageSize: query.pageSize };
    },
  );

  app.patch(
    "/calls/:id",
    {
      config: { permission: "calls.notes" },
      schema: { params: callParamsSchema, body: updateCallBodySchema, response: { 200: updatedCallSchema } },
    },
    async (request) => {
      const { account } = requireAccount(request);
      const { db, clock } = request.server.deps;
      const call = await updateCallNotes(db.db, account.id, request.params.id, request.body, clock());
      if (!call) throw new AppError("NOT_FOUND", CALL_NOT_FOUND_MESSAGE);
      return call;
    },
  );
}
