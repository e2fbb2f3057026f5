import { readdir, readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { promisify } from "node:util";
import { brotliCompress, constants, gzip } from "node:zlib";
import type { Plugin } from "vite";

const brotli = promisify(brotliCompress);
const gzipped = promisify(gzip);

/** Files worth compressing: text. Images and fonts of the build are compressed already. */
const COMPRESSIBLE = /\.(?:js|mjs|css|html|svg|json|txt|xml|map|webmanifest)$/i;
/** Below this, the headers of a compressed answer cost about what compression saves. */
export const MIN_BYTES = 1024;

export interface Precompressed {
  file: string;
  bytes: number;
  brotli?: number;
  gzip?: number;
}

async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true });
  return entries.filter((entry) => entry.isFile()).map((entry) => join(entry.parentPath, entry.name));
}

/**
 * Writes `file.br` (brotli, best quality) and `file.gz` (gzip, level 9) beside every compressible
 * file of `dir` of at least MIN_BYTES, each only when it is smaller than the file: the server
 * sends the one the browser accepts (see apps/api/src/web/routes.ts), and compresses nothing
 * per request. Returns what it wrote.
 */
export async function precompressDirectory(dir: string): Promise<Precompressed[]> {
  const files = (await filesUnder(dir)).filter((file) => COMPRESSIBLE.test(file));
  const written = await Promise.all(
    files.map(async (file): Promise<Precompressed | null> => {
      const content = await readFile(file);
      if (content.length < MIN_BYTES) return null;
      const [br, gz] = await Promise.all([
        brotli(content, {
          params: {
            [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
            [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
            [constants.BROTLI_PARAM_SIZE_HINT]: content.length,
          },
        }),
        gzipped(content, { level: constants.Z_BEST_COMPRESSION }),
      ]);
      const result: Precompressed = { file, bytes: content.length };
      if (br.length < content.length) {
        await writeFile(`${file}.br`, br);
        result.brotli = br.length;
      }
      if (gz.length < content.length) {
        await writeFile(`${file}.gz`, gz);
        result.gzip = gz.length;
      }
      return result;
    }),
  );
  return written.filter((result): result is Precompressed => result !== null);
}

/** The build's output precompressed once it is written, with the totals printed. */
export function precompress(): Plugin {
  let outDir = "dist";
  return {
    name: "poundline:precompress",
    apply: "build",
    configResolved(config) {
      outDir = join(config.root, config.build.outDir);
    },
    async closeBundle() {
      const results = await precompressDirectory(outDir);
      const total = (key: "bytes" | "brotli" | "gzip") =>
        results.reduce((sum, result) => sum + (result[key] ?? result.bytes), 0) / 1024;
      console.log(
        `Precompressed ${results.length} file(s): ${total("bytes").toFixed(1)} KB, ` +
          `brotli ${total("brotli").toFixed(1)} KB, gzip ${total("gzip").toFixed(1)} KB`,
      );
    },
  };
}
