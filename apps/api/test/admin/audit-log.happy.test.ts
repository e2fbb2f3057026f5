import type { auditLogSchema } from "@poundline/contracts/admin/schemas";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { z } from "zod";
import { createTestApp, type TestApp } from "../../src/testing";
import { createUser, type SignedIn, signIn, type TestUser } from "../fixtures";

type AuditLog = z.input<typeof auditLogSchema>;

let t: TestApp;
let first: TestUser;
let second: TestUser;
let firstSession: SignedIn;
let secondSession: SignedIn;

beforeAll(async () => {
  t = await createTestApp();
  first = await createUser(t, { admin: true, email: "first.admin@example.com" });
  second = await createUser(t, { admin: true, email: "second.admin@example.com" });
  firstSession = await signIn(t, first);
  secondSession = await signIn(t, second);
});
afterAll(() => t.close());

const read = async (query: string) => {
  const res = await t.app.inject({
    method: "GET",
    url: `/api/admin/audit-log${query}`,
    headers: firstSession.headers,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<AuditLog>();
};

describe("GET /api/admin/audit-log", () => {
  it("lists who did what, when, before and after, newest first, with filters on actor, action and dates", async () => {
    const target = await createUser(t);
    const grant = await t.app.inject({
      method: "POST",
      url: `/api/admin/users/${target.id}/admin`,
      headers: firstSession.headers,
    });
    expect(grant.statusCode).toBe(200);
    const revoke = await t.app.inject({
      method: "DELETE",
      url: `/api/admin/users/${target.id}/admin`,
      headers: secondSession.headers,
    });
    expect(revoke.statusCode).toBe(204);

    const all = await read("");
    expect(all.entries.slice(0, 2).map((e) => [e.action, e.actorEmail, e.targetId])).toEqual([
      ["admin.revoke", second.email, target.id],
      ["admin.grant", first.email, target.id],
    ]);
    expect(all.entries[0]).toMatchObject({ before: { isAdmin: true }, after: { isAdmin: false } });

    expect((await read("?actor=FIRST.admin")).entries.map((e) => e.action)).toEqual(["admin.grant"]);
    expect((await read(`?actor=${second.id}`)).entries.map((e) => e.action)).toEqual(["admin.revoke"]);
    expect((await read("?action=admin.revoke")).total).toBe(1);

    const today = new Date().toISOString().slice(0, 10);
    expect((await read(`?from=${today}&to=${today}`)).total).toBe(2);
    expect((await read("?to=2000-01-01")).total).toBe(0);
    expect(
      (await read(`?from=${encodeURIComponent(new Date(Date.now() + 60_000).toISOString())}`)).total,
    ).toBe(0);

    const actions = await t.app.inject({
      method: "GET",
      url: "/api/admin/audit-log/actions",
      headers: firstSession.headers,
    });
    expect(actions.json<{ actions: string[] }>().actions).toEqual(["admin.grant", "admin.revoke"]);
  });

  it("pages", async () => {
    const page = await read("?limit=1&offset=1");
    expect(page).toMatchObject({ limit: 1, offset: 1, total: 2 });
    expect(page.entries).toHaveLength(1);
  });
});
