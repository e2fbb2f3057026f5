import { inboxEndpoints } from "@poundline/contracts/inbox/endpoints";
import { listNotes } from "@poundline/modules/inbox/notes";
import { requireAccount } from "../../auth/context";
import { handle } from "../../http/contract-route";
import { callNotFound } from "./shared";

export const callNotes = handle(inboxEndpoints.callNotes, async (request) => {
  const { account } = requireAccount(request);
  const notes = await listNotes(request.server.deps.db.db, account.id, {
    kind: "call",
    callId: request.params.id,
  });
  if (!notes) throw callNotFound();
  return { notes };
});
