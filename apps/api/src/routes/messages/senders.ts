import { messageEndpoints } from "@poundline/contracts/messages/endpoints";
import { listSenders } from "@poundline/modules/messages/conversations";
import { requireAccount } from "../../auth/context";
import { handle } from "../../http/contract-route";

export const senders = handle(messageEndpoints.senders, async (request) => {
  const { account } = requireAccount(request);
  return { numbers: await listSenders(request.server.deps.db.db, account.id) };
});
