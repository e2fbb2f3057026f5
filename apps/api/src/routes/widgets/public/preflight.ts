import { publicKeyParamsSchema } from "@poundline/contracts/widgets/schemas";
import { findIntakeWidget } from "@poundline/modules/widgets/intake";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { widgetNotFound } from "../shared";
import { grantOrigin, originRefused } from "./shared";

/**
 * The browser's preflight of the widget's JSON POSTs: granted to the widget's origins only. A CORS
 * answer, not an endpoint of the API: it has no contract.
 */
export function registerPreflight(scope: FastifyInstance) {
  scope.withTypeProvider<ZodTypeProvider>().options(
    "/:publicKey/:action",
    {
      schema: { params: publicKeyParamsSchema.extend({ action: z.enum(["challenge", "callback", "text"]) }) },
    },
    async (request, reply) => {
      const widget = await findIntakeWidget(request.server.deps.db.db, request.params.publicKey);
      if (!widget) throw widgetNotFound();
      if (!grantOrigin(request, reply, widget.allowedOrigins)) throw originRefused();
      reply.header("access-control-allow-methods", "GET, POST");
      reply.header("access-control-allow-headers", "content-type");
      reply.header("access-control-max-age", "600");
      return reply.status(204).send();
    },
  );
}
