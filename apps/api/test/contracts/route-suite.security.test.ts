import { refusalMessage } from "@poundline/contracts/auth/permissions";
import { listEndpoints } from "@poundline/contracts/registry";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../src/testing";
import {
  allowedCaller,
  call,
  expectDeclared,
  hasParams,
  needsQuery,
  placeholderParams,
  ROLES,
  richParams,
  roleMay,
  type SuiteWorld,
  suiteWorld,
} from "./route-suite";

/**
 * The common route suite: every endpoint of the contracts (packages/contracts/src/registry.ts),
 * whatever its context, is held to the same rules. A new endpoint is covered by being added to
 * its context's contracts. Cases that cannot apply (no body, no path id the demo data lists) are
 * reported as skipped, not passed.
 */
const listed = listEndpoints();
let t: TestApp;
let world: SuiteWorld;
/** The demo account's ids for each endpoint whose path names one, found by listing. */
const richIds = new Map<string, Record<string, string> | null>();

beforeAll(async () => {
  t = await createTestApp();
  world = await suiteWorld(t);
  for (const { endpoint } of listed)
    if (hasParams(endpoint)) richIds.set(endpoint.path, await richParams(world, endpoint, listed));
}, 180_000);
afterAll(() => t?.close());

const cases = listed.map((l) => [`${l.endpoint.method} ${l.endpoint.path}`, l.endpoint] as const);

describe.each(cases)("%s", (_, endpoint) => {
  it.skipIf(endpoint.access === "public")("refuses an anonymous caller with 401", async () => {
    const res = await call(world, endpoint, { body: endpoint.body ? {} : undefined });
    expect(res.statusCode).toBe(401);
    expect(expectDeclared(endpoint, res)).toBeNull();
  });

  it.skipIf(!endpoint.body)("refuses a malformed body with 400 and the fields' messages", async () => {
    const res = await call(world, endpoint, { as: allowedCaller(world, endpoint), body: [42] });
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().error.fields ?? {})).not.toHaveLength(0);
    expect(expectDeclared(endpoint, res)).toBeNull();
  });

  it.skipIf(endpoint.access !== "account")("lets each role do what the permission table says", async () => {
    for (const role of ROLES) {
      // A malformed body, or ids that name nothing: an allowed role is refused for that, not for its role.
      const res = await call(world, endpoint, {
        as: world.others[role],
        params: placeholderParams(endpoint),
        body: endpoint.body ? [42] : undefined,
      });
      expect(expectDeclared(endpoint, res), role).toBeNull();
      if (roleMay(endpoint, role)) expect(res.statusCode, role).not.toBe(403);
      else {
        expect(res.statusCode, role).toBe(403);
        if (endpoint.permission) expect(res.json().error.message).toBe(refusalMessage(endpoint.permission));
      }
    }
  });

  it.skipIf(endpoint.access !== "admin")("refuses an account's owner who is no administrator", async () => {
    const res = await call(world, endpoint, { as: world.others.owner, body: endpoint.body ? {} : undefined });
    expect(res.statusCode).toBe(403);
    expect(expectDeclared(endpoint, res)).toBeNull();
  });

  it.skipIf(endpoint.access !== "account" || !hasParams(endpoint))(
    "answers 404 to another account for the demo account's ids",
    async (context) => {
      const params = richIds.get(endpoint.path);
      if (!params) context.skip("no list names an id for this path");
      const res = await call(world, endpoint, {
        as: world.others.owner,
        params: params ?? undefined,
        body: endpoint.body ? {} : undefined,
      });
      // A body the endpoint needs whole is refused before the id is looked up: that proves nothing.
      if (res.statusCode === 400 && endpoint.body) context.skip("the body is refused before the lookup");
      if (res.statusCode === 400 && needsQuery(endpoint))
        context.skip("the query is refused before the lookup");
      expect(res.statusCode).toBe(404);
      expect(expectDeclared(endpoint, res)).toBeNull();
    },
  );

  it.skipIf(endpoint.method !== "GET")("answers what its contract declares", async (context) => {
    const params = hasParams(endpoint) ? richIds.get(endpoint.path) : undefined;
    if (params === null) context.skip("no list names an id for this path");
    if (needsQuery(endpoint)) context.skip("its query needs values the suite cannot guess");
    const res = await call(world, endpoint, {
      as: allowedCaller(world, endpoint),
      params: params ?? undefined,
    });
    if (res.statusCode === 503) context.skip("a service this endpoint needs is not configured here");
    // A success, or a redirect the contract declares (the e-mail links, Google's sign-in).
    expect(res.statusCode).toBeLessThan(400);
    expect(expectDeclared(endpoint, res)).toBeNull();
  });
});

/**
 * The /api routes not described by a contract (yet): every other /api route must have one, so a
 * route added without its contract fails here. The list only shrinks.
 */
const OUTSIDE_CONTRACTS = new Set<string>([
  // The live events' WebSocket: not a JSON endpoint.
  "GET /api/live",
]);

describe("the contracts and the routes", () => {
  it("describe every /api route the server has, and nothing it lacks", () => {
    const contracted = new Set(listed.map(({ endpoint }) => `${endpoint.method} ${endpoint.path}`));
    const served = new Set(
      t.app.routeAccess
        .filter((r) => r.method !== "HEAD")
        .map((r) => `${r.method} ${r.url.replace(/\/$/, "")}`),
    );
    const withoutContract = [...served].filter(
      (route) => !contracted.has(route) && !OUTSIDE_CONTRACTS.has(route),
    );
    const withoutRoute = listed
      .filter(({ endpoint }) => !t.app.hasRoute({ method: endpoint.method, url: endpoint.path }))
      .map(({ endpoint }) => `${endpoint.method} ${endpoint.path}`);
    const listedButContracted = [...OUTSIDE_CONTRACTS].filter((route) => contracted.has(route));
    expect(listedButContracted, "contracted routes to take off OUTSIDE_CONTRACTS").toEqual([]);
    expect({ withoutContract: withoutContract.sort(), withoutRoute }).toEqual({
      withoutContract: [],
      withoutRoute: [],
    });
  });
});
