import { contentRange, parseRange } from "@poundline/modules/voicemails/range";
import type { FileStorage } from "@poundline/platform/storage/port";
import type { FastifyReply, FastifyRequest } from "fastify";
import type { AppError } from "./errors";

export interface StoredFileAnswer {
  /** Headers of the answer (cache-control, content-disposition...); content-type defaults to the file's. */
  headers: Record<string, string>;
  /** The error when there is no such file (the route's own 404). */
  notFound: () => AppError;
  /** Answers Range requests (206 with the bytes asked, 416 past the end): audio a player seeks in. */
  ranges?: boolean;
}

/**
 * Streams a stored file through the API (after the route's own access check), from local disk
 * or S3 alike, with its length, and its byte range when asked for one.
 */
export async function sendStoredFile(
  request: FastifyRequest,
  reply: FastifyReply,
  storage: FileStorage,
  key: string,
  answer: StoredFileAnswer,
): Promise<FastifyReply> {
  let range = parseRange(undefined, 0);
  if (answer.ranges && request.headers.range !== undefined) {
    const info = await storage.head(key);
    if (!info) throw answer.notFound();
    range = parseRange(request.headers.range, info.size);
    if (range.kind === "unsatisfiable") {
      return reply
        .status(416)
        .header("accept-ranges", "bytes")
        .header("content-range", contentRange(range, info.size))
        .send();
    }
  }
  const file = await storage.get(key, range.kind === "partial" ? range : undefined);
  if (!file) throw answer.notFound();
  reply.header("content-type", file.contentType).headers(answer.headers);
  if (answer.ranges) reply.header("accept-ranges", "bytes");
  if (range.kind === "partial") {
    return reply
      .status(206)
      .header("content-range", contentRange(range, file.size))
      .header("content-length", range.end - range.start + 1)
      .send(file.body);
  }
  return reply.header("content-length", file.size).send(file.body);
}

/**
 * A stored recording (a voicemail, a recorded call) for the console's player: WAV, cached
 * privately, with range requests so the player can seek.
 */
export function sendRecordingAudio(
  request: FastifyRequest,
  reply: FastifyReply,
  storage: FileStorage,
  key: string,
  notFound: () => AppError,
): Promise<FastifyReply> {
  return sendStoredFile(request, reply, storage, key, {
    ranges: true,
    headers: {
      "content-type": "audio/wav",
      "cache-control": "private, max-age=3600",
      "x-content-type-options": "nosniff",
    },
    notFound,
  });
}
