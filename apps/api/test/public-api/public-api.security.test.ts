import { apiKeyMessages } from "@poundline/contracts/api-keys/schemas";
import { type ApiScope, apiScopes, publicPathOf, scopeFor } from "@poundline/contracts/api-keys/scopes";
import { type Endpoint, pathOf } from "@poundline/contracts/endpoint";
import { listEndpoints } from "@poundline/contracts/registry";
import { schema } from "@poundline/db";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../src/testing";
import { placeholderParams, type SuiteWorld, suiteWorld } from "../contracts/route-suite";
import { createMember, createUser, signIn } from "../fixtures";
import { bearer, keyFor } from "./helpers";

/**
 * The public API over the route table: every `publicApi` endpoint answers 401 without a key, 403
 * to a key without its scope, and lets a key with it through; nothing else of /api is served at
 * /v1; keys open nothing under /api; another account's ids are 404 under /v1 as under /api.
 */

let t: TestApp;
let world: SuiteWorld;
/** The demo account's owner's keys: every scope, and every scope but one per endpoint. */
let fullKey: string;
const keysWithout = new Map<ApiScope, string>();
/** The second account's owner's key, with every scope. */
let otherKey: string;
let demoOwner: { id: string; accountId: string };

const listed = listEndpoints();
const publicEndpoints = listed.filter((l) => l.endpoint.publicApi);
// The console's own document is at /api/openapi.json; /v1 has its own (api-keys.happy.test.ts).
const consoleOnly = listed.filter(
  (l) =>
    !l.endpoint.publicApi && l.endpoint.path.startsWith("/api/") && l.endpoint.path !== "/api/openapi.json",
);
const scopeOf = (endpoint: Endpoint) => scopeFor(endpoint.publicApi?.scope ?? "calls", endpoint.method);
const v1Url = (endpoint: Endpoint, params?: Record<string, string> | null) =>
  publicPathOf(pathOf(endpoint.path, params ?? placeholderParams(endpoint)));

beforeAll(async () => {
  // Every endpoint is asked with unknown, expired and revoked keys: far past the bad-key limit.
  t = await createTestApp({
    config: { PUBLIC_API_RATE_LIMIT_PER_MINUTE: "100000", PUBLIC_API_BAD_KEYS_PER_ADDRESS: "100000" },
  });
  world = await suiteWorld(t);
  const [owner] = await t.db.db
    .select({ id: schema.accountMemberships.userId, accountId: schema.accountMemberships.accountId })
    .from(schema.accountMemberships)
    .where(eq(schema.accountMemberships.role, "owner"))
    .limit(1);
  if (!owner) throw new Error("no demo owner");
  demoOwner = owner;
  fullKey = await keyFor(t, demoOwner);
  for (const scope of new Set(publicEndpoints.map((l) => scopeOf(l.endpoint))))
    keysWithout.set(
      scope,
      await keyFor(
        t,
        demoOwner,
        apiScopes.filter((s) => s !== scope),
      ),
    );
  const other = await createUser(t);
  otherKey = await keyFor(t, other);
}, 120_000);
afterAll(() => t.close());

/**
 * The demo account's ids an endpoint's path names: `/api/x/:id` takes the first item of the first
 * list in `GET /api/x`'s answer (`{ contacts: [...] }`). Null when there is no such list or row.
 */
async function demoParams(endpoint: Endpoint): Promise<Record<string, string> | null> {
  const match = endpoint.path.match(/^(.*)\/:([A-Za-z0-9_]+)(\/.*)?$/);
  if (!match || (match[1] as string).includes(":")) return null;
  const [, base, param] = match as unknown as [string, string, string];
  const list = listed.find((l) => l.endpoint.method === "GET" && l.endpoint.path === base)?.endpoint;
  if (!list) return null;
  const res = await t.app.inject({ method: "GET", url: base, headers: world.richOwner.headers });
  if (res.statusCode !== 200) return null;
  const body = res.json() as Record<string, unknown> | unknown[];
  const items = Array.isArray(body) ? body : Object.values(body).find(Array.isArray);
  const first = (items as { id?: unknown }[] | undefined)?.[0];
  return typeof first?.id === "string" ? { [param]: first.id } : null;
}

const name = (l: { endpoint: Endpoint }) => `${l.endpoint.method} ${publicPathOf(l.endpoint.path)}`;

describe.each(publicEndpoints.map((l) => [name(l), l] as const))("%s", (_, { endpoint }) => {
  it("answers 401 without a key, and with a session cookie instead of one", async () => {
    const anonymous = await t.app.inject({ method: endpoint.method, url: v1Url(endpoint) });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json()).toMatchObject({
      error: { code: "UNAUTHORIZED", message: apiKeyMessages.missingKey },
    });
    const cookie = await t.app.inject({
      method: endpoint.method,
      url: v1Url(endpoint),
      headers: world.richOwner.headers,
    });
    expect(cookie.statusCode).toBe(401);
    const unknown = await t.app.inject({
      method: endpoint.method,
      url: v1Url(endpoint),
      headers: bearer(`pl_live_${"a".repeat(52)}`),
    });
    expect(unknown.json()).toMatchObject({
      error: { code: "UNAUTHORIZED", message: apiKeyMessages.unknownKey },
    });
  });

  it("answers 403 to a key without its scope", async () => {
    const scope = scopeOf(endpoint);
    const res = await t.app.inject({
      method: endpoint.method,
      url: v1Url(endpoint),
      headers: bearer(keysWithout.get(scope) ?? ""),
    });
    expect(res.statusCode, res.body).toBe(403);
    expect(res.json()).toMatchObject({ error: { message: apiKeyMessages.missingScope(scope) } });
  });

  it("lets a key with its scope through", async () => {
    const params = await demoParams(endpoint);
    const res = await t.app.inject({
      method: endpoint.method,
      url: v1Url(endpoint, params),
      headers: bearer(fullKey),
    });
    expect([401, 403], `${res.statusCode} ${res.body}`).not.toContain(res.statusCode);
  });

  it.runIf(endpoint.path.includes(":"))("answers 404 for another account's ids", async () => {
    const params = await demoParams(endpoint);
    if (!params) return;
    demoIdsTried.push(name({ endpoint }));
    const res = await t.app.inject({
      method: endpoint.method,
      url: v1Url(endpoint, params),
      headers: bearer(otherKey),
    });
    expect([400, 404], `${res.statusCode} ${res.body}`).toContain(res.statusCode);
  });
});

/** The endpoints whose other-account check found a demo id to try (most must). */
const demoIdsTried: string[] = [];

it("tried another account's ids on most endpoints with one", () => {
  expect(demoIdsTried.length).toBeGreaterThanOrEqual(6);
});

describe("what /v1 does not serve", () => {
  it.each(consoleOnly.map((l) => [name(l), l] as const))("%s is not served", async (_, { endpoint }) => {
    const res = await t.app.inject({
      method: endpoint.method,
      url: v1Url(endpoint),
      headers: bearer(fullKey),
    });
    // A console-only path is no route at /v1; one that looks like a public route's is refused by it.
    expect([400, 404], `${res.statusCode} ${res.body}`).toContain(res.statusCode);
    if (res.statusCode === 404 && !res.json().error.message.startsWith("Route"))
      expect(publicEndpoints.some((l) => l.endpoint.method === endpoint.method)).toBe(true);
  });
});

describe("keys under /api", () => {
  it.each(publicEndpoints.map((l) => [l.endpoint.method, l.endpoint.path, l] as const))(
    "%s %s refuses a key (401)",
    async (_, __, { endpoint }) => {
      const res = await t.app.inject({
        method: endpoint.method,
        url: pathOf(endpoint.path, placeholderParams(endpoint)),
        headers: { ...bearer(fullKey), origin: "http://localhost:3000" },
      });
      expect(res.statusCode).toBe(401);
    },
  );

  it("the console's key screen itself refuses a key", async () => {
    const res = await t.app.inject({ method: "GET", url: "/api/api-keys", headers: bearer(fullKey) });
    expect(res.statusCode).toBe(401);
  });
});

describe("a key acts with its creator's role", () => {
  it("a member's key cannot publish IVR menus, and a bookkeeper's cannot add contacts", async () => {
    const member = await createMember(t, demoOwner.accountId, "member");
    const memberKey = await keyFor(t, member);
    const publish = await t.app.inject({
      method: "POST",
      url: "/v1/ivr-menus/publish",
      headers: bearer(memberKey),
      payload: {},
    });
    expect(publish.statusCode, publish.body).toBe(403);
    const viewer = await createMember(t, demoOwner.accountId, "viewer");
    const viewerKey = await keyFor(t, viewer);
    const add = await t.app.inject({
      method: "POST",
      url: "/v1/contacts",
      headers: bearer(viewerKey),
      payload: { name: "Nope", phone: "5550001111" },
    });
    expect(add.statusCode, add.body).toBe(403);
  });

  it("a key dies with its creator's membership, and an expired key is refused", async () => {
    const admin = await createMember(t, demoOwner.accountId, "admin");
    const adminKey = await keyFor(t, admin);
    await t.db.db.delete(schema.accountMemberships).where(eq(schema.accountMemberships.userId, admin.id));
    const gone = await t.app.inject({ method: "GET", url: "/v1/contacts", headers: bearer(adminKey) });
    expect(gone.statusCode).toBe(401);
    const expired = await keyFor(t, demoOwner, apiScopes, new Date(t.app.deps.clock().getTime() - 1000));
    const res = await t.app.inject({ method: "GET", url: "/v1/contacts", headers: bearer(expired) });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ error: { message: apiKeyMessages.expired } });
  });

  it("another account's admin cannot revoke this account's keys (404)", async () => {
    const [key] = await t.db.db
      .select()
      .from(schema.apiKeys)
      .where(eq(schema.apiKeys.accountId, demoOwner.accountId));
    const res = await t.app.inject({
      method: "DELETE",
      url: `/api/api-keys/${key?.id}`,
      headers: world.others.admin.headers,
    });
    expect(res.statusCode).toBe(404);
    const [after] = await t.db.db
      .select()
      .from(schema.apiKeys)
      .where(eq(schema.apiKeys.id, key?.id ?? ""));
    expect(after?.revokedAt).toBeNull();
  });

  it("members and bookkeepers may not see or create keys", async () => {
    for (const role of ["member", "viewer"] as const) {
      const list = await t.app.inject({
        method: "GET",
        url: "/api/api-keys",
        headers: world.others[role].headers,
      });
      expect(list.statusCode).toBe(403);
      const create = await t.app.inject({
        method: "POST",
        url: "/api/api-keys",
        headers: world.others[role].headers,
        payload: { name: "x", scopes: ["contacts:read"] },
      });
      expect(create.statusCode).toBe(403);
    }
    const owner = await signIn(t, { id: demoOwner.id });
    expect(
      (await t.app.inject({ method: "GET", url: "/api/api-keys", headers: owner.headers })).statusCode,
    ).toBe(200);
  });
});

describe("an address sending keys that are not valid", () => {
  let small: TestApp;
  let owner: { id: string; accountId: string };
  beforeAll(async () => {
    small = await createTestApp({ config: { PUBLIC_API_BAD_KEYS_PER_ADDRESS: "3" } });
    owner = await createUser(small);
  });
  afterAll(() => small.close());

  const contacts = (key: string, remoteAddress = "203.0.113.7") =>
    small.app.inject({ method: "GET", url: "/v1/contacts", headers: bearer(key), remoteAddress });

  it("is not counted for good keys, then is turned away before any lookup, with Retry-After", async () => {
    const good = await keyFor(small, owner);
    for (let i = 0; i < 5; i++) expect((await contacts(good)).statusCode).toBe(200);
    for (let i = 0; i < 3; i++) expect((await contacts(`pl_live_guess${i}`)).statusCode).toBe(401);
    const refused = await contacts("pl_live_guess3");
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error.message).toBe(apiKeyMessages.tooManyBadKeys);
    expect(Number(refused.headers["retry-after"])).toBeGreaterThan(0);
    // The address waits out the window, whatever key it sends; another address is not held up.
    expect((await contacts(good)).statusCode).toBe(429);
    expect((await contacts(good, "198.51.100.20")).statusCode).toBe(200);
  });
});
