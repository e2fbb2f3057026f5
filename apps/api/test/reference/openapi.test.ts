import { buildOpenApiDocument } from "@poundline/contracts/reference/openapi";
import type { OpenApiDocument } from "@poundline/contracts/reference/openapi-document";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../src/testing";
import { createUser, signIn } from "../fixtures";

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe("GET /api/openapi.json", () => {
  it("serves the contracts' OpenAPI document to anyone, without a session", async () => {
    const res = await t.app.inject({ method: "GET", url: "/api/openapi.json" });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toMatch(/^application\/json/);
    const served = res.json<OpenApiDocument>();
    // The document the contracts' tests validate (packages/contracts/test/openapi.test.ts).
    expect(served).toEqual(JSON.parse(JSON.stringify(buildOpenApiDocument())));
    expect(served.openapi).toBe("3.1.0");
    expect(served.paths["/api/extensions/{id}"]?.patch?.operationId).toBe("extensions.update");
    expect(served.paths["/api/openapi.json"]?.get?.security).toEqual([]);
  });

  it("answers a signed-in person the same document", async () => {
    const session = await signIn(t, await createUser(t));
    const anonymous = await t.app.inject({ method: "GET", url: "/api/openapi.json" });
    const signedIn = await t.app.inject({
      method: "GET",
      url: "/api/openapi.json",
      headers: session.headers,
    });
    expect(signedIn.statusCode).toBe(200);
    expect(signedIn.body).toBe(anonymous.body);
  });
});
