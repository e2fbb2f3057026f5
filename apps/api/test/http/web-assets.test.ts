import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from "node:zlib";
import type { LightMyRequestResponse } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../src/testing";
import { IMMUTABLE_CACHE, REVALIDATED_CACHE, WEB_DIST } from "../../src/web/routes";

/**
 * The built web app served as a CDN would: the precompressed copy the browser accepts (brotli
 * first, then gzip), with `Vary: Accept-Encoding`; hashed assets cached for a year, immutable;
 * the page revalidated. A build of our own, precompressed as the web build does.
 */

const INDEX_HTML = `<!doctype html><html lang="en"><head><meta charset="utf-8" /><title>Poundline</title>
<script type="module" crossorigin src="/assets/index-abc123.js"></script>
<link rel="stylesheet" crossorigin href="/assets/index-def456.css"></head>
<body><div id="root"></div>${"<!-- padding -->".repeat(100)}</body></html>
`;
const APP_JS = `export const greeting = ${JSON.stringify("hello ".repeat(2000))};\n`;
const APP_CSS = `.root { color: black; }\n`.repeat(200);
/** Too small to be worth compressing: the build writes it alone. */
const SMALL_JS = "console.log('small');\n";

let webDist = "";
let t: TestApp;

/** Writes a file of the build, and its .br and .gz unless `alone`. */
function built(path: string, content: string, alone = false) {
  writeFileSync(join(webDist, path), content);
  if (alone) return;
  writeFileSync(join(webDist, `${path}.br`), brotliCompressSync(content));
  writeFileSync(join(webDist, `${path}.gz`), gzipSync(content));
}

beforeAll(async () => {
  webDist = mkdtempSync(join(tmpdir(), "poundline-web-"));
  mkdirSync(join(webDist, "assets"));
  built("index.html", INDEX_HTML);
  built("assets/index-abc123.js", APP_JS);
  built("assets/index-def456.css", APP_CSS);
  built("assets/small-789abc.js", SMALL_JS, true);
  t = await createTestApp({ webDist });
});
afterAll(async () => {
  await t?.close();
  rmSync(webDist, { recursive: true, force: true });
});

const get = (url: string, acceptEncoding?: string, headers: Record<string, string> = {}) =>
  t.app.inject({
    method: "GET",
    url,
    headers: { ...(acceptEncoding === undefined ? {} : { "accept-encoding": acceptEncoding }), ...headers },
  });

/** The body as the browser reads it, decoded by its Content-Encoding. */
function decoded(res: LightMyRequestResponse): string {
  const encoding = res.headers["content-encoding"];
  if (encoding === "br") return brotliDecompressSync(res.rawPayload).toString();
  if (encoding === "gzip") return gunzipSync(res.rawPayload).toString();
  expect(encoding).toBeUndefined();
  return res.body;
}

describe("the encoding of the web app's files", () => {
  it.each<[string, string | undefined, string | undefined]>([
    ["a browser's usual header", "gzip, deflate, br, zstd", "br"],
    ["brotli only", "br", "br"],
    ["gzip only", "gzip", "gzip"],
    ["brotli refused", "br;q=0, gzip", "gzip"],
    ["any encoding", "*", "gzip"],
    ["identity only", "identity", undefined],
    ["deflate only (not precompressed)", "deflate", undefined],
    ["no Accept-Encoding", undefined, undefined],
  ])("with %s, sends %s", async (_label, acceptEncoding, expected) => {
    for (const [url, content, type] of [
      ["/assets/index-abc123.js", APP_JS, /^(text|application)\/javascript/],
      ["/assets/index-def456.css", APP_CSS, /^text\/css/],
      ["/", INDEX_HTML, /^text\/html/],
      ["/calls", INDEX_HTML, /^text\/html/],
    ] as const) {
      const res = await get(url, acceptEncoding);
      expect(res.statusCode, url).toBe(200);
      expect(res.headers["content-encoding"], url).toBe(expected);
      expect(res.headers["content-type"], url).toMatch(type);
      expect(res.headers.vary, url).toMatch(/accept-encoding/i);
      expect(Number(res.headers["content-length"]), url).toBe(res.rawPayload.length);
      expect(decoded(res), url).toBe(content);
      if (expected) expect(res.rawPayload.length, url).toBeLessThan(Buffer.byteLength(content));
    }
  });

  it("sends a file the build left uncompressed as it is, to any browser", async () => {
    const res = await get("/assets/small-789abc.js", "gzip, deflate, br");
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-encoding"]).toBeUndefined();
    expect(res.body).toBe(SMALL_JS);
  });

  it.each(["/assets/index-abc123.js.br", "/assets/index-abc123.js.gz", "/index.html.br"])(
    "does not serve the compressed copy %s at an address of its own",
    async (url) => {
      const res = await get(url, "br, gzip");
      expect(res.statusCode).toBe(404);
      expect(res.headers["content-type"]).toMatch(/^application\/json/);
    },
  );
});

describe("the caching of the web app's files", () => {
  it.each(["/assets/index-abc123.js", "/assets/index-def456.css", "/assets/small-789abc.js"])(
    "caches the hashed asset %s for a year, immutable, in every encoding",
    async (url) => {
      for (const acceptEncoding of ["br", "gzip", undefined]) {
        const res = await get(url, acceptEncoding);
        expect(res.headers["cache-control"]).toBe(IMMUTABLE_CACHE);
      }
      expect(IMMUTABLE_CACHE).toBe("public, max-age=31536000, immutable");
    },
  );

  it.each(["/", "/index.html", "/calls/recent"])("revalidates the page at %s", async (url) => {
    const res = await get(url, "br");
    expect(res.statusCode).toBe(200);
    expect(res.headers["cache-control"]).toBe(REVALIDATED_CACHE);
    expect(REVALIDATED_CACHE).toMatch(/no-cache/);
    const etag = res.headers.etag;
    expect(etag).toEqual(expect.any(String));
    const again = await get(url, "br", { "if-none-match": String(etag) });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe("");
  });

  it("gives each encoding of a file its own ETag, so a cache never mixes them", async () => {
    const etags = new Set<string>();
    for (const acceptEncoding of ["br", "gzip", "identity"]) {
      const res = await get("/assets/index-abc123.js", acceptEncoding);
      etags.add(String(res.headers.etag));
    }
    expect(etags.size).toBe(3);
  });
});

describe.skipIf(!existsSync(join(WEB_DIST, "index.html")))("the web app as built (web/dist)", () => {
  let built: TestApp;
  beforeAll(async () => {
    built = await createTestApp({ webDist: WEB_DIST });
  });
  afterAll(() => built?.close());

  it("has its entry script precompressed by the build, and sends it as brotli, immutable", async () => {
    const html = readFileSync(join(WEB_DIST, "index.html"), "utf8");
    const entry = /<script type="module" crossorigin src="(\/assets\/[^"]+\.js)"/.exec(html)?.[1] ?? "";
    expect(entry).not.toBe("");
    expect(existsSync(join(WEB_DIST, `${entry}.br`))).toBe(true);
    expect(existsSync(join(WEB_DIST, `${entry}.gz`))).toBe(true);
    const res = await built.app.inject({
      method: "GET",
      url: entry,
      headers: { "accept-encoding": "gzip, deflate, br, zstd" },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-encoding"]).toBe("br");
    expect(res.headers["cache-control"]).toBe(IMMUTABLE_CACHE);
    expect(brotliDecompressSync(res.rawPayload).toString()).toBe(readFileSync(join(WEB_DIST, entry), "utf8"));
  });
});

describe.skipIf(!existsSync(join(WEB_DIST, "sw.js")))("the installable app as built (web/dist)", () => {
  let built: TestApp;
  beforeAll(async () => {
    built = await createTestApp({ webDist: WEB_DIST });
  });
  afterAll(() => built?.close());

  it("serves the service worker revalidated on every check, so a deploy reaches the browser", async () => {
    const res = await built.app.inject({ method: "GET", url: "/sw.js" });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toMatch(/^(text|application)\/javascript/);
    expect(res.headers["cache-control"]).toBe(REVALIDATED_CACHE);
  });

  it("serves the manifest as a manifest, and its icons", async () => {
    const res = await built.app.inject({ method: "GET", url: "/manifest.webmanifest" });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toMatch(/^application\/manifest\+json/);
    const manifest = res.json<{ start_url: string; icons: { src: string }[] }>();
    expect(manifest.start_url).toBe("/dashboard");
    for (const icon of manifest.icons) {
      const image = await built.app.inject({ method: "GET", url: icon.src });
      expect(image.statusCode, icon.src).toBe(200);
      expect(image.headers["content-type"]).toBe("image/png");
    }
  });

  it("lets the page load its manifest and worker from our origin only (CSP)", async () => {
    const res = await built.app.inject({ method: "GET", url: "/dashboard" });
    expect(res.headers["content-security-policy"]).toContain("manifest-src 'self'");
    expect(res.headers["content-security-policy"]).toContain("worker-src 'self'");
  });
});
