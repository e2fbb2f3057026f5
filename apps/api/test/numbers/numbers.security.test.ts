import { schema } from "@poundline/db";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../src/testing";
import { createUser, type SignedIn, signIn, type TestUser } from "../fixtures";
import { addNumberRequest, e911Address, subscribe } from "./helpers";

let t: TestApp;
let alice: TestUser;
let aliceSession: SignedIn;
let bobSession: SignedIn;
let aliceNumber: string;
let aliceRequest: string;

beforeAll(async () => {
  t = await createTestApp();
  alice = await createUser(t);
  const bob = await createUser(t);
  await subscribe(t, alice.accountId, "Professional");
  await subscribe(t, bob.accountId, "Professional");
  aliceSession = await signIn(t, alice);
  bobSession = await signIn(t, bob);
  const res = await t.app.inject({
    method: "POST",
    url: "/api/numbers",
    headers: aliceSession.headers,
    payload: { e164: "+14075550170", friendlyName: "Alice main" },
  });
  expect(res.statusCode, res.body).toBe(201);
  aliceNumber = res.json<{ id: string }>().id;
  aliceRequest = await addNumberRequest(t, alice.accountId);
});
afterAll(() => t.close());

const routes = (id: string) => [
  { method: "GET" as const, url: "/api/numbers" },
  { method: "GET" as const, url: "/api/numbers/requests" },
  { method: "GET" as const, url: "/api/numbers/available?areaCode=407" },
  { method: "POST" as const, url: "/api/numbers", payload: { e164: "+14075550171" } },
  { method: "GET" as const, url: `/api/numbers/${id}` },
  { method: "PATCH" as const, url: `/api/numbers/${id}`, payload: { friendlyName: "x" } },
  { method: "DELETE" as const, url: `/api/numbers/${id}` },
  { method: "PUT" as const, url: `/api/numbers/${id}/e911`, payload: e911Address },
];

async function aliceRow() {
  const [row] = await t.db.db
    .select()
    .from(schema.phoneNumbers)
    .where(eq(schema.phoneNumbers.id, aliceNumber));
  return row;
}

describe("anonymous", () => {
  it.each(routes("num_abc").map((r) => [`${r.method} ${r.url}`, r]))("%s: 401", async (_name, route) => {
    const res = await t.app.inject({ ...route, headers: { origin: aliceSession.headers.origin } });
    expect(res.statusCode, res.body).toBe(401);
  });
});

describe("another account", () => {
  it.each(
    routes("").filter(
      (r) => r.url.includes("/api/numbers/") && !r.url.includes("?") && !r.url.endsWith("requests"),
    ),
  )("$method on Alice's number: 404, nothing changed", async (route) => {
    const res = await t.app.inject({
      ...route,
      url: route.url.replace("/api/numbers/", `/api/numbers/${aliceNumber}`),
      headers: bobSession.headers,
    });
    expect(res.statusCode, res.body).toBe(404);
    expect(await aliceRow()).toMatchObject({ friendlyName: "Alice main", accountId: alice.accountId });
    expect(t.app.deps.simulator?.inventory.byNumber("+14075550170")).toBeDefined();
    expect(await t.db.db.select().from(schema.emergencyAddresses)).toEqual([]);
  });

  it("does not see Alice's numbers nor requests", async () => {
    const list = await t.app.inject({ method: "GET", url: "/api/numbers", headers: bobSession.headers });
    expect(list.json().numbers).toEqual([]);
    const requests = await t.app.inject({
      method: "GET",
      url: "/api/numbers/requests",
      headers: bobSession.headers,
    });
    expect(requests.json().requests).toEqual([]);
  });

  it("cannot fulfil Alice's request: 404 before anything is bought", async () => {
    const res = await t.app.inject({
      method: "POST",
      url: "/api/numbers",
      headers: bobSession.headers,
      payload: { e164: "+14075550172", requestId: aliceRequest },
    });
    expect(res.statusCode, res.body).toBe(404);
    expect(t.app.deps.simulator?.inventory.byNumber("+14075550172")).toBeUndefined();
    const [request] = await t.db.db
      .select()
      .from(schema.phoneNumberRequests)
      .where(eq(schema.phoneNumberRequests.id, aliceRequest));
    expect(request?.status).toBe("new");
  });
});
