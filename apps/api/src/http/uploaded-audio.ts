import {
  NOT_AUDIO_MESSAGE,
  HOLD_MUSIC_MAX_BYTES as UPLOADED_AUDIO_MAX_BYTES,
} from "@poundline/contracts/call-routing/schemas";
import { AppError } from "@poundline/contracts/errors";
import { AUDIO_CONTENT_TYPES, type AudioFormat, sniffAudio } from "@poundline/domain";
import { audioFileName, audioUrlOf, type UploadedAudio } from "@poundline/platform/storage/audio-files";
import type { FastifyBaseLogger, FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { sendStoredFile } from "./stored-file";

export {
  greetingAudio,
  holdMusicAudio,
  ivrGreetingAudio,
  type UploadedAudio,
  uploadedAudioKeyOf,
} from "@poundline/platform/storage/audio-files";

const ACCOUNT_ID = /^acct_[a-z0-9]{1,64}$/;

/** The public route that serves one kind of uploaded audio. */
export function uploadedAudioRoutes(kind: UploadedAudio) {
  return async (fastify: FastifyInstance) => {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    app.get(
      `${kind.path}/:accountId/:file`,
      {
        schema: {
          params: z.object({
            accountId: z.string().regex(ACCOUNT_ID, "Not found"),
            file: z.string().regex(kind.fileName, "Not found"),
          }),
        },
      },
      async (request, reply) => {
        const { accountId, file } = request.params;
        const format = file.slice(file.lastIndexOf(".") + 1) as AudioFormat;
        return sendStoredFile(request, reply, request.server.deps.storage, kind.key(accountId, file), {
          headers: {
            "content-type": AUDIO_CONTENT_TYPES[format],
            "cache-control": "public, max-age=86400, immutable",
          },
          notFound: () => new AppError("NOT_FOUND", "Not found"),
        });
      },
    );
  };
}

const AUDIO_UPLOAD_TYPES = [
  "application/octet-stream",
  "audio/mpeg",
  "audio/mp3",
  "audio/wav",
  "audio/x-wav",
  "audio/wave",
  "audio/aiff",
  "audio/x-aiff",
];

/** Uploads arrive as the file's bytes; the bytes, not the declared type, decide if it is audio. */
export function acceptAudioUploads(app: FastifyInstance) {
  app.addContentTypeParser(
    AUDIO_UPLOAD_TYPES,
    { parseAs: "buffer", bodyLimit: UPLOADED_AUDIO_MAX_BYTES },
    (_request, body, done) => done(null, body),
  );
}

/**
 * Stores an uploaded body when its bytes are audio (400 with the field's message otherwise) under
 * a name starting with `prefix` and a random part; answers the public URL the carrier plays.
 */
export async function storeUploadedAudio(
  deps: FastifyInstance["deps"],
  kind: UploadedAudio,
  accountId: string,
  prefix: string,
  body: unknown,
): Promise<string> {
  const bytes = Buffer.isBuffer(body) ? new Uint8Array(body) : null;
  const format = bytes ? sniffAudio(bytes) : null;
  if (!bytes || !format) throw new AppError("BAD_REQUEST", NOT_AUDIO_MESSAGE, { body: [NOT_AUDIO_MESSAGE] });
  const file = audioFileName(prefix, format);
  await deps.storage.put(kind.key(accountId, file), bytes);
  return audioUrlOf(kind, deps.carrier.webhookBaseUrl, accountId, file);
}

/** Removes a replaced upload's object; a failure is logged, not the request's (the row moved on). */
export async function removeUploadedAudio(
  deps: FastifyInstance["deps"],
  log: FastifyBaseLogger,
  key: string | null,
): Promise<void> {
  if (!key) return;
  await deps.storage
    .delete(key)
    .catch((err: unknown) => log.warn({ err, key }, "replaced upload not removed"));
}
