import type { FastifyInstance, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { requireAccount } from "../auth/context";
import { refusedByValidator } from "../call-routing/refusal";
import { AppError } from "../http/errors";
import {
  acceptAudioUploads,
  ivrGreetingAudio,
  removeUploadedAudio,
  storeUploadedAudio,
  uploadedAudioKeyOf,
} from "../recordings/uploaded-audio";
import {
  createMenu,
  deleteMenu,
  findMenu,
  greetingRecordingInUse,
  listMenus,
  type MenuSaveResult,
  setGreetingRecording,
  updateMenu,
} from "./menus";
import {
  IVR_MESSAGES,
  IVR_VOICES,
  ivrMenuBodySchema,
  ivrMenuListSchema,
  ivrMenuParamsSchema,
  ivrMenuSchema,
  ivrVoicesSchema,
} from "./schemas";
import { ivrTryRoutes } from "./try-routes";
import { ivrVersionRoutes } from "./versions-routes";

const notFound = () => new AppError("NOT_FOUND", IVR_MESSAGES.notFound);

/** A greeting replaced or deleted goes from the storage, unless a menu or published version still plays it. */
async function removeUnusedGreeting(request: FastifyRequest, accountId: string, url: string | null) {
  if (!url || (await greetingRecordingInUse(request.server.deps.db.db, accountId, url))) return;
  await removeUploadedAudio(
    request.server.deps,
    request.log,
    uploadedAudioKeyOf(ivrGreetingAudio, accountId, url),
  );
}

function saved(result: MenuSaveResult) {
  if (result.ok) return result.menu;
  switch (result.reason) {
    case "not_found":
      throw notFound();
    case "invalid":
      throw new AppError(
        "BAD_REQUEST",
        Object.values(result.fields)[0]?.[0] ?? "Invalid menu.",
        result.fields,
      );
    case "refused":
      throw refusedByValidator(result.issues);
  }
}

/**
 * IVR menus, mounted under /api. The menus saved here are the account's draft (every save checked
 * by the routing validator); calls follow the published version (versions-routes.ts).
 */
export async function ivrRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.addHook("onRequest", async (request) => {
    requireAccount(request);
  });
  acceptAudioUploads(app);
  await app.register(ivrVersionRoutes);
  await app.register(ivrTryRoutes);

  app.post(
    "/ivr-menus/:id/greeting",
    {
      config: { permission: "ivr.edit" },
      schema: { params: ivrMenuParamsSchema, response: { 200: ivrMenuSchema } },
    },
    async (request) => {
      const { account } = requireAccount(request);
      const { db, clock } = request.server.deps;
      const { id } = request.params;
      if (!(await findMenu(db.db, account.id, id))) throw notFound();
      const url = await storeUploadedAudio(
        request.server.deps,
        ivrGreetingAudio,
        account.id,
        id,
        request.body,
      );
      const saved = await setGreetingRecording(db.db, account.id, id, url, clock());
      if (!saved) {
        // Deleted while the bytes were being stored: keep nothing.
        await removeUploadedAudio(
          request.server.deps,
          request.log,
          uploadedAudioKeyOf(ivrGreetingAudio, account.id, url),
        );
        throw notFound();
      }
      await removeUnusedGreeting(request, account.id, saved.replaced);
      return saved.menu;
    },
  );

  app.get("/ivr-menus/voices", { schema: { response: { 200: ivrVoicesSchema } } }, async () => IVR_VOICES);

  app.get("/ivr-menus", { schema: { response: { 200: ivrMenuListSchema } } }, async (request) => {
    const { account } = requireAccount(request);
    return { items: await listMenus(request.server.deps.db.db, account.id) };
  });

  app.post(
    "/ivr-menus",
    {
      config: { permission: "ivr.edit" },
      schema: { body: ivrMenuBodySchema, response: { 201: ivrMenuSchema } },
    },
    async (request, reply) => {
      const { account } = requireAccount(request);
      const { db, clock } = request.server.deps;
      const menu = saved(await createMenu(db.db, account.id, request.body, clock()));
      return reply.status(201).send(menu);
    },
  );

  app.get(
    "/ivr-menus/:id",
    { schema: { params: ivrMenuParamsSchema, response: { 200: ivrMenuSchema } } },
    async (request) => {
      const { account } = requireAccount(request);
      const menu = await findMenu(request.server.deps.db.db, account.id, request.params.id);
      if (!menu) throw notFound();
      return menu;
    },
  );

  app.put(
    "/ivr-menus/:id",
    {
      config: { permission: "ivr.edit" },
      schema: { params: ivrMenuParamsSchema, body: ivrMenuBodySchema, response: { 200: ivrMenuSchema } },
    },
    async (request) => {
      const { account } = requireAccount(request);
      const { db, clock } = request.server.deps;
      const menu = saved(await updateMenu(db.db, account.id, request.params.id, request.body, clock()));
      return menu;
    },
  );

  app.delete(
    "/ivr-menus/:id",
    {
      config: { permission: "ivr.edit" },
      schema: { params: ivrMenuParamsSchema, response: { 204: z.null().describe("No content") } },
    },
    async (request, reply) => {
      const { account } = requireAccount(request);
      const { db } = request.server.deps;
      const result = await deleteMenu(db.db, account.id, request.params.id);
      if (!result.ok && result.reason === "not_found") throw notFound();
      if (!result.ok && result.reason === "in_use") {
        const message = `This menu is used by ${result.usedBy.join(", ")}.`;
        throw new AppError("CONFLICT", message, { usedBy: result.usedBy });
      }
      if (result.ok) await removeUnusedGreeting(request, account.id, result.greetingRecordingUrl);
      return reply.status(204).send(null);
    },
  );
}
