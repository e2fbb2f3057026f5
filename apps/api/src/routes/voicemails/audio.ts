import { AppError } from "@poundline/contracts/errors";
import { voicemailEndpoints } from "@poundline/contracts/voicemails/endpoints";
import { RECORDING_NOT_READY_MESSAGE } from "@poundline/contracts/voicemails/schemas";
import { findRecording } from "@poundline/modules/voicemails/voicemails";
import { requireAccount } from "../../auth/context";
import { handle } from "../../http/contract-route";
import { sendRecordingAudio } from "../../http/stored-file";
import { voicemailNotFound } from "./shared";

/**
 * The stored recording, with HTTP range requests (206 and Content-Range) so the player can seek.
 * Another account's voicemail answers 404 like a missing one.
 */
export const audio = handle(voicemailEndpoints.audio, async (request, reply) => {
  const { account } = requireAccount(request);
  const { db, storage } = request.server.deps;
  const found = await findRecording(db.db, account.id, request.params.id);
  if (!found) throw voicemailNotFound();
  if (!found.storagePath) throw new AppError("NOT_FOUND", RECORDING_NOT_READY_MESSAGE);
  return sendRecordingAudio(request, reply, storage, found.storagePath, () => {
    request.log.warn({ voicemailId: request.params.id }, "stored recording missing");
    return new AppError("NOT_FOUND", RECORDING_NOT_READY_MESSAGE);
  });
});
