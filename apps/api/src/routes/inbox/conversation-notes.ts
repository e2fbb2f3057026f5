import { inboxEndpoints } from "@poundline/contracts/inbox/endpoints";
import { listNotes } from "@poundline/modules/inbox/notes";
import { requireAccount } from "../../auth/context";
import { handle } from "../../http/contract-route";
import { conversationNotFound } from "./shared";

export const conversationNotes = handle(inboxEndpoints.conversationNotes, async (request) => {
  const { account } = requireAccount(request);
  const notes = await listNotes(request.server.deps.db.db, account.id, {
    kind: "conversation",
    key: request.query,
  });
  if (!notes) throw conversationNotFound();
  return { notes };
});
