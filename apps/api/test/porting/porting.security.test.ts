import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, TEST_ORIGIN, type TestApp } from "../../src/testing";
import { createMember, createUser, type SignedIn, signIn } from "../fixtures";
import { createPortIn, portInBody, requestRow } from "./helpers";

let t: TestApp;
let owner: SignedIn;
let member: SignedIn;
let stranger: SignedIn;
let requestId: string;

beforeAll(async () => {
  t = await createTestApp();
  const user = await createUser(t);
  owner = await signIn(t, user);
  member = await signIn(t, await createMember(t, user.accountId, "member"));
  stranger = await signIn(t, await createUser(t));
  requestId = (await createPortIn(t, owner)).id;
});
afterAll(() => t.close());

const routes = () =>
  [
    ["GET", "/api/porting", undefined],
    ["POST", "/api/porting", portInBody(["+13055550188"])],
    ["POST", "/api/porting/portability", { numbers: ["+13055550188"] }],
    ["GET", `/api/porting/${requestId}`, undefined],
    ["GET", `/api/porting/${requestId}/letter`, undefined],
    ["DELETE", `/api/porting/${requestId}`, undefined],
  ] as const;

describe("anonymous", () => {
  it("is refused everywhere (401)", async () => {
    for (const [method, url, payload] of routes()) {
      const res = await t.app.inject({
        method,
        url,
        headers: { origin: TEST_ORIGIN },
        ...(payload ? { payload } : {}),
      });
      expect(res.statusCode, `${method} ${url}`).toBe(401);
    }
  });
});

describe("another account", () => {
  it.each([
    ["GET", ""],
    ["GET", "/letter"],
    ["DELETE", ""],
  ] as const)("%s a request of another account%s is 404, and it stays as it was", async (method, suffix) => {
    const res = await t.app.inject({
      method,
      url: `/api/porting/${requestId}${suffix}`,
      headers: stranger.headers,
    });
    expect(res.statusCode).toBe(404);
    expect((await requestRow(t, requestId))?.status).toBe("in_review");
  });

  it("does not see it in its list", async () => {
    const res = await t.app.inject({ method: "GET", url: "/api/porting", headers: stranger.headers });
    expect(res.json().requests).toEqual([]);
  });
});

describe("a member (not owner nor admin)", () => {
  it("may read but not submit, check or cancel (403)", async () => {
    expect(
      (await t.app.inject({ method: "GET", url: "/api/porting", headers: member.headers })).statusCode,
    ).toBe(200);
    for (const [method, url, payload] of routes().filter(([m]) => m !== "GET")) {
      const res = await t.app.inject({
        method,
        url,
        headers: member.headers,
        ...(payload ? { payload } : {}),
      });
      expect(res.statusCode, `${method} ${url}`).toBe(403);
    }
    expect((await requestRow(t, requestId))?.status).toBe("in_review");
  });
});

describe("the admin list", () => {
  it("is for platform admins only", async () => {
    const res = await t.app.inject({ method: "GET", url: "/api/admin/porting", headers: owner.headers });
    expect(res.statusCode).toBe(403);
  });
});
