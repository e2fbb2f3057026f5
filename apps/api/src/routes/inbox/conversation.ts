import { inboxEndpoints } from "@poundline/contracts/inbox/endpoints";
import { conversationState } from "@poundline/modules/inbox/conversations";
import { requireAccount } from "../../auth/context";
import { handle } from "../../http/contract-route";
import { conversationNotFound } from "./shared";

export const conversation = handle(inboxEndpoints.conversation, async (request) => {
  const { account } = requireAccount(request);
  const state = await conversationState(request.server.deps.db.db, account.id, request.query);
  if (!state) throw conversationNotFound();
  return state;
});
