import { consoleEndpoints } from "@poundline/contracts/console/endpoints";
import { countUnread } from "@poundline/modules/console/unread";
import { requireAccount } from "../../auth/context";
import { handle } from "../../http/contract-route";

export const unread = handle(consoleEndpoints.unread, async (request) => {
  const { account, user } = requireAccount(request);
  return countUnread(request.server.deps.db.db, account.id, user.id);
});
