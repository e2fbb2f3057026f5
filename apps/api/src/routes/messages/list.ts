import { messageEndpoints } from "@poundline/contracts/messages/endpoints";
import { listMessages } from "@poundline/modules/messages/messages";
import { requireAccount } from "../../auth/context";
import { handle } from "../../http/contract-route";

export const list = handle(messageEndpoints.list, async (request) => {
  const { account } = requireAccount(request);
  const { query } = request;
  const page = await listMessages(request.server.deps.db.db, account.id, query);
  return { ...page, limit: query.limit, offset: query.offset };
});
