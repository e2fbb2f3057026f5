import { messageEndpoints } from "@poundline/contracts/messages/endpoints";
import { markConversationRead } from "@poundline/modules/messages/conversations";
import { requireAccount } from "../../auth/context";
import { handle } from "../../http/contract-route";
import { conversationNotFound } from "./shared";

export const markRead = handle(messageEndpoints.markRead, async (request) => {
  const { account } = requireAccount(request);
  const { db, clock } = request.server.deps;
  const marked = await markConversationRead(db.db, account.id, request.body, clock());
  if (marked === null) throw conversationNotFound();
  return { marked };
});
