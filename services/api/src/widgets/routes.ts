import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { requireAccount } from "../auth/context";
import { AppError } from "../http/errors";
import { listAttempts } from "./attempts";
import { EMBED_SCRIPT_PATH, embedScript } from "./embed-script";
import {
  createWidgetBodySchema,
  embedScriptSchema,
  LICENSED_NUMBER_MESSAGE,
  licensedNumberListSchema,
  listAttemptsQuerySchema,
  updateWidgetBodySchema,
  WIDGET_NOT_FOUND_MESSAGE,
  widgetAttemptListSchema,
  widgetListSchema,
  widgetParamsSchema,
  widgetSchema,
} from "./schemas";
import {
  createWidget,
  deleteWidget,
  findWidget,
  listLicensedNumbers,
  listWidgets,
  updateWidget,
  type WidgetSaveResult,
} from "./widgets";

const notFound = () => new AppError("NOT_FOUND", WIDGET_NOT_FOUND_MESSAGE);

function saved(result: WidgetSaveResult) {
  if (result.ok) return result.widget;
  if (result.reason === "not_found") throw notFound();
  throw new AppError("BAD_REQUEST", LICENSED_NUMBER_MESSAGE, {
    "body.licensedNumberId": [LICENSED_NUMBER_MESSAGE],
  });
}

/** Website widgets of the account, mounted under /api. */
export async function widgetRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.addHook("onRequest", async (request) => {
    requireAccount(request);
  });

  app.get("/widgets", { schema: { response: { 200: widgetListSchema } } }, async (request) => {
    const { account } = requireAccount(request);
    return { items: await listWidgets(request.server.deps.db.db, account.id) };
  });

  app.get(
    "/widgets/licensed-numbers",
    { schema: { response: { 200: licensedNumberListSchema } } },
    async (request) => {
      const { account } = requireAccount(request);
      return { items: await listLicensedNumbers(request.server.deps.db.db, account.id) };
    },
  );

  // The snippet's script address, versioned so browsers may cache it for good.
  app.get("/widgets/embed", { schema: { response: { 200: embedScriptSchema } } }, async (request) => {
    const { version } = await embedScript();
    const base = request.server.deps.config.PUBLIC_BASE_URL.replace(/\/$/, "");
    return { scriptUrl: `${base}${EMBED_SCRIPT_PATH}?v=${version}` };
  });

  app.post(
    "/widgets",
    {
      config: { permission: "widgets.edit" },
      schema: { body: createWidgetBodySchema, response: { 201: widgetSchema } },
    },
    async (request, reply) => {
      const { account } = requireAccount(request);
      const { db, clock } = request.server.deps;
      const widget = saved(await createWidget(db.db, account.id, request.body, clock()));
      return reply.status(201).send(widget);
    },
  );

  app.get(
    "/widgets/:id",
    { schema: { params: widgetParamsSchema, response: { 200: widgetSchema } } },
    async (request) => {
      const { account } = requireAccount(request);
      const widget = await findWidget(request.server.deps.db.db, account.id, request.params.id);
      if (!widget) throw notFound();
      return widget;
    },
  );

  app.patch(
    "/widgets/:id",
    {
      config: { permission: "widgets.edit" },
      schema: { params: widgetParamsSchema, body: updateWidgetBodySchema, response: { 200: widgetSchema } },
    },
    async (request) => {
      const { account } = requireAccount(request);
      const { db, clock } = request.server.deps;
      return saved(await updateWidget(db.db, account.id, request.params.id, request.body, clock()));
    },
  );

  app.get(
    "/widgets/:id/attempts",
    {
      schema: {
        params: widgetParamsSchema,
        querystring: listAttemptsQuerySchema,
        response: { 200: widgetAttemptListSchema },
      },
    },
    async (request) => {
      const { account } = requireAccount(request);
      const list = await listAttempts(
        request.server.deps.db.db,
        account.id,
        request.params.id,
        request.query,
      );
      if (!list) throw notFound();
      return list;
    },
  );

  app.delete(
    "/widgets/:id",
    {
      config: { permission: "widgets.edit" },
      schema: { params: widgetParamsSchema, response: { 204: z.null().describe("No content") } },
    },
    async (request, reply) => {
      const { account } = requireAccount(request);
      if (!(await deleteWidget(request.server.deps.db.db, account.id, request.params.id))) throw notFound();
      return reply.status(204).send(null);
    },
  );
}
