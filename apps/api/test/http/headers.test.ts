import { createHash } from "node:crypto";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { DatabaseHandle } from "@poundline/db";
import { createTestDatabase } from "@poundline/db/testing";
import { testConfig } from "@poundline/platform/api-config";
import type { InjectOptions, LightMyRequestResponse } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../../src/app";
import { createTestApp, TEST_ORIGIN, type TestApp } from "../../src/testing";
import { WEB_DIST } from "../../src/web/routes";

/** A built web app of our own: an index.html with an inline script, as a later build may have. */
const INLINE_SCRIPT = '\n      window.__POUNDLINE__ = { built: "test" };\n    ';
const INDEX_HTML = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <title>Poundline</title>
    <script>${INLINE_SCRIPT}</script>
    <script type="module" crossorigin src="/assets/index-test.js"></script>
  </head>
  <body><div id="root"></div></body>
</html>
`;

const sha256 = (text: string) => `'sha256-${createHash("sha256").update(text, "utf8").digest("base64")}'`;

/** The CSP's directives, name to sources. */
function cspOf(res: LightMyRequestResponse): Map<string, string[]> {
  const header = res.headers["content-security-policy"];
  expect(header, "Content-Security-Policy header").toEqual(expect.any(String));
  return new Map(
    String(header)
      .split(";")
      .map((part) => part.trim().split(/\s+/))
      .filter(([name]) => name)
      .map(([name = "", ...sources]) => [name, sources]),
  );
}

/** The inline scripts of an HTML page, found independently of the server's own reading. */
function inlineScripts(html: string): string[] {
  return [...html.matchAll(/<script([^>]*)>([\s\S]*?)<\/script>/gi)]
    .filter(([, attributes]) => !/\ssrc=/.test(attributes ?? ""))
    .map(([, , text]) => text ?? "");
}

function expectOneErrorShape(res: LightMyRequestResponse, status: number, code: string) {
  expect(res.statusCode, res.body).toBe(status);
  expect(res.headers["content-type"]).toMatch(/^application\/json/);
  const body = res.json();
  expect(Object.keys(body)).toEqual(["error"]);
  expect(body.error).toEqual({ code, message: expect.any(String), requestId: expect.any(String) });
  expect(body.error.requestId).not.toBe("");
}

let webDist = "";
beforeAll(() => {
  webDist = mkdtempSync(join(tmpdir(), "poundline-web-"));
  mkdirSync(join(webDist, "assets"));
  writeFileSync(join(webDist, "index.html"), INDEX_HTML);
  writeFileSync(join(webDist, "assets", "index-test.js"), "console.log('app');\n");
});
afterAll(() => rmSync(webDist, { recursive: true, force: true }));

describe("the Content-Security-Policy", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ webDist });
  });
  afterAll(() => t.close());

  it.each(["/", "/login", "/dashboard/calls", "/assets/index-test.js", "/api/auth/session"])(
    "guards %s: scripts from our origin and index.html's own inline ones only, and no framing",
    async (url) => {
      const res = await t.app.inject({ method: "GET", url });
      expect(res.statusCode).toBeLessThan(500);
      const csp = cspOf(res);
      expect(csp.get("script-src")).toEqual(["'self'", sha256(INLINE_SCRIPT)]);
      expect(csp.get("script-src-attr")).toEqual(["'none'"]);
      expect(csp.get("default-src")).toEqual(["'self'"]);
      expect(csp.get("object-src")).toEqual(["'none'"]);
      expect(csp.get("base-uri")).toEqual(["'self'"]);
      expect(csp.get("frame-ancestors")).toEqual(["'none'"]);
      expect(res.headers["x-frame-options"]).toBe("DENY");
      for (const sources of csp.values()) expect(sources).not.toContain("'unsafe-eval'");
    },
  );

  it("lets the carrier's Voice SDK reach its signalling, events and tones, and nothing else further", async () => {
    const csp = cspOf(await t.app.inject({ method: "GET", url: "/dashboard" }));
    expect(csp.get("connect-src")).toEqual(["'self'", "wss://*.twilio.com", "https://*.twilio.com"]);
    expect(csp.get("media-src")).toEqual(["'self'", "blob:", "https://sdk.twilio.com"]);
  });

  it("serves the page whose inline script it allows", async () => {
    const res = await t.app.inject({ method: "GET", url: "/login" });
    expect(res.headers["content-type"]).toMatch(/^text\/html/);
    const scripts = inlineScripts(res.body);
    expect(scripts).toEqual([INLINE_SCRIPT]);
    expect(cspOf(res).get("script-src")).toContain(sha256(INLINE_SCRIPT));
  });
});

// CI builds the web app before the tests (.ci/run); a checkout that has not built it has no dist.
describe.skipIf(!existsSync(join(WEB_DIST, "index.html")))(
  "the CSP over the built web app (web/dist)",
  () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await createTestApp();
    });
    afterAll(() => t.close());

    it("allows every inline script of index.html by its hash, and no other inline script", async () => {
      const res = await t.app.inject({ method: "GET", url: "/" });
      expect(res.statusCode).toBe(200);
      const scriptSrc = cspOf(res).get("script-src") ?? [];
      const html = readFileSync(join(WEB_DIST, "index.html"), "utf8");
      expect(res.body).toBe(html);
      const hashes = inlineScripts(html).map((text) => sha256(text.replace(/\r\n?/g, "\n")));
      expect(scriptSrc).toEqual(["'self'", ...hashes]);
      expect(scriptSrc).not.toContain("'unsafe-inline'");
    });
  },
);

describe("Strict-Transport-Security", () => {
  // One database for the apps of different settings below.
  let db: DatabaseHandle;
  beforeAll(async () => {
    db = await createTestDatabase();
  });
  afterAll(() => db.close());

  const hsts = async (config: Record<string, string>, headers: Record<string, string> = {}) => {
    const app = await buildApp({
      config: testConfig({ PUBLIC_BASE_URL: TEST_ORIGIN, ...config }),
      db,
      webDist,
    });
    try {
      const res = await app.inject({ method: "GET", url: "/login", headers });
      expect(res.statusCode).toBe(200);
      return res.headers["strict-transport-security"];
    } finally {
      await app.close();
    }
  };

  it("is never sent over plain http", async () => {
    expect(await hsts({})).toBeUndefined();
    // A client that claims https, with no proxy trusted to say so, is still on http.
    expect(await hsts({}, { "x-forwarded-proto": "https" })).toBeUndefined();
  });

  it("is sent over https: through a trusted proxy, or on a deployment whose address is https", async () => {
    expect(await hsts({ TRUST_PROXY: "1" }, { "x-forwarded-proto": "https" })).toBe(
      "max-age=31536000; includeSubDomains",
    );
    expect(await hsts({ PUBLIC_BASE_URL: "https://phones.example.com" })).toBe(
      "max-age=31536000; includeSubDomains",
    );
  });
});

describe("the carrier's paths are never the web app", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ webDist });
  });
  afterAll(() => t.close());

  // The webhook paths take POST only: any other method is 405 (see webhook-methods.test.ts).
  it.each([
    ["GET", "/twilio/voice"],
    ["GET", "/twilio/sms"],
    ["GET", "/twilio/voice/status"],
    ["GET", "/twilio/anything/else?x=1"],
    ["PUT", "/twilio/voice"],
    ["DELETE", "/twilio/sms"],
  ] as const)("%s %s answers 405 in the one error shape", async (method, url) => {
    const res = await t.app.inject({ method, url });
    expectOneErrorShape(res, 405, "METHOD_NOT_ALLOWED");
    expect(res.headers.allow).toBe("POST");
  });

  it.each([
    ["GET", "/twilio"],
    ["GET", "/carrier-sim/nothing-here"],
    ["GET", "/api"],
  ] as const)("%s %s answers 404 in the one error shape", async (method, url) => {
    const res = await t.app.inject({ method, url });
    expectOneErrorShape(res, 404, "NOT_FOUND");
  });

  it("HEAD /twilio/voice answers 405, not the page", async () => {
    const res = await t.app.inject({ method: "HEAD", url: "/twilio/voice" });
    expect(res.statusCode).toBe(405);
    expect(res.headers["content-type"]).toMatch(/^application\/json/);
  });
});

describe("every error answer has the one shape with a request id", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ webDist });
  });
  afterAll(() => t.close());

  const write = { origin: "http://localhost:3000" };
  it.each([
    ["an unknown API route", { method: "GET", url: "/api/nope" }, 404, "NOT_FOUND"],
    ["an unknown method on an API route", { method: "DELETE", url: "/api/auth/login" }, 404, "NOT_FOUND"],
    [
      "malformed JSON",
      {
        method: "POST",
        url: "/api/auth/login",
        headers: { ...write, "content-type": "application/json" },
        payload: "{bad",
      },
      400,
      "BAD_REQUEST",
    ],
    [
      "an empty JSON body",
      {
        method: "POST",
        url: "/api/auth/login",
        headers: { ...write, "content-type": "application/json" },
        payload: "",
      },
      400,
      "BAD_REQUEST",
    ],
    [
      "a body of an unsupported type",
      {
        method: "POST",
        url: "/api/auth/login",
        headers: { ...write, "content-type": "application/xml" },
        payload: "<a/>",
      },
      415,
      "UNSUPPORTED_MEDIA_TYPE",
    ],
    [
      "a body over the limit",
      {
        method: "POST",
        url: "/api/auth/login",
        headers: { ...write, "content-type": "application/json" },
        payload: JSON.stringify({ email: "x".repeat(1_100_000) }),
      },
      413,
      "PAYLOAD_TOO_LARGE",
    ],
    [
      "a URL that does not decode, under /api",
      { method: "GET", url: "/api/site/%E0%A4%A" },
      400,
      "BAD_REQUEST",
    ],
    ["a URL that does not decode", { method: "GET", url: "/%E0%A4%A" }, 400, "BAD_REQUEST"],
    ["a missing asset", { method: "GET", url: "/assets/missing.js" }, 404, "NOT_FOUND"],
  ] satisfies [string, InjectOptions, number, string][])("%s", async (_name, request, status, code) => {
    const res = await t.app.inject(request);
    expectOneErrorShape(res, status, code);
  });
});

describe("a request Node's HTTP parser refuses", () => {
  let t: TestApp;
  let port = 0;
  beforeAll(async () => {
    t = await createTestApp();
    await t.app.listen({ host: "127.0.0.1", port: 0 });
    const address = t.app.server.address();
    port = typeof address === "object" && address ? address.port : 0;
  });
  afterAll(() => t.close());

  it("is answered 400 in the one error shape", async () => {
    const { connect } = await import("node:net");
    const raw = await new Promise<string>((resolve, reject) => {
      const socket = connect(port, "127.0.0.1", () =>
        socket.write("GET / HTTP/1.1\r\nHost: x\r\nBad Header\r\n\r\n"),
      );
      let received = "";
      socket.on("data", (chunk) => {
        received += String(chunk);
      });
      socket.on("close", () => resolve(received));
      socket.on("error", reject);
    });
    const [head = "", body = ""] = raw.split("\r\n\r\n");
    expect(head).toMatch(/^HTTP\/1\.1 400 /);
    expect(head).toMatch(/content-type: application\/json/i);
    expect(JSON.parse(body)).toEqual({
      error: { code: "BAD_REQUEST", message: expect.any(String), requestId: expect.any(String) },
    });
  });
});
