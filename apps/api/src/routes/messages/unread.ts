import { messageEndpoints } from "@poundline/contracts/messages/endpoints";
import { countUnreadMessages } from "@poundline/modules/messages/conversations";
import { requireAccount } from "../../auth/context";
import { handle } from "../../http/contract-route";

export const unread = handle(messageEndpoints.unread, async (request) => {
  const { account } = requireAccount(request);
  return countUnreadMessages(request.server.deps.db.db, account.id);
});
