import { apiKeyEndpoints } from "@poundline/contracts/api-keys/endpoints";
import { listApiKeys } from "@poundline/modules/api-keys/keys";
import { requireAccount } from "../../auth/context";
import { handle } from "../../http/contract-route";

export const list = handle(apiKeyEndpoints.list, async (request) => {
  const { account } = requireAccount(request);
  return { keys: await listApiKeys(request.server.deps.db.db, account.id) };
});
