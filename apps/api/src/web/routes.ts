import { createHash } from "node:crypto";
import { existsSync, readFileSync } from "node:fs";
import { join, relative, sep } from "node:path";
import { fileURLToPath } from "node:url";
import fastifyStatic from "@fastify/static";
import type { FastifyInstance } from "fastify";

/** Where `npm run build --workspace web` writes the web app. */
export const WEB_DIST = fileURLToPath(new URL("../../../../web/dist", import.meta.url));

/** The built web app, read once at start. */
export interface BuiltWebApp {
  root: string;
  /** CSP sources (`'sha256-…'`) of the inline scripts of its index.html. */
  inlineScriptHashes: string[];
}

const SCRIPT_ELEMENT = /<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi;

/**
 * The CSP hash sources of the inline scripts of an HTML page, as a browser computes them: over
 * the element's text, with the line breaks the HTML parser normalises to LF.
 */
export function inlineScriptHashes(html: string): string[] {
  const hashes: string[] = [];
  for (const [, attributes = "", text = ""] of html.matchAll(SCRIPT_ELEMENT)) {
    if (/\bsrc\s*=/i.test(attributes)) continue;
    const digest = createHash("sha256").update(text.replace(/\r\n?/g, "\n"), "utf8").digest("base64");
    hashes.push(`'sha256-${digest}'`);
  }
  return hashes;
}

/** The built web app in `root`, or null before it is built. */
export function loadBuiltWebApp(root: string = WEB_DIST): BuiltWebApp | null {
  const index = join(root, "index.html");
  if (!existsSync(index)) return null;
  return { root, inlineScriptHashes: inlineScriptHashes(readFileSync(index, "utf8")) };
}

/**
 * Paths the server answers itself: never the web app, so that a wrong method or a missing file
 * there is a 404 in the one error shape (the carrier's webhooks are POST only).
 */
const SERVER_PATHS = /^\/(api|v1|assets|twilio|carrier-sim|healthz)(\/|$)/;

/** Hashed assets: a new build gives them new names, so a copy never goes stale. */
export const IMMUTABLE_CACHE = "public, max-age=31536000, immutable";
/** Everything else (index.html): kept, but revalidated (ETag / Last-Modified) before each use. */
export const REVALIDATED_CACHE = "no-cache";

/** The Cache-Control of a file of the build: immutable under assets/ (Vite names them by hash). */
export function cacheControlOf(root: string, file: string): string {
  return relative(root, file).split(sep)[0] === "assets" ? IMMUTABLE_CACHE : REVALIDATED_CACHE;
}

/**
 * Serves the built web app (SPA fallback to index.html), or a plain page before it is built.
 * Served as a CDN would: the `.br` or `.gz` the build wrote beside a file (web/build/precompress.ts)
 * when the browser accepts it, hashed assets cached for a year, the page revalidated.
 */
export async function webRoutes(app: FastifyInstance, options: { webApp: BuiltWebApp | null }) {
  const { webApp } = options;
  if (webApp) {
    const { root } = webApp;
    await app.register(fastifyStatic, {
      root,
      wildcard: false,
      // The compressed copies are other encodings of their file, never addresses of their own.
      globIgnore: ["**/*.br", "**/*.gz"],
      preCompressed: true,
      cacheControl: false,
      setHeaders: (res, file) => {
        res.setHeader("cache-control", cacheControlOf(root, file));
        // The encoding sent depends on Accept-Encoding, for every file (even one sent as it is).
        res.setHeader("vary", "Accept-Encoding");
      },
    });
    // Client-side routes get the app; server paths and missing files keep their 404.
    app.get("/*", (request, reply) => {
      const path = request.url.split("?")[0] ?? "";
      if (SERVER_PATHS.test(path) || /\.[a-z0-9]+$/i.test(path)) return reply.callNotFound();
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
