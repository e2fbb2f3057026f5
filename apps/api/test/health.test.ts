import { createSession, SESSION_COOKIE } from "@poundline/modules/auth/sessions";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../src/testing";
import { createUser, type SignedIn, signIn } from "./fixtures";

const HEALTH_TOKEN = "monitor-token-0123456789abcdef";

describe("GET /healthz", () => {
  let t: TestApp;
  let admin: SignedIn;
  let adminWithoutTwoFactor: SignedIn;
  let adminAwaitingCode: SignedIn;
  let member: SignedIn;
  beforeAll(async () => {
    t = await createTestApp({ config: { HEALTH_TOKEN } });
    admin = await signIn(t, await createUser(t, { admin: true }));
    adminWithoutTwoFactor = await signIn(t, await createUser(t, { admin: true, twoFactor: false }));
    // Password given, code not yet.
    const pending = await createSession(
      t.db.db,
      (await createUser(t, { admin: true })).id,
      t.app.deps.clock(),
    );
    adminAwaitingCode = { cookie: `${SESSION_COOKIE}=${pending.token}`, headers: { cookie: "", origin: "" } };
    member = await signIn(t, await createUser(t));
  });
  afterAll(() => t.close());

  const details = {
    status: "ok",
    driver: expect.stringMatching(/^(pglite|postgres)$/),
    checks: { database: "ok", redis: process.env.TEST_REDIS_URL ? "ok" : "not_configured" },
    failedJobs: {},
  };

  it.each([
    ["an anonymous caller", {}],
    ["a signed-in user who is not an admin", () => ({ cookie: member.cookie })],
    ["an admin without two-factor authentication", () => ({ cookie: adminWithoutTwoFactor.cookie })],
    ["an admin who gave the password but not the code yet", () => ({ cookie: adminAwaitingCode.cookie })],
    ["a wrong token", { authorization: "Bearer not-the-monitor-token-at-all" }],
    ["the token without its scheme", { authorization: HEALTH_TOKEN }],
  ])("tells %s only up or down", async (_who, headers) => {
    const res = await t.app.inject({
      method: "GET",
      url: "/healthz",
      headers: typeof headers === "function" ? headers() : headers,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: "ok" });
  });

  it("gives the details to a platform admin past two-factor authentication", async () => {
    const res = await t.app.inject({ method: "GET", url: "/healthz", headers: { cookie: admin.cookie } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual(details);
  });

  it("gives the details to a monitor with HEALTH_TOKEN", async () => {
    const res = await t.app.inject({
      method: "GET",
      url: "/healthz",
      headers: { authorization: `Bearer ${HEALTH_TOKEN}` },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual(details);
  });

  it("answers unknown API routes with the one error shape", async () => {
    const res = await t.app.inject({ method: "GET", url: "/api/nope" });
    expect(res.statusCode).toBe(404);
    expect(res.json().error).toMatchObject({ code: "NOT_FOUND", requestId: expect.any(String) });
  });
});

describe("GET /healthz with the database down", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ config: { HEALTH_TOKEN } });
    const ping = () => Promise.reject(new Error("connection refused"));
    t.app.deps.db = { ...t.app.deps.db, ping };
  });
  afterAll(() => t.close());

  it("answers 503 down, and nothing more, to anyone", async () => {
    const res = await t.app.inject({ method: "GET", url: "/healthz" });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({ status: "down" });
  });

  it("says which dependency is down to a monitor", async () => {
    const res = await t.app.inject({
      method: "GET",
      url: "/healthz",
      headers: { authorization: `Bearer ${HEALTH_TOKEN}` },
    });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toMatchObject({ status: "down", checks: { database: "down" }, failedJobs: null });
  });
});
