import { type Database, liveIvrVersion, readIvrDraft, schema } from "@poundline/db";
import { eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { requireAccount } from "../auth/context";
import { AppError } from "../http/errors";
import { diffSnapshots } from "./diff";
import {
  ivrDiffQuerySchema,
  ivrDiffSchema,
  ivrDraftStatusSchema,
  ivrPublishBodySchema,
  ivrPublishedSchema,
  ivrVersionListSchema,
  ivrVersionParamsSchema,
  ivrVersionSchema,
  VERSION_MESSAGES,
} from "./schemas";
import {
  draftStatus,
  findVersion,
  listVersions,
  type PublishResult,
  publishDraft,
  rollbackTo,
} from "./versions";

const notFound = () => new AppError("NOT_FOUND", VERSION_MESSAGES.notFound);

function published(result: PublishResult) {
  if (result.ok) return { id: result.id, version: result.version };
  switch (result.reason) {
    case "not_found":
      throw notFound();
    case "nothing_to_publish":
      throw new AppError("CONFLICT", VERSION_MESSAGES.nothingToPublish, { reasons: [] });
    case "refused":
      throw new AppError("CONFLICT", result.reasons[0] ?? "This version would route calls at nothing.", {
        reasons: result.reasons,
      });
  }
}

/** One side of a diff: a version of the account, its draft, or its live version (none: no menus). */
async function sideOf(db: Database, accountId: string, ref: string) {
  if (ref === "draft")
    return { ref, versionId: null, version: null, snapshot: await readIvrDraft(db, accountId) };
  if (ref === "live") {
    const live = await liveIvrVersion(db, accountId);
    return {
      ref,
      versionId: live?.id ?? null,
      version: live?.version ?? null,
      snapshot: live?.snapshot ?? { menus: [] },
    };
  }
  const version = await findVersion(db, accountId, ref);
  if (!version) throw notFound();
  return { ref, versionId: version.id, version: version.version, snapshot: version.snapshot };
}

/** Versions of the account's menus: publish the draft, list, read, compare, roll back. Under /api. */
export async function ivrVersionRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get("/ivr-menus/draft", { schema: { response: { 200: ivrDraftStatusSchema } } }, async (request) => {
    const { account } = requireAccount(request);
    return draftStatus(request.server.deps.db.db, account.id);
  });

  app.get("/ivr-menus/versions", { schema: { response: { 200: ivrVersionListSchema } } }, async (request) => {
    const { account } = requireAccount(request);
    return { items: await listVersions(request.server.deps.db.db, account.id) };
  });

  app.get(
    "/ivr-menus/versions/diff",
    { schema: { querystring: ivrDiffQuerySchema, response: { 200: ivrDiffSchema } } },
    async (request) => {
      const { account } = requireAccount(request);
      const { db } = request.server.deps;
      const [from, to, extensions] = await Promise.all([
        sideOf(db.db, account.id, request.query.from),
        sideOf(db.db, account.id, request.query.to),
        db.db
          .select({
            id: schema.extensions.id,
            number: schema.extensions.extensionNumber,
            name: schema.extensions.name,
          })
          .from(schema.extensions)
          .where(eq(schema.extensions.accountId, account.id)),
      ]);
      const names = new Map<string, string>();
      for (const e of extensions) names.set(e.id, `${e.number} ${e.name}`);
      for (const m of [...from.snapshot.menus, ...to.snapshot.menus]) names.set(m.id, `menu “${m.name}”`);
      const diff = diffSnapshots(from.snapshot, to.snapshot, (id) => names.get(id));
      const side = ({ ref, versionId, version }: typeof from) => ({ ref, versionId, version });
      return { from: side(from), to: side(to), ...diff };
    },
  );

  app.get(
    "/ivr-menus/versions/:id",
    { schema: { params: ivrVersionParamsSchema, response: { 200: ivrVersionSchema } } },
    async (request) => {
      const { account } = requireAccount(request);
      const version = await findVersion(request.server.deps.db.db, account.id, request.params.id);
      if (!version) throw notFound();
      return version;
    },
  );

  app.post(
    "/ivr-menus/publish",
    {
      config: { permission: "ivr.publish" },
      schema: { body: ivrPublishBodySchema, response: { 201: ivrPublishedSchema } },
    },
    async (request, reply) => {
      const { account, user } = requireAccount(request);
      const { db, clock, routing } = request.server.deps;
      const result = published(await publishDraft(db.db, account.id, user.id, request.body.note, clock()));
      // Answered once this instance's tables hold it: the next call here follows the new version.
      await routing.changed();
      return reply.status(201).send(result);
    },
  );

  app.post(
    "/ivr-menus/versions/:id/rollback",
    {
      config: { permission: "ivr.publish" },
      schema: { params: ivrVersionParamsSchema, response: { 201: ivrPublishedSchema } },
    },
    async (request, reply) => {
      const { account, user } = requireAccount(request);
      const { db, clock, routing } = request.server.deps;
      const result = published(await rollbackTo(db.db, account.id, request.params.id, user.id, clock()));
      await routing.changed();
      return reply.status(201).send(result);
    },
  );
}
