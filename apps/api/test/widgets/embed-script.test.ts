import { createHash } from "node:crypto";
import { solveChallenge } from "@poundline/modules/widgets/embed/pow";
import { sha256Hex } from "@poundline/modules/widgets/embed/sha256";
import { issueChallenge, verifySolution } from "@poundline/modules/widgets/proof-of-work";
import { describe, expect, it } from "vitest";
import { buildEmbedScript, EMBED_SCRIPT_GZIP_LIMIT } from "../../src/routes/widgets/shared";
import { createTestApp } from "../../src/testing";

describe("the embeddable widget script", () => {
  it("builds into one small IIFE: at most 10 KB gzipped", async () => {
    const script = await buildEmbedScript();
    console.log(
      `Widget script: ${script.code.length} bytes minified, ${(script.gzippedBytes / 1024).toFixed(2)} KB gzipped (limit ${EMBED_SCRIPT_GZIP_LIMIT / 1024} KB)`,
    );
    expect(script.gzippedBytes).toBeGreaterThan(500);
    expect(script.gzippedBytes).toBeLessThanOrEqual(EMBED_SCRIPT_GZIP_LIMIT);
    // No module syntax and no runtime imports: a plain <script async> runs it.
    expect(script.code).not.toMatch(/\bimport\s*[({"']|\bexport\s/);
    expect(script.code).toContain("data-widget-key");
  });

  it.each([
    "",
    "abc",
    "a".repeat(55),
    "a".repeat(56),
    "a".repeat(64),
    "wk_x.123.18.nonce.mac:42",
    "é".repeat(100),
  ])("its SHA-256 matches Node's for %j", (input) => {
    const bytes = new TextEncoder().encode(input);
    expect(sha256Hex(bytes)).toBe(createHash("sha256").update(bytes).digest("hex"));
  });

  it("its solver finds solutions the server accepts", async () => {
    const now = new Date();
    const { challenge } = issueChallenge({ secret: "s".repeat(16), widgetKey: "wk_a", now, difficulty: 12 });
    const solution = await solveChallenge(challenge, 12);
    expect(verifySolution({ secret: "s".repeat(16), widgetKey: "wk_a", challenge, solution, now })).toEqual({
      ok: true,
    });
  });

  it("is served cross-origin with its version: immutable with ?v=, revalidated by ETag without", async () => {
    const t = await createTestApp();
    try {
      const signed = await t.app.inject({ method: "GET", url: "/widget/embed.js" });
      expect(signed.statusCode).toBe(200);
      expect(signed.headers["content-type"]).toMatch(/^text\/javascript/);
      expect(signed.headers["cross-origin-resource-policy"]).toBe("cross-origin");
      expect(signed.headers["cache-control"]).toBe("public, max-age=3600");
      const etag = String(signed.headers.etag);
      const version = etag.replaceAll('"', "");
      const pinned = await t.app.inject({ method: "GET", url: `/widget/embed.js?v=${version}` });
      expect(pinned.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
      const again = await t.app.inject({
        method: "GET",
        url: "/widget/embed.js",
        headers: { "if-none-match": etag },
      });
      expect(again.statusCode).toBe(304);
    } finally {
      await t.close();
    }
  });
});
