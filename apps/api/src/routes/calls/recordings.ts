import { can } from "@poundline/contracts/auth/permissions";
import { callEndpoints } from "@poundline/contracts/calls/endpoints";
import { CALL_NOT_FOUND_MESSAGE, CALL_RECORDING_NOT_FOUND_MESSAGE } from "@poundline/contracts/calls/schemas";
import { AppError } from "@poundline/contracts/errors";
import {
  type CallRecordingRow,
  recordingsOfCall,
  storedRecordingOfCall,
} from "@poundline/modules/recordings/call-recordings";
import type { FastifyReply, FastifyRequest } from "fastify";
import { requireAccount } from "../../auth/context";
import { handle } from "../../http/contract-route";
import { sendRecordingAudio } from "../../http/stored-file";

const noRecording = () => new AppError("NOT_FOUND", CALL_RECORDING_NOT_FOUND_MESSAGE);
const DAY_MS = 86_400_000;

/** A recording as the call history lists it: where it plays and, for roles allowed to, downloads. */
function listed(row: CallRecordingRow, callId: string, downloads: boolean) {
  const path = `/api/calls/${callId}/recordings/${row.id}`;
  const stored = row.status === "stored";
  return {
    id: row.id,
    source: row.source,
    status: row.status,
    durationSeconds: row.durationSeconds,
    createdAt: row.createdAt,
    audioUrl: stored ? `${path}/audio` : null,
    downloadUrl: stored && downloads ? `${path}/download` : null,
    deletedAfterDays: row.deletedAt
      ? Math.floor((row.deletedAt.getTime() - row.createdAt.getTime()) / DAY_MS)
      : null,
    transcriptionStatus: row.transcriptionStatus,
    transcript: row.transcript ?? [],
  };
}

/** The call's recordings with their transcripts; another account's call answers 404. */
export const recordings = handle(callEndpoints.recordings, async (request) => {
  const { account } = requireAccount(request);
  const { id } = request.params;
  const rows = await recordingsOfCall(request.server.deps.db.db, account.id, id);
  if (!rows) throw new AppError("NOT_FOUND", CALL_NOT_FOUND_MESSAGE);
  const downloads = can(account.role, "recordings.download");
  return { recordings: rows.map((row) => listed(row, id, downloads)) };
});

/**
 * A call's stored recording (its storage key, null when there is none to play: 404), as the
 * player streams it with range requests; `fileName` sends it as an attachment to save.
 */
export function sendCallRecording(
  request: FastifyRequest,
  reply: FastifyReply,
  key: string | null,
  logged: Record<string, string>,
  fileName?: string,
) {
  if (!key) throw noRecording();
  if (fileName) reply.header("content-disposition", `attachment; filename="${fileName}"`);
  return sendRecordingAudio(request, reply, request.server.deps.storage, key, () => {
    request.log.warn(logged, "stored call recording missing");
    return noRecording();
  });
}

/** One stored recording of the account's call, or 404 (another account's, another call's, not stored). */
async function sendRecording(
  request: FastifyRequest,
  reply: FastifyReply,
  { id, recordingId }: { id: string; recordingId: string },
  attachment: boolean,
) {
  const { account } = requireAccount(request);
  const found = await storedRecordingOfCall(request.server.deps.db.db, account.id, id, recordingId);
  const fileName = found && attachment ? recordingFileName(found.startedAt, found.from) : undefined;
  return sendCallRecording(request, reply, found?.key ?? null, { recordingId }, fileName);
}

/** `call-2026-11-23-1505-14155551234.wav`: when the call started (UTC) and who called. */
export function recordingFileName(startedAt: Date, from: string): string {
  const when = startedAt.toISOString().slice(0, 16).replace("T", "-").replace(":", "");
  const caller = from.replace(/[^0-9A-Za-z]/g, "").slice(0, 20) || "unknown";
  return `call-${when}-${caller}.wav`;
}

/** One recording for the player, with range requests. */
export const recordingAudio = handle(callEndpoints.recordingAudio, (request, reply) =>
  sendRecording(request, reply, request.params, false),
);

/** One recording as a file to save: the roles allowed to download (the contract's permission). */
export const recordingDownload = handle(callEndpoints.recordingDownload, (request, reply) =>
  sendRecording(request, reply, request.params, true),
);
