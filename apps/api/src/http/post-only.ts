import { AppError } from "@poundline/contracts/errors";
import type { FastifyInstance } from "fastify";

/** The methods a webhook path refuses: everything but POST (and a browser's OPTIONS). */
const REFUSED_METHODS = ["GET", "HEAD", "PUT", "PATCH", "DELETE"] as const;

/**
 * Answers any other method than POST on `url` (a path, or a prefix with `*`) with 405 and
 * `Allow: POST`, in the one error shape: a browser or a scanner that GETs a webhook path learns
 * that it is one, and never gets the web app. Register it outside the webhook's own plugin, so
 * the signature check (which refuses first) stays on the POSTs alone.
 */
export function refuseAllButPost(app: FastifyInstance, url: string) {
  app.route({
    method: [...REFUSED_METHODS],
    url,
    exposeHeadRoute: false,
    handler: async (_request, reply) => {
      reply.header("allow", "POST");
      throw new AppError("METHOD_NOT_ALLOWED", "This is a webhook: only POST is accepted.");
    },
  });
}
