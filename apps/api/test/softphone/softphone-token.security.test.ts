import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../src/testing";
import { createMember, createUser, signIn } from "../fixtures";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ config: { LOG_LEVEL: "error" } });
});
afterAll(() => t.close());

describe("POST /api/softphone/token: who may have one", () => {
  it("nobody signed out", async () => {
    const res = await t.app.inject({ method: "POST", url: "/api/softphone/token" });
    expect(res.statusCode).toBe(401);
  });

  it("not a bookkeeper (read only: no calls)", async () => {
    const owner = await createUser(t);
    const bookkeeper = await createMember(t, owner.accountId, "viewer");
    const res = await t.app.inject({
      method: "POST",
      url: "/api/softphone/token",
      headers: (await signIn(t, bookkeeper)).headers,
    });
    expect(res.statusCode).toBe(403);
    expect(res.body).not.toContain('token":');
  });
});
