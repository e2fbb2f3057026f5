import { createHash } from "node:crypto";
import { fileURLToPath } from "node:url";
import { gzipSync } from "node:zlib";
import { build } from "esbuild";
import type { FastifyInstance } from "fastify";

/** The widget script's budget on the wire (issue 12: at most 10 KB gzipped). */
export const EMBED_SCRIPT_GZIP_LIMIT = 10 * 1024;

export const EMBED_SCRIPT_PATH = "/widget/embed.js";

export interface EmbedScript {
  code: string;
  /** Short hash of the code: the `v` of the snippet's URL and the ETag. */
  version: string;
  gzippedBytes: number;
}

const ENTRY = fileURLToPath(new URL("./embed/main.ts", import.meta.url));

/**
 * Builds the embeddable script from embed/main.ts: one minified IIFE with no imports, so any
 * website can load it with a plain async script tag.
 */
export async function buildEmbedScript(): Promise<EmbedScript> {
  const result = await build({
    entryPoints: [ENTRY],
    bundle: true,
    minify: true,
    format: "iife",
    target: ["es2020"],
    write: false,
    legalComments: "none",
    logLevel: "silent",
  });
  const code = result.outputFiles[0]?.text ?? "";
  return {
    code,
    version: createHash("sha256").update(code).digest("hex").slice(0, 12),
    gzippedBytes: gzipSync(code, { level: 9 }).length,
  };
}

let built: Promise<EmbedScript> | null = null;
/** Built once per process, on first use (about 50 ms). */
export function embedScript(): Promise<EmbedScript> {
  built ??= buildEmbedScript().catch((error: unknown) => {
    built = null;
    throw error;
  });
  return built;
}

/**
 * GET /widget/embed.js. With the current `?v=` it is immutable for a year (a new build has a new
 * version, hence a new URL in new snippets); without it (old snippets), cached for an hour and
 * revalidated by ETag. Loaded by other websites: cross-origin resource policy must allow it.
 */
export async function embedScriptRoutes(app: FastifyInstance) {
  app.get("/embed.js", async (request, reply) => {
    const script = await embedScript();
    const etag = `"${script.version}"`;
    const { v } = request.query as { v?: unknown };
    reply
      .header("content-type", "text/javascript; charset=utf-8")
      .header("cross-origin-resource-policy", "cross-origin")
      .header("etag", etag)
      .header(
        "cache-control",
        v === script.version ? "public, max-age=31536000, immutable" : "public, max-age=3600",
      );
    if (request.headers["if-none-match"] === etag) return reply.status(304).send();
    return reply.send(script.code);
  });
}
