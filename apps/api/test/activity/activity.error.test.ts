import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../src/testing";
import { createUser, signIn } from "../fixtures";

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe("bad paging of the activity log", () => {
  it.each([
    ["limit=0", "querystring.limit", "Must be at least 1."],
    ["limit=201", "querystring.limit", "Must be at most 200."],
    ["offset=-1", "querystring.offset", "Must be at least 0."],
    ["limit=two", "querystring.limit", "Must be a whole number."],
  ])("?%s answers 400 naming %s", async (query, field, message) => {
    const owner = await createUser(t);
    const res = await t.app.inject({
      method: "GET",
      url: `/api/activity?${query}`,
      headers: (await signIn(t, owner)).headers,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json<{ error: { fields: Record<string, string[]> } }>().error.fields[field]).toContain(
      message,
    );
  });
});
