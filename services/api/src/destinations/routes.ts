import { schema } from "@poundline/db";
import { eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { requireAccount } from "../auth/context";
import { can } from "../auth/permissions";
import { loadDestinationPolicy } from "./policy";
import { destinationPolicyBodySchema, destinationPolicySchema, SELECTABLE_COUNTRIES } from "./schemas";

/** Where the account may call and text (the destination policy), mounted under /api. */
export async function destinationPolicyRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.addHook("onRequest", async (request) => {
    requireAccount(request);
  });

  app.get(
    "/destination-policy",
    { schema: { response: { 200: destinationPolicySchema } } },
    async (request) => {
      const { account } = requireAccount(request);
      const policy = await loadDestinationPolicy(request.server.deps.db.db, account.id);
      return {
        allowedCountries: [...policy.allowedCountries],
        countries: SELECTABLE_COUNTRIES,
        canEdit: can(account.role, "calling.countries"),
      };
    },
  );

  app.put(
    "/destination-policy",
    {
      config: { permission: "calling.countries" },
      schema: { body: destinationPolicyBodySchema, response: { 200: destinationPolicySchema } },
    },
    async (request) => {
      const { account } = requireAccount(request);
      const { db, clock, routing } = request.server.deps;
      await db.db
        .update(schema.accounts)
        .set({ allowedCountries: request.body.allowedCountries, updatedAt: clock() })
        .where(eq(schema.accounts.id, account.id));
      // Forwards compiled into the routing tables follow the new countries.
      await routing.changed();
      return {
        allowedCountries: request.body.allowedCountries,
        countries: SELECTABLE_COUNTRIES,
        canEdit: true,
      };
    },
  );
}
