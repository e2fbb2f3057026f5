import { inboxEndpoints } from "@poundline/contracts/inbox/endpoints";
import { assignVoicemail as assign } from "@poundline/modules/inbox/voicemails";
import { handle } from "../../http/contract-route";
import { actorOf, bellsRung, notAMember, tell, voicemailNotFound } from "./shared";

export const assignVoicemail = handle(inboxEndpoints.assignVoicemail, async (request) => {
  const { accountId, by } = actorOf(request);
  const { assigneeId } = request.body;
  const result = await assign(request.server.deps.db.db, {
    accountId,
    id: request.params.id,
    assigneeId,
    by,
  });
  if (!result.ok) throw result.reason === "not_member" ? notAMember() : voicemailNotFound();
  tell(
    request,
    accountId,
    { type: "inbox.updated", subject: "voicemail" },
    ...bellsRung([assigneeId === by.id ? null : assigneeId]),
  );
  return result.value;
});
