import { voicemailEndpoints } from "@poundline/contracts/voicemails/endpoints";
import { deleteVoicemail } from "@poundline/modules/voicemails/voicemails";
import { requireAccount } from "../../auth/context";
import { handle } from "../../http/contract-route";
import { voicemailNotFound } from "./shared";

export const remove = handle(voicemailEndpoints.remove, async (request, reply) => {
  const { account } = requireAccount(request);
  const { db, storage } = request.server.deps;
  const deleted = await deleteVoicemail(
    {
      db: db.db,
      // The voicemail is gone either way; a file left behind is logged, not an error.
      removeRecording: (key) =>
        storage
          .delete(key)
          .catch((err: unknown) => request.log.warn({ err, key }, "stored recording not removed")),
    },
    account.id,
    request.params.id,
  );
  if (!deleted) throw voicemailNotFound();
  return reply.status(204).send(null);
});
