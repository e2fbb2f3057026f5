import { apiKeyMessages } from "@poundline/contracts/api-keys/schemas";
import { schema } from "@poundline/db";
import { count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../src/testing";
import { createUser, type SignedIn, signIn, type TestUser } from "../fixtures";
import { bearer, keyFor } from "./helpers";

const RATE_LIMIT = 5;

let t: TestApp;
let owner: TestUser;
let session: SignedIn;

beforeAll(async () => {
  t = await createTestApp({ config: { PUBLIC_API_RATE_LIMIT_PER_MINUTE: String(RATE_LIMIT) } });
  owner = await createUser(t);
  session = await signIn(t, owner);
});
afterAll(() => t.close());

async function contactsNamed(name: string) {
  const [row] = await t.db.db
    .select({ n: count() })
    .from(schema.contacts)
    .where(eq(schema.contacts.name, name));
  return row?.n ?? 0;
}

const postContact = (secret: string, idempotencyKey: string, payload: object) =>
  t.app.inject({
    method: "POST",
    url: "/v1/contacts",
    headers: { ...bearer(secret), "idempotency-key": idempotencyKey },
    payload,
  });

describe("Idempotency-Key", () => {
  it("answers a repeated POST with the first answer, without doing the work again", async () => {
    const secret = await keyFor(t, owner);
    const body = { name: "Once Only", phone: "5552220001" };
    const first = await postContact(secret, "create-once-1", body);
    expect(first.statusCode, first.body).toBe(201);
    const again = await postContact(secret, "create-once-1", body);
    expect(again.statusCode).toBe(201);
    expect(again.json()).toEqual(first.json());
    expect(again.headers["idempotent-replayed"]).toBe("true");
    expect(await contactsNamed("Once Only")).toBe(1);
  });

  it("answers 409 to the same key with another body", async () => {
    const secret = await keyFor(t, owner);
    expect(
      (await postContact(secret, "create-twice", { name: "First", phone: "5552220002" })).statusCode,
    ).toBe(201);
    const other = await postContact(secret, "create-twice", { name: "Second", phone: "5552220003" });
    expect(other.statusCode).toBe(409);
    expect(other.json()).toMatchObject({
      error: { code: "CONFLICT", message: apiKeyMessages.idempotencyMismatch },
    });
    expect(await contactsNamed("Second")).toBe(0);
  });

  it("replays a refusal too (a 4xx is an answer), not a 5xx", async () => {
    const secret = await keyFor(t, owner);
    const body = { name: "Dup", phone: "5552220004" };
    expect((await postContact(secret, "dup-a", body)).statusCode).toBe(201);
    const conflict = await postContact(secret, "dup-b", body);
    expect(conflict.statusCode).toBe(409);
    const replayed = await postContact(secret, "dup-b", body);
    expect(replayed.statusCode).toBe(409);
    expect(replayed.headers["idempotent-replayed"]).toBe("true");
  });

  it("does the work once under concurrent duplicates", async () => {
    const secret = await keyFor(t, owner);
    const body = { name: "Concurrent", phone: "5552220005" };
    const answers = await Promise.all(Array.from({ length: 4 }, () => postContact(secret, "at-once", body)));
    const statuses = answers.map((res) => res.statusCode);
    expect(statuses.filter((status) => status === 201).length).toBeGreaterThanOrEqual(1);
    // The others got the first's answer or were told it is still running.
    for (const res of answers)
      if (res.statusCode === 409) expect(res.json().error.message).toBe(apiKeyMessages.idempotencyInProgress);
      else expect(res.statusCode).toBe(201);
    const created = answers.filter((res) => res.statusCode === 201).map((res) => res.json().id);
    expect(new Set(created).size).toBe(1);
    expect(await contactsNamed("Concurrent")).toBe(1);
    const [row] = await t.db.db
      .select()
      .from(schema.idempotencyKeys)
      .where(eq(schema.idempotencyKeys.key, "at-once"));
    expect(row).toMatchObject({ accountId: owner.accountId, responseStatus: 201 });
  });

  it.each([["a".repeat(256)], ["with space"], [""]])("refuses the key %j (400)", async (key) => {
    const secret = await keyFor(t, owner);
    const res = await postContact(secret, key, { name: "Bad Key", phone: "5552220006" });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().error.fields).toEqual({ "headers.idempotency-key": [apiKeyMessages.idempotencyKey] });
    expect(await contactsNamed("Bad Key")).toBe(0);
  });
});

describe("rate limits per key", () => {
  it("answers 429 with Retry-After past the limit, in the error shape; another key is not limited", async () => {
    const secret = await keyFor(t, owner);
    for (let i = 0; i < RATE_LIMIT; i++) {
      const res = await t.app.inject({ method: "GET", url: "/v1/numbers", headers: bearer(secret) });
      expect(res.statusCode).toBe(200);
      expect(res.headers["ratelimit-remaining"]).toBe(String(RATE_LIMIT - 1 - i));
    }
    const limited = await t.app.inject({ method: "GET", url: "/v1/numbers", headers: bearer(secret) });
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers["retry-after"])).toBeGreaterThan(0);
    expect(limited.headers["ratelimit-remaining"]).toBe("0");
    expect(limited.json()).toMatchObject({
      error: { code: "TOO_MANY_REQUESTS", requestId: expect.any(String) },
    });
    const other = await t.app.inject({
      method: "GET",
      url: "/v1/numbers",
      headers: bearer(await keyFor(t, owner)),
    });
    expect(other.statusCode).toBe(200);
  });
});

describe("bad input", () => {
  it.each([
    [{ scopes: ["contacts:read"] }, "body.name"],
    [{ name: "", scopes: ["contacts:read"] }, "body.name"],
    [{ name: "x".repeat(101), scopes: ["contacts:read"] }, "body.name"],
    [{ name: "No scopes", scopes: [] }, "body.scopes"],
    [{ name: "Bad scope", scopes: ["admin:write"] }, "body.scopes.0"],
    [{ name: "Bad date", scopes: ["calls:read"], expiresAt: "tomorrow" }, "body.expiresAt"],
  ])("POST /api/api-keys refuses %j with a message on %s", async (payload, field) => {
    const res = await t.app.inject({
      method: "POST",
      url: "/api/api-keys",
      headers: session.headers,
      payload,
    });
    expect(res.statusCode, res.body).toBe(400);
    expect(Object.keys(res.json().error.fields)).toContain(field);
    expect(await t.db.db.select().from(schema.apiKeys).where(eq(schema.apiKeys.name, "Bad date"))).toEqual(
      [],
    );
  });

  it("DELETE /api/api-keys/:id answers 400 for a malformed id and 404 for an unknown one", async () => {
    const malformed = await t.app.inject({
      method: "DELETE",
      url: "/api/api-keys/nope",
      headers: session.headers,
    });
    expect(malformed.statusCode).toBe(400);
    const unknown = await t.app.inject({
      method: "DELETE",
      url: "/api/api-keys/key_unknown",
      headers: session.headers,
    });
    expect(unknown.statusCode).toBe(404);
  });

  it("a /v1 write answers the console's 400 with field messages", async () => {
    const secret = await keyFor(t, owner);
    const res = await t.app.inject({
      method: "POST",
      url: "/v1/contacts",
      headers: bearer(secret),
      payload: { name: "", phone: "not a phone" },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ error: { code: "BAD_REQUEST", fields: expect.any(Object) } });
  });

  it("an unknown /v1 path is 404 in the error shape", async () => {
    const secret = await keyFor(t, owner);
    const res = await t.app.inject({ method: "GET", url: "/v1/nothing-here", headers: bearer(secret) });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ error: { code: "NOT_FOUND" } });
  });
});
