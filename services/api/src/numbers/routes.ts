import { CarrierError } from "@poundline/platform/carrier/client";
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { requireAccount } from "../auth/context";
import { AppError } from "../http/errors";
import {
  buyNumber,
  findNumber,
  listNumberRequests,
  listNumbers,
  type NumberPorts,
  releaseNumber,
  renameNumber,
  searchAvailable,
  setEmergencyAddress,
} from "./numbers";
import { numberPrice } from "./pricing";
import {
  availableListSchema,
  availableQuerySchema,
  buyNumberBodySchema,
  emergencyAddressBodySchema,
  numberListSchema,
  numberMessages,
  numberParamsSchema,
  numberRequestListSchema,
  phoneNumberSchema,
  updateNumberBodySchema,
} from "./schemas";

const numberNotFound = () => new AppError("NOT_FOUND", numberMessages.notFound);

/** A request the carrier refused (4xx) is the person's to fix: 400 with its reason; its failures stay 5xx. */
async function atCarrier<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (err) {
    if (err instanceof CarrierError && err.status < 500)
      throw new AppError("BAD_REQUEST", `The carrier refused the request: ${err.message}`);
    throw err;
  }
}

function portsOf(request: FastifyRequest): NumberPorts {
  const { db, numberCarrier, carrier } = request.server.deps;
  return { db: db.db, carrier: numberCarrier, webhookBaseUrl: carrier.webhookBaseUrl };
}

/** The account's phone numbers, mounted under /api. Every write ends with `routing.changed()`. */
export async function numberRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  // Anonymous callers get 401 before their input is even validated.
  app.addHook("onRequest", async (request) => {
    requireAccount(request);
  });

  app.get("/numbers", { schema: { response: { 200: numberListSchema } } }, async (request) => {
    const { account } = requireAccount(request);
    return listNumbers(request.server.deps.db.db, account.id);
  });

  app.get(
    "/numbers/requests",
    { schema: { response: { 200: numberRequestListSchema } } },
    async (request) => {
      const { account } = requireAccount(request);
      return { requests: await listNumberRequests(request.server.deps.db.db, account.id) };
    },
  );

  app.get(
    "/numbers/available",
    {
      config: { permission: "numbers.buy" },
      schema: { querystring: availableQuerySchema, response: { 200: availableListSchema } },
    },
    async (request) => {
      const { account } = requireAccount(request);
      const { db, numberCarrier, clock } = request.server.deps;
      const [numbers, price] = await Promise.all([
        atCarrier(() => searchAvailable(numberCarrier, request.query)),
        numberPrice(db.db, account.id, request.query.type, clock()),
      ]);
      return { numbers, price };
    },
  );

  app.post(
    "/numbers",
    {
      config: { permission: "numbers.buy" },
      schema: { body: buyNumberBodySchema, response: { 201: phoneNumberSchema } },
    },
    async (request, reply) => {
      const { account } = requireAccount(request);
      const result = await buyNumber(portsOf(request), account.id, request.body);
      if (!result.ok) {
        switch (result.reason) {
          case "request-not-found":
            throw new AppError("NOT_FOUND", numberMessages.requestNotFound);
          case "request-closed":
            throw new AppError("CONFLICT", numberMessages.requestClosed);
          case "unpaid-trial":
          case "limit":
            throw new AppError("FORBIDDEN", result.message);
          case "not-available":
            throw new AppError("CONFLICT", result.message, { "body.e164": [result.message] });
          default:
            throw new AppError("BAD_REQUEST", result.message);
        }
      }
      await request.server.deps.routing.changed();
      return reply.status(201).send(result.number);
    },
  );

  app.get(
    "/numbers/:id",
    { schema: { params: numberParamsSchema, response: { 200: phoneNumberSchema } } },
    async (request) => {
      const { account } = requireAccount(request);
      const number = await findNumber(request.server.deps.db.db, account.id, request.params.id);
      if (!number) throw numberNotFound();
      return number;
    },
  );

  app.patch(
    "/numbers/:id",
    {
      config: { permission: "numbers.edit" },
      schema: {
        params: numberParamsSchema,
        body: updateNumberBodySchema,
        response: { 200: phoneNumberSchema },
      },
    },
    async (request) => {
      const { account } = requireAccount(request);
      const number = await renameNumber(
        portsOf(request),
        account.id,
        request.params.id,
        request.body.friendlyName,
      );
      if (!number) throw numberNotFound();
      await request.server.deps.routing.changed();
      return number;
    },
  );

  app.delete(
    "/numbers/:id",
    { config: { permission: "numbers.release" }, schema: { params: numberParamsSchema } },
    async (request, reply) => {
      const { account } = requireAccount(request);
      if (!(await atCarrier(() => releaseNumber(portsOf(request), account.id, request.params.id))))
        throw numberNotFound();
      await request.server.deps.routing.changed();
      return reply.status(204).send();
    },
  );

  app.put(
    "/numbers/:id/e911",
    {
      config: { permission: "numbers.edit" },
      schema: {
        params: numberParamsSchema,
        body: emergencyAddressBodySchema,
        response: { 200: phoneNumberSchema },
      },
    },
    async (request) => {
      const { account } = requireAccount(request);
      const result = await setEmergencyAddress(portsOf(request), account.id, request.params.id, request.body);
      if (!result.ok) {
        if (result.reason === "not-found") throw numberNotFound();
        throw new AppError("BAD_REQUEST", result.message, { "body.street": [result.message] });
      }
      await request.server.deps.routing.changed();
      return result.number;
    },
  );
}
