import { apiKeyEndpoints } from "@poundline/contracts/api-keys/endpoints";
import { createApiKey } from "@poundline/modules/api-keys/keys";
import { requireAccount } from "../../auth/context";
import { handle } from "../../http/contract-route";

export const create = handle(apiKeyEndpoints.create, async (request, reply) => {
  const { account, user } = requireAccount(request);
  const created = await createApiKey(request.server.deps.db.db, account.id, user.id, request.body);
  return reply.status(201).send(created);
});
