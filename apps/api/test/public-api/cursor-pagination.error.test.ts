import { CURSOR_MESSAGE, encodeCursor } from "@poundline/contracts/cursor";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../src/testing";
import { createUser, type TestUser } from "../fixtures";
import { bearer, keyFor } from "./helpers";
import { publicLists } from "./lists";

/** A cursor no list gave, and a page too long: 400 with the field's message, never a 500. */

let t: TestApp;
let owner: TestUser;
let secret: string;

beforeAll(async () => {
  t = await createTestApp();
  owner = await createUser(t);
  secret = await keyFor(t, owner);
});
afterAll(() => t.close());

const base64url = (text: string) => Buffer.from(text).toString("base64url");

const badCursors = [
  ["not base64url", "not a cursor!"],
  ["not JSON", base64url("2026-03-01T12:00:00.500000Z,ct_x")],
  ["not a pair", base64url(JSON.stringify(["2026-03-01T12:00:00.500000Z"]))],
  ["a time to the millisecond", base64url(JSON.stringify(["2026-03-01T12:00:00.500Z", "ct_x"]))],
  ["a day that is not", base64url(JSON.stringify(["2026-02-31T12:00:00.500000Z", "ct_x"]))],
  ["in the year 0", base64url(JSON.stringify(["0000-03-01T12:00:00.500000Z", "ct_x"]))],
  ["an id with a quote", base64url(JSON.stringify(["2026-03-01T12:00:00.500000Z", "ct_x'--"]))],
  ["too long", "a".repeat(201)],
] as const;

describe.each(publicLists)("GET $name", (list) => {
  let path: string;
  beforeAll(async () => {
    path = list.path((await list.prepare?.(t, owner)) ?? {});
  });
  const get = (query: string) =>
    t.app.inject({
      method: "GET",
      url: `${path}${path.includes("?") ? "&" : "?"}${query}`,
      headers: bearer(secret),
    });

  it.each(badCursors)("refuses a cursor %s (400)", async (_what, cursor) => {
    const res = await get(`cursor=${encodeURIComponent(cursor)}`);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().error.fields).toEqual({ "querystring.cursor": [CURSOR_MESSAGE] });
  });

  it.each([
    ["201", "Must be at most 200."],
    ["0", "Must be at least 1."],
    ["ten", "Must be a whole number."],
  ])("refuses limit=%s (400)", async (limit, message) => {
    const res = await get(`limit=${limit}`);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().error.fields).toEqual({ "querystring.limit": [message] });
  });
});

describe("a cursor of another kind of list", () => {
  it("is refused by the webhook deliveries (ordered as made, not by time)", async () => {
    const deliveries = publicLists.find((list) => list.name === "webhook deliveries");
    const path = deliveries?.path((await deliveries.prepare?.(t, owner)) ?? {}) ?? "";
    const timeCursor = encodeCursor(JSON.stringify(["2026-03-01T12:00:00.500000Z", "whd_x"]));
    const res = await t.app.inject({
      method: "GET",
      url: `${path}?cursor=${timeCursor}`,
      headers: bearer(secret),
    });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().error.fields).toEqual({ "querystring.cursor": [CURSOR_MESSAGE] });
  });
});
