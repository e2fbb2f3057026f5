import { inboxEndpoints } from "@poundline/contracts/inbox/endpoints";
import { addNote } from "@poundline/modules/inbox/notes";
import { handle } from "../../http/contract-route";
import { actorOf, bellsRung, callNotFound, tell } from "./shared";

export const addCallNote = handle(inboxEndpoints.addCallNote, async (request, reply) => {
  const { accountId, by } = actorOf(request);
  const { db, clock } = request.server.deps;
  const note = await addNote(db.db, {
    accountId,
    subject: { kind: "call", callId: request.params.id },
    body: request.body.body,
    by,
    now: clock(),
  });
  if (!note) throw callNotFound();
  tell(
    request,
    accountId,
    { type: "inbox.updated", subject: "call" },
    ...bellsRung(note.mentions.map((m) => (m.id === by.id ? null : m.id))),
  );
  return reply.status(201).send(note);
});
