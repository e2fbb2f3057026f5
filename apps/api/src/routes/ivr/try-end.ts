import { AppError } from "@poundline/contracts/errors";
import { ivrEndpoints } from "@poundline/contracts/ivr/endpoints";
import { TRY_MESSAGES } from "@poundline/contracts/ivr/schemas";
import { requireAccount } from "../../auth/context";
import { handle } from "../../http/contract-route";

export const tryEnd = handle(ivrEndpoints.tryEnd, async (request, reply) => {
  const { account, sessionId } = requireAccount(request);
  const owner = { accountId: account.id, sessionId };
  if (!(await request.server.deps.ivrTries.hangUp(request.params.tryId, owner)))
    throw new AppError("NOT_FOUND", TRY_MESSAGES.notFound);
  return reply.status(204).send(null);
});
