import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { requireAccount } from "../auth/context";
import { sendCsv } from "../http/csv-export";
import { AppError } from "../http/errors";
import { errorResponseSchema } from "../http/schemas";
import { sendStoredFile } from "../http/stored-file";
import { VOICEMAIL_CSV_HEADER, voicemailRows } from "./export";
import {
  exportVoicemailsQuerySchema,
  listVoicemailsQuerySchema,
  RECORDING_NOT_READY_MESSAGE,
  updateVoicemailBodySchema,
  VOICEMAIL_NOT_FOUND_MESSAGE,
  voicemailListSchema,
  voicemailParamsSchema,
  voicemailSchema,
} from "./schemas";
import {
  countUnreadVoicemails,
  deleteVoicemail,
  exportVoicemails,
  findRecording,
  listVoicemails,
  setVoicemailStatus,
} from "./voicemails";

const voicemailNotFound = () => new AppError("NOT_FOUND", VOICEMAIL_NOT_FOUND_MESSAGE);

/** Voicemails, mounted under /api. Every query is scoped to the caller's account. */
export async function voicemailRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.addHook("onRequest", async (request) => {
    requireAccount(request);
  });

  app.get(
    "/voicemails",
    {
      schema: {
        querystring: listVoicemailsQuerySchema,
        response: { 200: voicemailListSchema, 400: errorResponseSchema },
      },
    },
    async (request) => {
      const { account } = requireAccount(request);
      const { query } = request;
      const page = await listVoicemails(request.server.deps.db.db, account.id, query);
      return { ...page, limit: query.limit, offset: query.offset };
    },
  );

  app.get(
    "/voicemails/unread",
    { schema: { response: { 200: z.object({ count: z.number().int() }) } } },
    async (request) => {
      const { account } = requireAccount(request);
      return { count: await countUnreadVoicemails(request.server.deps.db.db, account.id) };
    },
  );

  app.get(
    "/voicemails/export.csv",
    // Not JSON: errors still answer in the one error shape, through the error handler.
    { schema: { querystring: exportVoicemailsQuerySchema } },
    async (request, reply) => {
      const { account } = requireAccount(request);
      const { db, clock } = request.server.deps;
      const rows = await exportVoicemails(db.db, account.id, request.query);
      const day = clock().toISOString().slice(0, 10);
      return sendCsv(reply, {
        fileName: `voicemails-${day}.csv`,
        header: VOICEMAIL_CSV_HEADER,
        rows: [voicemailRows(rows)],
      });
    },
  );

  /**
   * The stored recording, with HTTP range requests (206 and Content-Range) so the player can seek.
   * Another account's voicemail answers 404 like a missing one.
   */
  app.get("/voicemails/:id/audio", { schema: { params: voicemailParamsSchema } }, async (request, reply) => {
    const { account } = requireAccount(request);
    const { db, storage } = request.server.deps;
    const found = await findRecording(db.db, account.id, request.params.id);
    if (!found) throw voicemailNotFound();
    if (!found.storagePath) throw new AppError("NOT_FOUND", RECORDING_NOT_READY_MESSAGE);
    return sendStoredFile(request, reply, storage, found.storagePath, {
      ranges: true,
      headers: {
        "content-type": "audio/wav",
        "cache-control": "private, max-age=3600",
        "x-content-type-options": "nosniff",
      },
      notFound: () => {
        request.log.warn({ voicemailId: request.params.id }, "stored recording missing");
        return new AppError("NOT_FOUND", RECORDING_NOT_READY_MESSAGE);
      },
    });
  });

  app.patch(
    "/voicemails/:id",
    {
      config: { permission: "voicemails.manage" },
      schema: {
        params: voicemailParamsSchema,
        body: updateVoicemailBodySchema,
        response: { 200: voicemailSchema, 400: errorResponseSchema, 404: errorResponseSchema },
      },
    },
    async (request) => {
      const { account } = requireAccount(request);
      const updated = await setVoicemailStatus(
        request.server.deps.db.db,
        account.id,
        request.params.id,
        request.body.status,
      );
      if (!updated) throw voicemailNotFound();
      return updated;
    },
  );

  app.delete(
    "/voicemails/:id",
    {
      config: { permission: "voicemails.manage" },
      schema: {
        params: voicemailParamsSchema,
        response: {
          204: z.null().describe("No content"),
          400: errorResponseSchema,
          404: errorResponseSchema,
        },
      },
    },
    async (request, reply) => {
      const { account } = requireAccount(request);
      const { db, storage } = request.server.deps;
      const deleted = await deleteVoicemail(
        {
          db: db.db,
          // The voicemail is gone either way; a file left behind is logged, not an error.
          removeRecording: (key) =>
            storage
              .delete(key)
              .catch((err: unknown) => request.log.warn({ err, key }, "stored recording not removed")),
        },
        account.id,
        request.params.id,
      );
      if (!deleted) throw voicemailNotFound();
      return reply.status(204).send(null);
    },
  );
}
