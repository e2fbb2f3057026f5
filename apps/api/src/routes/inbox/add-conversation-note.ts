import { inboxEndpoints } from "@poundline/contracts/inbox/endpoints";
import { addNote } from "@poundline/modules/inbox/notes";
import { handle } from "../../http/contract-route";
import { actorOf, bellsRung, conversationNotFound, tell } from "./shared";

export const addConversationNote = handle(inboxEndpoints.addConversationNote, async (request, reply) => {
  const { accountId, by } = actorOf(request);
  const { db, clock } = request.server.deps;
  const { ourNumber, peerNumber, body } = request.body;
  const note = await addNote(db.db, {
    accountId,
    subject: { kind: "conversation", key: { ourNumber, peerNumber } },
    body,
    by,
    now: clock(),
  });
  if (!note) throw conversationNotFound();
  tell(
    request,
    accountId,
    { type: "inbox.updated", subject: "conversation" },
    ...bellsRung(note.mentions.map((m) => (m.id === by.id ? null : m.id))),
  );
  return reply.status(201).send(note);
});
