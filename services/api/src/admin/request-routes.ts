import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { requireAdmin } from "../auth/context";
import { AppError, notFound } from "../http/errors";
import { errorResponseSchema } from "../http/schemas";
import { isQueueStatus, listRequests, setRequestStatus } from "./requests";
import {
  listRequestsQuerySchema,
  requestItemParamsSchema,
  requestItemSchema,
  requestListSchema,
  requestQueueParamsSchema,
  requestQueueStatuses,
  updateRequestStatusBodySchema,
} from "./schemas";

const UNKNOWN_STATUS = "Unknown status.";

/**
 * The queues of the public site's forms, under /api/admin/requests/:queue (contact, features,
 * phone-numbers), each item with a status an admin changes.
 */
export async function adminRequestRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = app.deps;

  app.get(
    "/:queue",
    {
      schema: {
        params: requestQueueParamsSchema,
        querystring: listRequestsQuerySchema,
        response: { 200: requestListSchema, 400: errorResponseSchema },
      },
    },
    async (request) => {
      const { queue } = request.params;
      const { query } = request;
      if (query.status && !isQueueStatus(queue, query.status))
        throw new AppError("BAD_REQUEST", UNKNOWN_STATUS, { "querystring.status": [UNKNOWN_STATUS] });
      const page = await listRequests(db.db, queue, query);
      return {
        ...page,
        statuses: [...requestQueueStatuses[queue]],
        limit: query.limit,
        offset: query.offset,
      };
    },
  );

  app.patch(
    "/:queue/:id",
    {
      schema: {
        params: requestItemParamsSchema,
        body: updateRequestStatusBodySchema,
        response: { 200: requestItemSchema, 400: errorResponseSchema },
      },
    },
    async (request) => {
      const { user } = requireAdmin(request);
      const { queue, id } = request.params;
      const { status } = request.body;
      if (!isQueueStatus(queue, status))
        throw new AppError("BAD_REQUEST", UNKNOWN_STATUS, { "body.status": [UNKNOWN_STATUS] });
      const item = await setRequestStatus(db.db, queue, id, status, user.id);
      if (!item) throw notFound("Request");
      return item;
    },
  );
}
