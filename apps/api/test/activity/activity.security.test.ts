import type { ActivityPage } from "@poundline/contracts/activity/schemas";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../src/testing";
import { createMember, createUser, signIn } from "../fixtures";

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe("who may read the activity log", () => {
  it("answers 401 to an anonymous caller", async () => {
    const res = await t.app.inject({ method: "GET", url: "/api/activity" });
    expect(res.statusCode).toBe(401);
  });

  it("refuses a member (403, in the table's words)", async () => {
    const owner = await createUser(t);
    const member = await createMember(t, owner.accountId, "member");
    const res = await t.app.inject({
      method: "GET",
      url: "/api/activity",
      headers: (await signIn(t, member)).headers,
    });
    expect(res.statusCode).toBe(403);
    expect(res.json<{ error: { message: string } }>().error.message).toContain(
      "see the account's activity log",
    );
  });

  it("shows an account only its own changes", async () => {
    const first = await createUser(t);
    const second = await createUser(t);
    const put = await t.app.inject({
      method: "PUT",
      url: "/api/destination-policy",
      headers: (await signIn(t, first)).headers,
      payload: { allowedCountries: ["US"] },
    });
    expect(put.statusCode).toBe(200);
    const res = await t.app.inject({
      method: "GET",
      url: "/api/activity",
      headers: (await signIn(t, second)).headers,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json<ActivityPage>()).toMatchObject({ total: 0, entries: [] });
  });
});
