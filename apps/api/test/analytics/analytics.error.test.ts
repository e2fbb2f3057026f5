import {
  CUSTOM_DAYS_REQUIRED_MESSAGE,
  DAY_MESSAGE,
  RANGE_MESSAGE,
  RANGE_ORDER_MESSAGE,
  RANGE_SPAN_MESSAGE,
} from "@poundline/contracts/analytics/schemas";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../src/testing";
import { createUser, type SignedIn, signIn } from "../fixtures";

let t: TestApp;
let session: SignedIn;

beforeAll(async () => {
  t = await createTestApp({ clock: () => new Date("2026-03-10T15:00:00Z") });
  session = await signIn(t, await createUser(t));
});
afterAll(() => t.close());

interface ErrorJson {
  error: { code: string; message: string; fields?: Record<string, string[]> };
}

describe.each([
  { label: "an unknown range", query: "range=lastyear", fields: { "querystring.range": [RANGE_MESSAGE] } },
  { label: "a range in capitals", query: "range=TODAY", fields: { "querystring.range": [RANGE_MESSAGE] } },
  {
    label: "custom without dates",
    query: "range=custom",
    fields: {
      "querystring.from": [CUSTOM_DAYS_REQUIRED_MESSAGE],
      "querystring.to": [CUSTOM_DAYS_REQUIRED_MESSAGE],
    },
  },
  {
    label: "custom without an end",
    query: "range=custom&from=2026-03-01",
    fields: { "querystring.to": [CUSTOM_DAYS_REQUIRED_MESSAGE] },
  },
  {
    label: "a day that does not exist",
    query: "range=custom&from=2026-02-30&to=2026-03-01",
    fields: { "querystring.from": [DAY_MESSAGE] },
  },
  {
    label: "a date-time instead of a day",
    query: "range=custom&from=2026-03-01T00:00:00Z&to=2026-03-02",
    fields: { "querystring.from": [DAY_MESSAGE] },
  },
  {
    label: "a day with a control character",
    query: "range=custom&from=2026-03-01%00&to=2026-03-02",
    fields: { "querystring.from": expect.arrayContaining([expect.any(String)]) },
  },
  {
    label: "an end before the start",
    query: "range=custom&from=2026-03-05&to=2026-03-04",
    fields: { "querystring.to": [RANGE_ORDER_MESSAGE] },
  },
  {
    label: "more than 366 days",
    query: "range=custom&from=2025-01-01&to=2026-01-02",
    fields: { "querystring.to": [RANGE_SPAN_MESSAGE] },
  },
  {
    label: "the year 0",
    query: "range=custom&from=0000-01-01&to=0000-01-02",
    fields: { "querystring.from": [DAY_MESSAGE], "querystring.to": [DAY_MESSAGE] },
  },
  {
    label: "repeated ranges",
    query: "range=today&range=yesterday",
    fields: { "querystring.range": [RANGE_MESSAGE] },
  },
])("$label", ({ query, fields }) => {
  it("is refused with 400 and the field's message", async () => {
    const res = await t.app.inject({
      method: "GET",
      url: `/api/analytics?${query}`,
      headers: session.headers,
    });
    expect(res.statusCode, res.body).toBe(400);
    const body = res.json<ErrorJson>();
    expect(body.error.code).toBe("BAD_REQUEST");
    expect(body.error.fields).toEqual(fields);
  });
});

it("takes exactly 366 days", async () => {
  const res = await t.app.inject({
    method: "GET",
    url: "/api/analytics?range=custom&from=2025-01-01&to=2026-01-01",
    headers: session.headers,
  });
  expect(res.statusCode, res.body).toBe(200);
  expect(res.json<{ daily: unknown[] }>().daily).toHaveLength(366);
});

it("ignores dates given with a named range", async () => {
  const res = await t.app.inject({
    method: "GET",
    url: "/api/analytics?range=today&from=2020-01-01&to=2020-01-02",
    headers: session.headers,
  });
  expect(res.statusCode, res.body).toBe(200);
  expect(res.json<{ from: string }>().from).toBe("2026-03-10");
});
