import { inboxEndpoints } from "@poundline/contracts/inbox/endpoints";
import { resolveConversation as resolve } from "@poundline/modules/inbox/conversations";
import { handle } from "../../http/contract-route";
import { actorOf, conversationNotFound, tell } from "./shared";

export const resolveConversation = handle(inboxEndpoints.resolveConversation, async (request) => {
  const { accountId, by } = actorOf(request);
  const { db, clock } = request.server.deps;
  const { resolved, ourNumber, peerNumber } = request.body;
  const state = await resolve(db.db, {
    accountId,
    key: { ourNumber, peerNumber },
    resolved,
    by,
    now: clock(),
  });
  if (!state) throw conversationNotFound();
  tell(request, accountId, { type: "inbox.updated", subject: "conversation" });
  return state;
});
