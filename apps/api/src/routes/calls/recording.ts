import { callEndpoints } from "@poundline/contracts/calls/endpoints";
import { storedCallRecording } from "@poundline/modules/recordings/call-recordings";
import { requireAccount } from "../../auth/context";
import { handle } from "../../http/contract-route";
import { sendCallRecording } from "./recordings";

/**
 * A recorded call's stored recording (its first), with range requests (206 and Content-Range) so
 * the player can seek. Another account's call answers 404 like a call without a stored recording.
 */
export const recording = handle(callEndpoints.recording, async (request, reply) => {
  const { account } = requireAccount(request);
  const key = await storedCallRecording(request.server.deps.db.db, account.id, request.params.id);
  return sendCallRecording(request, reply, key, { callId: request.params.id });
});
