import { callBlockingEndpoints } from "@poundline/contracts/call-blocking/endpoints";
import { BLOCK_MESSAGES } from "@poundline/contracts/call-blocking/schemas";
import { AppError } from "@poundline/contracts/errors";
import { removeBlockedCaller } from "@poundline/modules/call-blocking/blocking";
import { requireAccount } from "../../auth/context";
import { handle } from "../../http/contract-route";

export const remove = handle(callBlockingEndpoints.remove, async (request, reply) => {
  const { account } = requireAccount(request);
  const { db, routing } = request.server.deps;
  if (!(await removeBlockedCaller(db.db, account.id, request.params.id)))
    throw new AppError("NOT_FOUND", BLOCK_MESSAGES.notFound);
  await routing.changed();
  return reply.status(204).send(null);
});
