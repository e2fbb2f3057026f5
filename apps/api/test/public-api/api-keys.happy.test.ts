import type { ApiKey } from "@poundline/contracts/api-keys/schemas";
import { schema } from "@poundline/db";
import { hashToken } from "@poundline/modules/auth/sessions";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../src/testing";
import { createUser, type SignedIn, signIn, type TestUser } from "../fixtures";
import { bearer } from "./helpers";

let now = Date.parse("2026-03-01T12:00:00.000Z");
const clock = () => new Date(now);

let t: TestApp;
let owner: TestUser;
let session: SignedIn;

beforeAll(async () => {
  t = await createTestApp({ clock });
  owner = await createUser(t);
  session = await signIn(t, owner);
});
afterAll(() => t.close());

async function createKey(payload: object) {
  const res = await t.app.inject({ method: "POST", url: "/api/api-keys", headers: session.headers, payload });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ key: ApiKey; secret: string }>();
}

async function listKeys() {
  const res = await t.app.inject({ method: "GET", url: "/api/api-keys", headers: session.headers });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ keys: ApiKey[] }>().keys;
}

describe("API keys in the console", () => {
  it("creates a key, shows the secret once and keeps only its hash", async () => {
    const { key, secret } = await createKey({
      name: "CRM sync",
      scopes: ["contacts:read", "contacts:write", "contacts:read"],
      expiresAt: "2027-01-01T00:00:00Z",
    });
    expect(secret).toMatch(/^pl_live_[a-z2-7]{52}$/);
    expect(key).toMatchObject({
      name: "CRM sync",
      prefix: secret.slice(0, 16),
      scopes: ["contacts:read", "contacts:write"],
      expiresAt: "2027-01-01T00:00:00.000Z",
      lastUsedAt: null,
      revokedAt: null,
      createdBy: { id: owner.id },
    });
    const [row] = await t.db.db.select().from(schema.apiKeys).where(eq(schema.apiKeys.id, key.id));
    expect(row).toMatchObject({
      accountId: owner.accountId,
      createdBy: owner.id,
      secretHash: hashToken(secret),
    });
    expect(JSON.stringify(row)).not.toContain(secret);
    // The list never shows the secret again.
    const listed = await listKeys();
    expect(listed.map((k) => k.id)).toContain(key.id);
    expect(JSON.stringify(listed)).not.toContain(secret);
  });

  it("records the last use at most once a minute, with the address", async () => {
    const { key, secret } = await createKey({ name: "Reader", scopes: ["contacts:read"] });
    const get = () =>
      t.app.inject({
        method: "GET",
        url: "/v1/contacts",
        headers: bearer(secret),
        remoteAddress: "203.0.113.7",
      });
    expect((await get()).statusCode).toBe(200);
    const first = (await listKeys()).find((k) => k.id === key.id);
    expect(first).toMatchObject({ lastUsedAt: new Date(now).toISOString(), lastUsedIp: "203.0.113.7" });
    now += 30_000;
    expect((await get()).statusCode).toBe(200);
    expect((await listKeys()).find((k) => k.id === key.id)?.lastUsedAt).toBe(first?.lastUsedAt);
    now += 31_000;
    expect((await get()).statusCode).toBe(200);
    expect((await listKeys()).find((k) => k.id === key.id)?.lastUsedAt).toBe(new Date(now).toISOString());
  });

  it("revokes a key: the public API refuses it from then on", async () => {
    const { key, secret } = await createKey({ name: "Old", scopes: ["contacts:read"] });
    expect(
      (await t.app.inject({ method: "GET", url: "/v1/contacts", headers: bearer(secret) })).statusCode,
    ).toBe(200);
    const res = await t.app.inject({
      method: "DELETE",
      url: `/api/api-keys/${key.id}`,
      headers: session.headers,
    });
    expect(res.statusCode, res.body).toBe(204);
    const [row] = await t.db.db.select().from(schema.apiKeys).where(eq(schema.apiKeys.id, key.id));
    expect(row?.revokedAt?.toISOString()).toBe(new Date(now).toISOString());
    const refused = await t.app.inject({ method: "GET", url: "/v1/contacts", headers: bearer(secret) });
    expect(refused.statusCode).toBe(401);
    expect(refused.json()).toMatchObject({
      error: { code: "UNAUTHORIZED", message: "This API key has been revoked." },
    });
  });
});

describe("the public API with a key", () => {
  it("creates, reads, lists, changes and deletes a contact, as the key's account", async () => {
    const { secret } = await createKey({ name: "Full", scopes: ["contacts:read", "contacts:write"] });
    const headers = bearer(secret);
    const created = await t.app.inject({
      method: "POST",
      url: "/v1/contacts",
      headers,
      payload: { name: "Grace Hopper", phone: "5551112222" },
    });
    expect(created.statusCode, created.body).toBe(201);
    const { id } = created.json<{ id: string }>();
    const [row] = await t.db.db.select().from(schema.contacts).where(eq(schema.contacts.id, id));
    expect(row).toMatchObject({ accountId: owner.accountId, userId: owner.id, phone: "+15551112222" });

    const read = await t.app.inject({ method: "GET", url: `/v1/contacts/${id}`, headers });
    expect(read.json()).toMatchObject({ id, name: "Grace Hopper" });
    const listed = await t.app.inject({ method: "GET", url: "/v1/contacts?q=Grace&limit=5", headers });
    expect(listed.json()).toMatchObject({ total: 1, limit: 5, offset: 0, contacts: [{ id }] });
    const changed = await t.app.inject({
      method: "PATCH",
      url: `/v1/contacts/${id}`,
      headers,
      payload: { name: "Adm. Hopper" },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    const removed = await t.app.inject({ method: "DELETE", url: `/v1/contacts/${id}`, headers });
    expect(removed.statusCode).toBe(204);
    expect(await t.db.db.select().from(schema.contacts).where(eq(schema.contacts.id, id))).toEqual([]);
  });

  it("answers with the RateLimit headers", async () => {
    const { secret } = await createKey({ name: "Headers", scopes: ["numbers:read"] });
    const res = await t.app.inject({ method: "GET", url: "/v1/numbers", headers: bearer(secret) });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers["ratelimit-limit"]).toBe(String(t.config.PUBLIC_API_RATE_LIMIT_PER_MINUTE));
    expect(Number(res.headers["ratelimit-remaining"])).toBe(t.config.PUBLIC_API_RATE_LIMIT_PER_MINUTE - 1);
    expect(res.headers["ratelimit-reset"]).toBeDefined();
  });

  it("publishes its OpenAPI document, public, with the bearer scheme and each operation's scope", async () => {
    const res = await t.app.inject({ method: "GET", url: "/v1/openapi.json" });
    expect(res.statusCode).toBe(200);
    const document = res.json();
    expect(document.components.securitySchemes).toEqual({
      apiKey: expect.objectContaining({ type: "http", scheme: "bearer" }),
    });
    expect(document.paths["/v1/contacts"].post).toMatchObject({
      security: [{ apiKey: [] }],
      "x-scope": "contacts:write",
    });
    expect(Object.keys(document.paths).every((path) => path.startsWith("/v1/"))).toBe(true);
  });
});
