import { inboxEndpoints } from "@poundline/contracts/inbox/endpoints";
import { resolveVoicemail as resolve } from "@poundline/modules/inbox/voicemails";
import { handle } from "../../http/contract-route";
import { actorOf, tell, voicemailNotFound } from "./shared";

export const resolveVoicemail = handle(inboxEndpoints.resolveVoicemail, async (request) => {
  const { accountId, by } = actorOf(request);
  const { db, clock } = request.server.deps;
  const state = await resolve(db.db, {
    accountId,
    id: request.params.id,
    resolved: request.body.resolved,
    by,
    now: clock(),
  });
  if (!state) throw voicemailNotFound();
  tell(request, accountId, { type: "inbox.updated", subject: "voicemail" });
  return state;
});
