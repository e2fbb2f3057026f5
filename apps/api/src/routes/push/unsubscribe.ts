import { AppError } from "@poundline/contracts/errors";
import { pushEndpoints } from "@poundline/contracts/settings/push-endpoints";
import { unsubscribePush } from "@poundline/modules/push/subscriptions";
import { requireAuth } from "../../auth/context";
import { handle } from "../../http/contract-route";

export const unsubscribe = handle(pushEndpoints.unsubscribe, async (request, reply) => {
  const { user } = requireAuth(request);
  // Another user's device answers as a missing one does.
  if (!(await unsubscribePush(request.server.deps.db.db, user.id, request.query.endpoint)))
    throw new AppError("NOT_FOUND", "No push subscription at this endpoint.");
  return reply.status(204).send(null);
});
