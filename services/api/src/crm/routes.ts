import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { requireAccount } from "../auth/context";
import { AppError } from "../http/errors";
import { listContactActivity } from "./activity";
import {
  convertContactToClient,
  createContact,
  deleteContact,
  findContact,
  listContacts,
  listContactTags,
  updateContact,
} from "./contacts";
import {
  activityQuerySchema,
  CONTACT_NOT_FOUND_MESSAGE,
  contactActivitySchema,
  contactListSchema,
  contactParamsSchema,
  contactSchema,
  contactTagsSchema,
  createContactBodySchema,
  DUPLICATE_PHONE_MESSAGE,
  listContactsQuerySchema,
  updateContactBodySchema,
} from "./schemas";

const contactNotFound = () => new AppError("NOT_FOUND", CONTACT_NOT_FOUND_MESSAGE);
const duplicatePhone = () =>
  new AppError("CONFLICT", DUPLICATE_PHONE_MESSAGE, { "body.phone": [DUPLICATE_PHONE_MESSAGE] });

/** The contacts CRM, mounted under /api. Every query is scoped to the caller's account. */
export async function crmRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  // Anonymous callers get 401 before their input is even validated.
  app.addHook("onRequest", async (request) => {
    requireAccount(request);
  });

  app.get(
    "/contacts",
    { schema: { querystring: listContactsQuerySchema, response: { 200: contactListSchema } } },
    async (request) => {
      const { account } = requireAccount(request);
      const { query } = request;
      const page = await listContacts(request.server.deps.db.db, account.id, query);
      return { ...page, limit: query.limit, offset: query.offset };
    },
  );

  app.post(
    "/contacts",
    {
      config: { permission: "contacts.edit" },
      schema: { body: createContactBodySchema, response: { 201: contactSchema } },
    },
    async (request, reply) => {
      const { account, user } = requireAccount(request);
      const { db, clock } = request.server.deps;
      const result = await createContact(db.db, account.id, request.body, { userId: user.id, now: clock() });
      if (!result.ok) throw duplicatePhone();
      return reply.status(201).send(result.contact);
    },
  );

  app.get("/contacts/tags", { schema: { response: { 200: contactTagsSchema } } }, async (request) => {
    const { account } = requireAccount(request);
    return { tags: await listContactTags(request.server.deps.db.db, account.id) };
  });

  app.get(
    "/contacts/:id",
    { schema: { params: contactParamsSchema, response: { 200: contactSchema } } },
    async (request) => {
      const { account } = requireAccount(request);
      const contact = await findContact(request.server.deps.db.db, account.id, request.params.id);
      if (!contact) throw contactNotFound();
      return contact;
    },
  );

  app.patch(
    "/contacts/:id",
    {
      config: { permission: "contacts.edit" },
      schema: {
        params: contactParamsSchema,
        body: updateContactBodySchema,
        response: { 200: contactSchema },
      },
    },
    async (request) => {
      const { account } = requireAccount(request);
      const { db, clock } = request.server.deps;
      const result = await updateContact(db.db, account.id, request.params.id, request.body, clock());
      if (!result) throw contactNotFound();
      if (!result.ok) throw duplicatePhone();
      return result.contact;
    },
  );

  app.delete(
    "/contacts/:id",
    {
      config: { permission: "contacts.edit" },
      schema: { params: contactParamsSchema, response: { 204: z.null().describe("No content") } },
    },
    async (request, reply) => {
      const { account } = requireAccount(request);
      const deleted = await deleteContact(request.server.deps.db.db, account.id, request.params.id);
      if (!deleted) throw contactNotFound();
      return reply.status(204).send(null);
    },
  );

  app.post(
    "/contacts/:id/convert",
    {
      config: { permission: "contacts.edit" },
      schema: { params: contactParamsSchema, response: { 200: contactSchema } },
    },
    async (request) => {
      const { account } = requireAccount(request);
      const { db, clock } = request.server.deps;
      const contact = await convertContactToClient(db.db, account.id, request.params.id, clock());
      if (!contact) throw contactNotFound();
      return contact;
    },
  );

  app.get(
    "/contacts/:id/activity",
    {
      schema: {
        params: contactParamsSchema,
        querystring: activityQuerySchema,
        response: { 200: contactActivitySchema },
      },
    },
    async (request) => {
      const { account } = requireAccount(request);
      const { db } = request.server.deps;
      const items = await listContactActivity(db.db, account.id, request.params.id, request.query.limit);
      if (!items) throw contactNotFound();
      return { items };
    },
  );
}
