import { AppError } from "@poundline/contracts/errors";
import { extensionEndpoints } from "@poundline/contracts/extensions/endpoints";
import { deleteExtension } from "@poundline/modules/extensions/extensions";
import { greetingAudioOf } from "@poundline/modules/greetings/greetings";
import { requireAccount } from "../../auth/context";
import { handle } from "../../http/contract-route";
import { greetingAudio, removeUploadedAudio, uploadedAudioKeyOf } from "../../http/uploaded-audio";
import { extensionNotFound } from "./shared";

export const remove = handle(extensionEndpoints.remove, async (request, reply) => {
  const { account } = requireAccount(request);
  const { db, routing } = request.server.deps;
  // Its greeting's row goes with it (a foreign key); its recording's file is removed here.
  const recordings = await greetingAudioOf(db.db, account.id, { type: "extension", id: request.params.id });
  const result = await deleteExtension(db.db, account.id, request.params.id);
  if (!result.ok && result.reason === "not_found") throw extensionNotFound();
  if (!result.ok && result.reason === "in_use") {
    const message = `This extension is used by ${result.usedBy.join(", ")}.`;
    throw new AppError("CONFLICT", message, { usedBy: result.usedBy });
  }
  for (const url of recordings)
    await removeUploadedAudio(
      request.server.deps,
      request.log,
      uploadedAudioKeyOf(greetingAudio, account.id, url),
    );
  await routing.changed();
  return reply.status(204).send(null);
});
