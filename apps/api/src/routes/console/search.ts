import { consoleEndpoints } from "@poundline/contracts/console/endpoints";
import { searchAccount } from "@poundline/modules/console/search";
import { requireAccount } from "../../auth/context";
import { handle } from "../../http/contract-route";

export const search = handle(consoleEndpoints.search, async (request) => {
  const { account } = requireAccount(request);
  return searchAccount(request.server.deps.db.db, account.id, request.query.q);
});
