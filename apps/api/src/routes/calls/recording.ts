import { callEndpoints } from "@poundline/contracts/calls/endpoints";
import { CALL_RECORDING_NOT_FOUND_MESSAGE } from "@poundline/contracts/calls/schemas";
import { AppError } from "@poundline/contracts/errors";
import { storedCallRecording } from "@poundline/modules/recordings/call-recordings";
import { requireAccount } from "../../auth/context";
import { handle } from "../../http/contract-route";
import { sendRecordingAudio } from "../../http/stored-file";

const noRecording = () => new AppError("NOT_FOUND", CALL_RECORDING_NOT_FOUND_MESSAGE);

/**
 * A recorded call's stored recording, with range requests (206 and Content-Range) so the player
 * can seek. Another account's call answers 404 like a call without a stored recording.
 */
export const recording = handle(callEndpoints.recording, async (request, reply) => {
  const { account } = requireAccount(request);
  const { db, storage } = request.server.deps;
  const key = await storedCallRecording(db.db, account.id, request.params.id);
  if (!key) throw noRecording();
  return sendRecordingAudio(request, reply, storage, key, () => {
    request.log.warn({ callId: request.params.id }, "stored call recording missing");
    return noRecording();
  });
});
