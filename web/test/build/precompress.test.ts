import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { MIN_BYTES, precompressDirectory } from "../../build/precompress";

let dist = "";
beforeEach(() => {
  dist = mkdtempSync(join(tmpdir(), "poundline-precompress-"));
  mkdirSync(join(dist, "assets"));
});
afterEach(() => rmSync(dist, { recursive: true, force: true }));

const write = (path: string, content: string | Buffer) => writeFileSync(join(dist, path), content);
const text = (bytes: number) => "const poundline = 'a cloud phone system';\n".repeat(bytes / 40 + 1);

describe("precompressDirectory", () => {
  it.each(["index.html", "assets/index-abc.js", "assets/index-abc.css", "assets/logo-abc.svg"])(
    "writes a brotli and a gzip copy of %s that decode to it, both smaller",
    async (path) => {
      const content = text(8 * 1024);
      write(path, content);
      const [result] = await precompressDirectory(dist);
      expect(result).toMatchObject({ file: join(dist, path), bytes: content.length });
      const br = readFileSync(join(dist, `${path}.br`));
      const gz = readFileSync(join(dist, `${path}.gz`));
      expect(brotliDecompressSync(br).toString()).toBe(content);
      expect(gunzipSync(gz).toString()).toBe(content);
      expect(result?.brotli).toBe(br.length);
      expect(result?.gzip).toBe(gz.length);
      expect(br.length).toBeLessThan(content.length);
      expect(gz.length).toBeLessThan(content.length);
    },
  );

  it.each<[string, string, string | Buffer]>([
    ["a file under the threshold", "assets/tiny-abc.js", "x".repeat(MIN_BYTES - 1)],
    ["an image (compressed already)", "assets/photo-abc.png", Buffer.alloc(8 * 1024, 7)],
    ["a font (compressed already)", "assets/font-abc.woff2", Buffer.alloc(8 * 1024, 7)],
  ])("leaves %s alone", async (_label, path, content) => {
    write(path, content);
    expect(await precompressDirectory(dist)).toEqual([]);
    expect(existsSync(join(dist, `${path}.br`))).toBe(false);
    expect(existsSync(join(dist, `${path}.gz`))).toBe(false);
  });

  it("writes no copy that is larger than the file (random bytes do not compress)", async () => {
    write("assets/noise-abc.js", randomBytes(4 * 1024));
    expect(await precompressDirectory(dist)).toEqual([
      { file: join(dist, "assets/noise-abc.js"), bytes: 4096 },
    ]);
    expect(existsSync(join(dist, "assets/noise-abc.js.br"))).toBe(false);
    expect(existsSync(join(dist, "assets/noise-abc.js.gz"))).toBe(false);
  });

  it("never compresses its own copies again when run twice", async () => {
    write("assets/index-abc.js", text(4 * 1024));
    await precompressDirectory(dist);
    const second = await precompressDirectory(dist);
    expect(second.map((result) => result.file)).toEqual([join(dist, "assets/index-abc.js")]);
    expect(existsSync(join(dist, "assets/index-abc.js.br.br"))).toBe(false);
    expect(existsSync(join(dist, "assets/index-abc.js.gz.gz"))).toBe(false);
  });
});
