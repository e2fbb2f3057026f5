import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";
import fastifyStatic from "@fastify/static";
import type { FastifyInstance } from "fastify";

const webDist = fileURLToPath(new URL("../../../../web/dist", import.meta.url));

/** Serves the built web app (SPA fallback to index.html), or a plain page before it is built. */
export async function webRoutes(app: FastifyInstance) {
  if (existsSync(`${webDist}/index.html`)) {
    await app.register(fastifyStatic, { root: webDist, wildcard: false });
    // Client-side routes get the app; API paths and missing files keep their 404.
    app.get("/*", (request, reply) => {
      const path = request.url.split("?")[0] ?? "";
      if (path.startsWith("/api/") || path.startsWith("/assets/") || /\.[a-z0-9]+$/i.test(path)) {
        return reply.callNotFound();
      }
      return reply.sendFile("index.html");
    });
    return;
  }
  app.get("/", (_request, reply) =>
    reply
      .type("text/html")
      .send(
        `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Poundline</title></head>` +
          `<body><h1>Poundline</h1><p>The API is running. See <a href="/healthz">/healthz</a>.</p></body></html>`,
      ),
  );
}
