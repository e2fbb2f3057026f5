import { messageEndpoints } from "@poundline/contracts/messages/endpoints";
import { listConversations } from "@poundline/modules/messages/conversations";
import { requireAccount } from "../../auth/context";
import { handle } from "../../http/contract-route";

export const conversations = handle(messageEndpoints.conversations, async (request) => {
  const { account } = requireAccount(request);
  const { query } = request;
  const page = await listConversations(request.server.deps.db.db, account.id, query);
  return { ...page, limit: query.limit, offset: query.offset };
});
