import { type ChildProcess, fork } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { request } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { freePort } from "./net";

/**
 * npm run bench:web — what a first visit to / costs on the wire: index.html and every script,
 * module preload and stylesheet it names, fetched as a browser would with each Accept-Encoding
 * (none, gzip, brotli), body bytes as sent (not decoded). Needs the built web app
 * (`npm run build --workspace web`). BENCH_BASE_URL measures a running server instead of starting
 * one (its own database in a temporary folder). Prints figures; judges nothing.
 */

interface Answer {
  status: number;
  bytes: number;
  encoding: string;
  cacheControl: string;
  body: Buffer;
}

function get(url: string, acceptEncoding: string): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = request(
      url,
      { headers: acceptEncoding ? { "accept-encoding": acceptEncoding } : {} },
      (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (chunk: Buffer) => chunks.push(chunk));
        res.on("end", () => {
          const body = Buffer.concat(chunks);
          resolve({
            status: res.statusCode ?? 0,
            bytes: body.length,
            encoding: String(res.headers["content-encoding"] ?? "identity"),
            cacheControl: String(res.headers["cache-control"] ?? "(none)"),
            body,
          });
        });
      },
    );
    req.on("error", reject);
    req.end();
  });
}

/** The addresses index.html loads before the page renders: its scripts, preloads and stylesheets. */
function initialAssets(html: string): string[] {
  const found = [
    ...html.matchAll(/<script\b[^>]*\bsrc="([^"]+)"/g),
    ...html.matchAll(/<link\b[^>]*\brel="(?:modulepreload|stylesheet)"[^>]*\bhref="([^"]+)"/g),
  ].map((match) => match[1] ?? "");
  return [...new Set(found.filter((path) => path.startsWith("/")))];
}

async function waitForHealth(base: string, ms = 180_000) {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    try {
      if ((await fetch(`${base}/healthz`)).ok) return;
    } catch {}
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`${base} did not become healthy within ${ms / 1000} s`);
}

async function startServer(): Promise<{ base: string; stop: () => void }> {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const dataDir = mkdtempSync(join(tmpdir(), "poundline-web-bench-"));
  // PGlite in the temporary folder, no Redis: whatever the shell's environment points at.
  const { DATABASE_URL: _db, REDIS_URL: _redis, ...env } = process.env;
  const server: ChildProcess = fork(
    fileURLToPath(new URL("../../apps/api/src/server.ts", import.meta.url)),
    [],
    {
      execArgv: ["--import", "tsx"],
      env: {
        ...env,
        PORT: String(port),
        HOST: "127.0.0.1",
        PUBLIC_BASE_URL: base,
        DATA_DIR: dataDir,
        LOG_LEVEL: "warn",
        SEED_DEMO: "false",
      },
      stdio: ["ignore", "inherit", "inherit", "ipc"],
    },
  );
  await waitForHealth(base);
  return {
    base,
    stop: () => {
      server.kill();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

async function main() {
  const running = process.env.BENCH_BASE_URL;
  const server = running ? { base: running, stop: () => {} } : await startServer();
  try {
    const page = await get(`${server.base}/`, "");
    if (page.status !== 200) throw new Error(`/ answered ${page.status}`);
    const assets = initialAssets(page.body.toString());
    if (assets.length === 0) throw new Error("/ names no script: is the web app built?");
    console.log(`/ and the ${assets.length} file(s) it loads first (scripts, preloads, stylesheets):`);
    for (const [label, acceptEncoding] of [
      ["no Accept-Encoding", ""],
      ["gzip", "gzip, deflate"],
      ["brotli (a browser's header)", "gzip, deflate, br, zstd"],
    ] as const) {
      const answers = await Promise.all(
        ["/", ...assets].map(async (path) => ({
          path,
          answer: await get(`${server.base}${path}`, acceptEncoding),
        })),
      );
      const failed = answers.filter(({ answer }) => answer.status !== 200);
      if (failed.length > 0) throw new Error(`not 200: ${failed.map(({ path }) => path).join(", ")}`);
      const total = answers.reduce((sum, { answer }) => sum + answer.bytes, 0);
      const encodings = [...new Set(answers.map(({ answer }) => answer.encoding))].join(", ");
      console.log(`  ${label.padEnd(28)} ${kb(total).padStart(10)} on the wire (sent as: ${encodings})`);
    }
    const [first] = assets;
    console.log(`Cache-Control of /: ${page.cacheControl}`);
    if (first)
      console.log(`Cache-Control of ${first}: ${(await get(`${server.base}${first}`, "")).cacheControl}`);
  } finally {
    server.stop();
  }
}

await main();
