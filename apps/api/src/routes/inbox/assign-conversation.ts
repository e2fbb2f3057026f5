import { inboxEndpoints } from "@poundline/contracts/inbox/endpoints";
import { assignConversation as assign } from "@poundline/modules/inbox/conversations";
import { handle } from "../../http/contract-route";
import { actorOf, bellsRung, conversationNotFound, notAMember, tell } from "./shared";

export const assignConversation = handle(inboxEndpoints.assignConversation, async (request) => {
  const { accountId, by } = actorOf(request);
  const { db, clock } = request.server.deps;
  const { assigneeId, ourNumber, peerNumber } = request.body;
  const result = await assign(db.db, {
    accountId,
    key: { ourNumber, peerNumber },
    assigneeId,
    by,
    now: clock(),
  });
  if (!result.ok) throw result.reason === "not_member" ? notAMember() : conversationNotFound();
  tell(
    request,
    accountId,
    { type: "inbox.updated", subject: "conversation" },
    ...bellsRung([assigneeId === by.id ? null : assigneeId]),
  );
  return result.value;
});
