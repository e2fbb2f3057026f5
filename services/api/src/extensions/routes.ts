import type { Database } from "@poundline/db";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { requireAccount } from "../auth/context";
import { refusedByValidator } from "../call-routing/refusal";
import { destinationError, refuseDestinations } from "../destinations/policy";
import { AppError } from "../http/errors";
import {
  createExtension,
  deleteExtension,
  type ExtensionSaveResult,
  findExtension,
  listExtensions,
  updateExtension,
} from "./extensions";
import {
  createExtensionBodySchema,
  DUPLICATE_EXTENSION_MESSAGE,
  EXTENSION_NOT_FOUND_MESSAGE,
  EXTENSION_NUMBER_LOCKED_MESSAGE,
  extensionListSchema,
  extensionParamsSchema,
  extensionSchema,
  listExtensionsQuerySchema,
  updateExtensionBodySchema,
} from "./schemas";

/** A forwarding number the account may not dial is refused, named, on the list's field. */
async function assertDialable(
  db: Database,
  accountId: string,
  forwardingNumbers: readonly string[] | undefined,
) {
  const refused = await refuseDestinations(db, accountId, forwardingNumbers ?? []);
  if (refused)
    throw destinationError("body.forwardingNumbers", {
      ...refused,
      message: `${refused.number}: ${refused.message}`,
    });
}

const notFound = () => new AppError("NOT_FOUND", EXTENSION_NOT_FOUND_MESSAGE);

function saved(result: ExtensionSaveResult) {
  if (result.ok) return result.extension;
  switch (result.reason) {
    case "not_found":
      throw notFound();
    case "duplicate_number":
      throw new AppError("CONFLICT", DUPLICATE_EXTENSION_MESSAGE, {
        "body.extensionNumber": [DUPLICATE_EXTENSION_MESSAGE],
      });
    case "number_locked":
      throw new AppError("BAD_REQUEST", EXTENSION_NUMBER_LOCKED_MESSAGE, {
        "body.extensionNumber": [EXTENSION_NUMBER_LOCKED_MESSAGE],
      });
    case "refused":
      throw refusedByValidator(result.issues);
  }
}

/** Extensions, mounted under /api. Every save is checked by the routing validator and recompiles the tables. */
export async function extensionRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.addHook("onRequest", async (request) => {
    requireAccount(request);
  });

  app.get(
    "/extensions",
    { schema: { querystring: listExtensionsQuerySchema, response: { 200: extensionListSchema } } },
    async (request) => {
      const { account } = requireAccount(request);
      return { items: await listExtensions(request.server.deps.db.db, account.id, request.query.search) };
    },
  );

  app.post(
    "/extensions",
    { schema: { body: createExtensionBodySchema, response: { 201: extensionSchema } } },
    async (request, reply) => {
      const { account } = requireAccount(request);
      const { db, clock, routing } = request.server.deps;
      await assertDialable(db.db, account.id, request.body.forwardingNumbers);
      const extension = saved(await createExtension(db.db, account.id, request.body, clock()));
      await routing.changed();
      return reply.status(201).send(extension);
    },
  );

  app.get(
    "/extensions/:id",
    { schema: { params: extensionParamsSchema, response: { 200: extensionSchema } } },
    async (request) => {
      const { account } = requireAccount(request);
      const extension = await findExtension(request.server.deps.db.db, account.id, request.params.id);
      if (!extension) throw notFound();
      return extension;
    },
  );

  app.patch(
    "/extensions/:id",
    {
      schema: {
        params: extensionParamsSchema,
        body: updateExtensionBodySchema,
        response: { 200: extensionSchema },
      },
    },
    async (request) => {
      const { account } = requireAccount(request);
      const { db, clock, routing } = request.server.deps;
      await assertDialable(db.db, account.id, request.body.forwardingNumbers);
      const extension = saved(
        await updateExtension(db.db, account.id, request.params.id, request.body, clock()),
      );
      await routing.changed();
      return extension;
    },
  );

  app.delete(
    "/extensions/:id",
    { schema: { params: extensionParamsSchema, response: { 204: z.null().describe("No content") } } },
    async (request, reply) => {
      const { account } = requireAccount(request);
      const { db, routing } = request.server.deps;
      const result = await deleteExtension(db.db, account.id, request.params.id);
      if (!result.ok && result.reason === "not_found") throw notFound();
      if (!result.ok && result.reason === "in_use") {
        const message = `This extension is used by ${result.usedBy.join(", ")}.`;
        throw new AppError("CONFLICT", message, { usedBy: result.usedBy });
      }
      await routing.changed();
      return reply.status(204).send(null);
    },
  );
}
