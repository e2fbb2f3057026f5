import { EXPORT_RANGE_MESSAGES } from "@poundline/contracts/date-range";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../src/testing";
import { createUser, type SignedIn, signIn } from "../fixtures";

let t: TestApp;
let session: SignedIn;

beforeAll(async () => {
  t = await createTestApp();
  session = await signIn(t, await createUser(t));
});
afterAll(() => t.close());

const cases = [
  { query: "from=2026-03-10&to=2026-03-09", field: "querystring.to", message: EXPORT_RANGE_MESSAGES.order },
  { query: "from=2025-01-01&to=2026-03-10", field: "querystring.to", message: EXPORT_RANGE_MESSAGES.length },
  { query: "from=yesterday&to=2026-03-10", field: "querystring.from", message: EXPORT_RANGE_MESSAGES.day },
  { query: "to=2026-03-10", field: "querystring.from", message: undefined },
  { query: "from=2026-02-30&to=2026-03-10", field: "querystring.from", message: undefined },
];

describe.each(["/api/messages/export.csv", "/api/analytics/export.csv"])("%s", (path) => {
  it.each(cases)("answers 400 with a field message: $query", async ({ query, field, message }) => {
    const res = await t.app.inject({ method: "GET", url: `${path}?${query}`, headers: session.headers });
    expect(res.statusCode, res.body).toBe(400);
    const fields = res.json().error.fields ?? {};
    expect(Object.keys(fields)).toContain(field);
    if (message) expect(fields[field]).toContain(message);
  });
});
