import { sniffAudio } from "@poundline/telephony";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { requireAccount } from "../auth/context";
import { AppError } from "../http/errors";
import { holdMusicAudio, uploadedAudioKey } from "../recordings/uploaded-audio";
import {
  listCallRouting,
  ownsNumber,
  type RoutingSaveResult,
  saveNumberRouting,
  setCustomHoldMusic,
} from "./number-routing";
import { refusedByValidator } from "./refusal";
import {
  CUSTOM_MUSIC_MISSING_MESSAGE,
  callRoutingSchema,
  HOLD_MUSIC_MAX_BYTES,
  NOT_AUDIO_MESSAGE,
  NUMBER_NOT_FOUND_MESSAGE,
  numberParamsSchema,
  numberRoutingBodySchema,
  numberRoutingSchema,
} from "./schemas";

const notFound = () => new AppError("NOT_FOUND", NUMBER_NOT_FOUND_MESSAGE);

function saved(result: RoutingSaveResult) {
  if (result.ok) return result.routing;
  switch (result.reason) {
    case "not_found":
      throw notFound();
    case "custom_music_missing":
      throw new AppError("BAD_REQUEST", CUSTOM_MUSIC_MISSING_MESSAGE, {
        "body.holdMusic": [CUSTOM_MUSIC_MISSING_MESSAGE],
      });
    case "refused":
      throw refusedByValidator(result.issues);
  }
}

/** Where uploaded hold music is served from (the carrier fetches it for <Play>). */

/** Call routing per number, mounted under /api. Every save is validated, then recompiles the tables. */
export async function callRoutingRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.addHook("onRequest", async (request) => {
    requireAccount(request);
  });
  // Hold music arrives as the file's bytes; the bytes, not the declared type, decide if it is audio.
  app.addContentTypeParser(
    [
      "application/octet-stream",
      "audio/mpeg",
      "audio/mp3",
      "audio/wav",
      "audio/x-wav",
      "audio/wave",
      "audio/aiff",
      "audio/x-aiff",
    ],
    { parseAs: "buffer", bodyLimit: HOLD_MUSIC_MAX_BYTES },
    (_request, body, done) => done(null, body),
  );

  app.get("/call-routing", { schema: { response: { 200: callRoutingSchema } } }, async (request) => {
    const { account } = requireAccount(request);
    return listCallRouting(request.server.deps.db.db, account.id);
  });

  app.put(
    "/call-routing/:numberId",
    {
      schema: {
        params: numberParamsSchema,
        body: numberRoutingBodySchema,
        response: { 200: numberRoutingSchema },
      },
    },
    async (request) => {
      const { account } = requireAccount(request);
      const { db, clock, routing } = request.server.deps;
      const result = saved(
        await saveNumberRouting(db.db, account.id, request.params.numberId, request.body, clock()),
      );
      await routing.changed();
      return result;
    },
  );

  app.post(
    "/call-routing/:numberId/hold-music",
    { schema: { params: numberParamsSchema, response: { 200: numberRoutingSchema } } },
    async (request) => {
      const { account } = requireAccount(request);
      const { db, clock, routing, recordings, carrier } = request.server.deps;
      const { numberId } = request.params;
      if (!(await ownsNumber(db.db, account.id, numberId))) throw notFound();
      const bytes = Buffer.isBuffer(request.body) ? new Uint8Array(request.body) : null;
      const format = bytes ? sniffAudio(bytes) : null;
      if (!bytes || !format)
        throw new AppError("BAD_REQUEST", NOT_AUDIO_MESSAGE, { body: [NOT_AUDIO_MESSAGE] });
      const file = `${numberId}_${crypto.randomUUID().replaceAll("-", "")}.${format}`;
      await recordings.put(uploadedAudioKey(holdMusicAudio, account.id, file), bytes);
      const url = `${carrier.webhookBaseUrl}${holdMusicAudio.path}/${account.id}/${file}`;
      const result = saved(await setCustomHoldMusic(db.db, account.id, numberId, url, clock()));
      await routing.changed();
      return result;
    },
  );
}
