import { adminEndpoints } from "@poundline/contracts/admin/endpoints";
import { AppError, notFound } from "@poundline/contracts/errors";
import { isQueueStatus, setRequestStatus as saveStatus } from "@poundline/modules/admin/requests";
import { requireAdmin } from "../../../auth/context";
import { handle } from "../../../http/contract-route";
import { UNKNOWN_STATUS } from "./shared";

export const setRequestStatus = handle(adminEndpoints.setRequestStatus, async (request) => {
  const { user } = requireAdmin(request);
  const { queue, id } = request.params;
  const { status } = request.body;
  if (!isQueueStatus(queue, status))
    throw new AppError("BAD_REQUEST", UNKNOWN_STATUS, { "body.status": [UNKNOWN_STATUS] });
  const item = await saveStatus(request.server.deps.db.db, queue, id, status, user.id);
  if (!item) throw notFound("Request");
  return item;
});
