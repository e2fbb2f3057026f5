import { AUDIO_CONTENT_TYPES, type AudioFormat } from "@poundline/telephony";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
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
