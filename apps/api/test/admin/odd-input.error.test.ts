import { CONTROL_CHARACTERS_MESSAGE } from "@poundline/contracts/common";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../src/testing";
import { createUser, type SignedIn, signIn } from "../fixtures";
import type { ErrorJson } from "../odd-input";

let t: TestApp;
let adminSession: SignedIn;

beforeAll(async () => {
  t = await createTestApp();
  adminSession = await signIn(t, await createUser(t, { admin: true }));
});
afterAll(() => t.close());

describe("admin filters with a control character", () => {
  it.each([
    ["/api/admin/emails", "to", "ada%00@example.com"],
    ["/api/admin/emails", "to", "%1B"],
    ["/api/admin/jobs/failed", "queue", "billing%00"],
  ])("%s?%s=%s is a 400 naming the parameter", async (path, name, value) => {
    const res = await t.app.inject({
      method: "GET",
      url: `${path}?${name}=${value}`,
      headers: adminSession.headers,
    });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json<ErrorJson>().error.fields?.[`querystring.${name}`]).toContain(CONTROL_CHARACTERS_MESSAGE);
  });
});
