import type { CallListJson } from "@poundline/contracts/calls/schemas";
import { CALL_COUNT_STEP, callCountBound } from "@poundline/modules/calls/queries";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../src/testing";
import { createUser, type SignedIn, signIn, type TestUser } from "../fixtures";

/** The call history's count: exact up to a bound past the page, "more than" the bound beyond. */
describe("callCountBound", () => {
  it.each([
    { offset: 0, pageSize: 10, bound: 1000 },
    { offset: 490, pageSize: 10, bound: 1000 },
    { offset: 970, pageSize: 10, bound: 1000 },
    // Page 98: its window reaches page 100, so the count must see past call 1,000.
    { offset: 980, pageSize: 10, bound: 2000 },
    { offset: 9990, pageSize: 10, bound: 11000 },
    { offset: 0, pageSize: 100, bound: 1000 },
    { offset: 800, pageSize: 100, bound: 2000 },
  ])("offset $offset, $pageSize a page: counted up to $bound", ({ offset, pageSize, bound }) => {
    expect(callCountBound(offset, pageSize)).toBe(bound);
    expect(bound % CALL_COUNT_STEP).toBe(0);
    // The page and the two after it are within the bound: the pager's window is known.
    expect(bound).toBeGreaterThanOrEqual(offset + 3 * pageSize);
  });
});

let t: TestApp;
let user: TestUser;
let session: SignedIn;
const CALLS = 1_205;

beforeAll(async () => {
  t = await createTestApp();
  user = await createUser(t);
  session = await signIn(t, user);
  await t.db.db.execute(
    sql.raw(`insert into call_logs (id, account_id, call_sid, direction, from_number, to_number,
      call_start_time, duration_seconds, call_status)
    select 'call_' || md5('${user.accountId}' || g), '${user.accountId}', 'CA' || md5('${user.accountId}' || g),
      case when g % 2 = 0 then 'inbound' else 'outbound' end, '+1555' || lpad(g::text, 7, '0'),
      '+18005550100', now() - (g || ' minutes')::interval, 30, 'completed'
    from generate_series(1, ${CALLS}) g`),
  );
}, 60_000);
afterAll(() => t.close());

async function list(query: string) {
  const res = await t.app.inject({ method: "GET", url: `/api/calls${query}`, headers: session.headers });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<CallListJson>();
}

describe("GET /api/calls with more calls than the bound", () => {
  it.each([
    { query: "", total: 1000, totalExact: false, first: 1 },
    { query: "?page=50", total: 1000, totalExact: false, first: 491 },
    { query: "?page=98", total: 1000, totalExact: false, first: 971 },
    { query: "?page=99", total: CALLS, totalExact: true, first: 981 },
    { query: "?page=121", total: CALLS, totalExact: true, first: 1201 },
    { query: "?direction=inbound", total: 602, totalExact: true, first: 1 },
    { query: "?direction=outbound&page=3", total: 603, totalExact: true, first: 21 },
  ])("$query: total $total (exact: $totalExact)", async ({ query, total, totalExact, first }) => {
    const page = await list(query);
    expect({ total: page.total, totalExact: page.totalExact }).toEqual({ total, totalExact });
    expect(page.calls).toHaveLength(Math.min(10, (totalExact ? total : CALLS) - (first - 1)));
  });

  it("a page past the end: no calls, the exact count", async () => {
    const page = await list("?page=200");
    expect(page.calls).toEqual([]);
    expect({ total: page.total, totalExact: page.totalExact }).toEqual({ total: CALLS, totalExact: true });
  });
});
