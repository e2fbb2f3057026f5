import { createHash } from "node:crypto";
import { fileURLToPath } from "node:url";
import { gzipSync } from "node:zlib";
import { AppError } from "@poundline/contracts/errors";
import { widgetPublicEndpoints } from "@poundline/contracts/widgets/endpoints";
import { LICENSED_NUMBER_MESSAGE, WIDGET_NOT_FOUND_MESSAGE } from "@poundline/contracts/widgets/schemas";
import type { WidgetSaveResult } from "@poundline/modules/widgets/widgets";
import { build } from "esbuild";

export const widgetNotFound = () => new AppError("NOT_FOUND", WIDGET_NOT_FOUND_MESSAGE);

/** The widget as saved; a missing widget is 404, a number the account does not hold 400. */
export function saved(result: WidgetSaveResult) {
  if (result.ok) return result.widget;
  if (result.reason === "not_found") throw widgetNotFound();
  throw new AppError("BAD_REQUEST", LICENSED_NUMBER_MESSAGE, {
    "body.licensedNumberId": [LICENSED_NUMBER_MESSAGE],
  });
}

/** The widget script's budget on the wire (issue 12: at most 10 KB gzipped). */
export const EMBED_SCRIPT_GZIP_LIMIT = 10 * 1024;

export const EMBED_SCRIPT_PATH = widgetPublicEndpoints.script.path;

export interface EmbedScript {
  code: string;
  /** Short hash of the code: the `v` of the snippet's URL and the ETag. */
  version: string;
  gzippedBytes: number;
}

/** The widget's browser code lives with the widgets module; it is built here, where it is served. */
const ENTRY = fileURLToPath(import.meta.resolve("@poundline/modules/widgets/embed/main"));

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
