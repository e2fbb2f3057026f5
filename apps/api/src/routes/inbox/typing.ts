import { inboxEndpoints } from "@poundline/contracts/inbox/endpoints";
import { conversationExists } from "@poundline/modules/messages/conversations";
import { handle } from "../../http/contract-route";
import { actorOf, conversationNotFound, tell } from "./shared";

/** Nothing is stored: the other consoles show "<name> is writing…" for a few seconds. */
export const typing = handle(inboxEndpoints.typing, async (request, reply) => {
  const { accountId, by } = actorOf(request);
  const { ourNumber, peerNumber } = request.body;
  if (!(await conversationExists(request.server.deps.db.db, accountId, { ourNumber, peerNumber })))
    throw conversationNotFound();
  tell(request, accountId, { type: "inbox.typing", ourNumber, peerNumber, userId: by.id, name: by.name });
  return reply.status(204).send(null);
});
