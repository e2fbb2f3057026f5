import type { OpenApiDocument } from "@poundline/contracts/reference/openapi-document";
import { buildPublicApiDocument } from "@poundline/contracts/reference/public-openapi";
import type { FastifyInstance } from "fastify";

/** The contracts do not change while the server runs: the document is made once, when first asked. */
let document: OpenApiDocument | null = null;

/** GET /v1/openapi.json: the public API's document, public (no key). */
export function publicOpenApi(v1: FastifyInstance) {
  v1.get("/openapi.json", async (_request, reply) => {
    document ??= buildPublicApiDocument();
    return reply.type("application/json; charset=utf-8").send(JSON.stringify(document));
  });
}
