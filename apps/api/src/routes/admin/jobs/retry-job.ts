import { adminEndpoints } from "@poundline/contracts/admin/endpoints";
import { ALREADY_RETRIED_MESSAGE } from "@poundline/contracts/admin/schemas";
import { AppError, notFound } from "@poundline/contracts/errors";
import { requireAuth } from "../../../auth/context";
import { handle } from "../../../http/contract-route";
import { retryFailedJob } from "./shared";

export const retryJob = handle(adminEndpoints.retryJob, async (request) => {
  const { user } = requireAuth(request);
  const { outbox, clock } = request.server.deps;
  const result = await retryFailedJob(outbox, request.params.id, user.id, clock());
  if (!result) throw notFound("Failed job");
  if (result === "retried") throw new AppError("CONFLICT", ALREADY_RETRIED_MESSAGE);
  return result;
});
