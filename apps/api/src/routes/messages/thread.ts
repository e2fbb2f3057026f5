import { messageEndpoints } from "@poundline/contracts/messages/endpoints";
import { readThread } from "@poundline/modules/messages/conversations";
import { requireAccount } from "../../auth/context";
import { handle } from "../../http/contract-route";
import { conversationNotFound } from "./shared";

export const thread = handle(messageEndpoints.thread, async (request) => {
  const { account } = requireAccount(request);
  const found = await readThread(request.server.deps.db.db, account.id, request.query);
  if (!found) throw conversationNotFound();
  return found;
});
