import { AUDIO_CONTENT_TYPES, type AudioFormat, sniffAudio } from "@poundline/telephony";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { NOT_AUDIO_MESSAGE, HOLD_MUSIC_MAX_BYTES as UPLOADED_AUDIO_MAX_BYTES } from "../call-routing/schemas";
import { AppError } from "../http/errors";

/**
 * A kind of uploaded audio (hold music, IVR greetings): stored per account in the recordings
 * storage, served publicly for the carrier's <Play> like its own hold music, each file named by a
 * random part nobody can guess.
 */
export interface UploadedAudio {
  /** The public path the files are served under. */
  path: string;
  /** The storage folder. */
  folder: string;
  /** The file names the kind makes (anything else is not found, before the storage is asked). */
  fileName: RegExp;
}

export const holdMusicAudio: UploadedAudio = {
  path: "/media/hold-music",
  folder: "hold-music",
  fileName: /^[a-z0-9_]{1,80}\.(mp3|wav|aiff)$/,
};

export const ivrGreetingAudio: UploadedAudio = {
  path: "/media/ivr-greetings",
  folder: "ivr-greetings",
  fileName: /^ivr_[a-z0-9]{1,64}_[a-f0-9]{32}\.(mp3|wav|aiff)$/,
};

const ACCOUNT_ID = /^acct_[a-z0-9]{1,64}$/;

/** The storage key of an account's uploaded file. */
export const uploadedAudioKey = (kind: UploadedAudio, accountId: string, file: string) =>
  `${kind.folder}/${accountId}/${file}`;

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
        let bytes: Uint8Array;
        try {
          bytes = await request.server.deps.recordings.get(uploadedAudioKey(kind, accountId, file));
        } catch {
          throw new AppError("NOT_FOUND", "Not found");
        }
        const format = file.slice(file.lastIndexOf(".") + 1) as AudioFormat;
        return reply
          .header("content-type", AUDIO_CONTENT_TYPES[format])
          .header("cache-control", "public, max-age=86400, immutable")
          .send(Buffer.from(bytes));
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
  const file = `${prefix}_${crypto.randomUUID().replaceAll("-", "")}.${format}`;
  await deps.recordings.put(uploadedAudioKey(kind, accountId, file), bytes);
  return `${deps.carrier.webhookBaseUrl}${kind.path}/${accountId}/${file}`;
}
