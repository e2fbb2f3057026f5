import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { accountTimeZone } from "../accounts/time-zone";
import { requireAccount } from "../auth/context";
import { callAnalytics } from "./queries";
import { resolveRange } from "./ranges";
import { analyticsQuerySchema, analyticsResponseSchema, rangeRequestOf } from "./schemas";

/** Call analytics, mounted under /api: figures over the signed-in account's call logs only. */
export async function analyticsRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  // Anonymous callers get 401 before their input is even validated.
  app.addHook("onRequest", async (request) => {
    requireAccount(request);
  });

  app.get(
    "/analytics",
    { schema: { querystring: analyticsQuerySchema, response: { 200: analyticsResponseSchema } } },
    async (request) => {
      const { account } = requireAccount(request);
      const { db, clock } = request.server.deps;
      const timeZone = await accountTimeZone(db.db, account.id);
      const range = resolveRange(rangeRequestOf(request.query), clock(), timeZone);
      const figures = await callAnalytics(db.db, account.id, range, timeZone);
      return { range: request.query.range, ...figures };
    },
  );
}
