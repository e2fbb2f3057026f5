import { apiKeyEndpoints } from "@poundline/contracts/api-keys/endpoints";
import { apiKeyMessages } from "@poundline/contracts/api-keys/schemas";
import { AppError } from "@poundline/contracts/errors";
import { revokeApiKey } from "@poundline/modules/api-keys/keys";
import { requireAccount } from "../../auth/context";
import { handle } from "../../http/contract-route";

export const revoke = handle(apiKeyEndpoints.revoke, async (request, reply) => {
  const { account } = requireAccount(request);
  const { db, clock } = request.server.deps;
  if (!(await revokeApiKey(db.db, account.id, request.params.id, clock())))
    throw new AppError("NOT_FOUND", apiKeyMessages.notFound);
  return reply.status(204).send(null);
});
