import { adminEndpoints } from "@poundline/contracts/admin/endpoints";
import { requestQueueStatuses } from "@poundline/contracts/admin/schemas";
import { AppError } from "@poundline/contracts/errors";
import { isQueueStatus, listRequests } from "@poundline/modules/admin/requests";
import { handle } from "../../../http/contract-route";
import { UNKNOWN_STATUS } from "./shared";

/**
 * The queues of the public site's forms, under /api/admin/requests/:queue (contact, features,
 * phone-numbers), each item with a status an admin changes.
 */
export const requests = handle(adminEndpoints.requests, async (request) => {
  const { queue } = request.params;
  const { query } = request;
  if (query.status && !isQueueStatus(queue, query.status))
    throw new AppError("BAD_REQUEST", UNKNOWN_STATUS, { "querystring.status": [UNKNOWN_STATUS] });
  const page = await listRequests(request.server.deps.db.db, queue, query);
  return {
    ...page,
    statuses: [...requestQueueStatuses[queue]],
    limit: query.limit,
    offset: query.offset,
  };
});
