import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../src/testing";

describe("GET /healthz", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it("reports the database and Redis", async () => {
    const res = await t.app.inject({ method: "GET", url: "/healthz" });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.checks.database).toBe("ok");
    expect(body.checks.redis).toBe(process.env.TEST_REDIS_URL ? "ok" : "not_configured");
  });

  it("answers unknown API routes with the one error shape", async () => {
    const res = await t.app.inject({ method: "GET", url: "/api/nope" });
    expect(res.statusCode).toBe(404);
    expect(res.json().error).toMatchObject({ code: "NOT_FOUND", requestId: expect.any(String) });
  });
});
