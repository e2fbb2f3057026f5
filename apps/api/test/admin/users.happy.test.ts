import type { AdminUserJson } from "@poundline/contracts/admin/schemas";
import { schema } from "@poundline/db";
import { verifyPassword } from "@poundline/modules/auth/passwords";
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { createUser, signIn } from "../fixtures";
import { useAdminTestApp } from "./helpers";

const env = useAdminTestApp();
const { send } = env;

async function auditOf(targetId: string) {
  return env.t.db.db
    .select()
    .from(schema.adminAuditLog)
    .where(eq(schema.adminAuditLog.targetId, targetId))
    .orderBy(schema.adminAuditLog.createdAt);
}

describe("adding a user", () => {
  it("creates a confirmed user who can sign in, with a trialing account they own, audited", async () => {
    const res = await send("POST", "/api/admin/users", {
      email: "  New.Person@Example.com ",
      firstName: "New",
      lastName: "Person",
      password: "a long enough password",
      companyName: "Person & Co",
    });
    expect(res.statusCode, res.body).toBe(201);
    const created = res.json<AdminUserJson>();
    expect(created).toMatchObject({
      email: "new.person@example.com",
      firstName: "New",
      lastName: "Person",
      emailConfirmed: true,
      isAdmin: false,
      companyName: "Person & Co",
      accountStatus: "trialing",
      disabledAt: null,
    });
    const [user] = await env.t.db.db.select().from(schema.users).where(eq(schema.users.id, created.id));
    expect(await verifyPassword(user?.passwordHash, "a long enough password")).toBe(true);
    const [membership] = await env.t.db.db
      .select()
      .from(schema.accountMemberships)
      .where(eq(schema.accountMemberships.userId, created.id));
    expect(membership).toMatchObject({ accountId: created.accountId, role: "owner" });

    const login = await env.t.app.inject({
      method: "POST",
      url: "/api/auth/login",
      headers: { origin: env.adminSession.headers.origin },
      payload: { email: "new.person@example.com", password: "a long enough password" },
    });
    expect(login.statusCode, login.body).toBe(200);

    const [entry] = await auditOf(created.id);
    expect(entry).toMatchObject({
      actorUserId: env.admin.id,
      action: "user.create",
      targetType: "user",
      before: null,
    });
    expect(entry?.after).toMatchObject({ email: "new.person@example.com", companyName: "Person & Co" });
    expect(JSON.stringify(entry?.after)).not.toContain("password");
  });

  it("creates a user without an account when no company is given", async () => {
    const res = await send("POST", "/api/admin/users", {
      email: "no-company@example.com",
      firstName: "No",
      lastName: "Company",
      password: "a long enough password",
      companyName: "",
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json<AdminUserJson>()).toMatchObject({ accountId: null, companyName: null });
  });
});

describe("listing users", () => {
  it("searches e-mail, names and company, with a total", async () => {
    const target = await createUser(env.t, { companyName: "Zebra Searchable Ltd" });
    const res = await send("GET", "/api/admin/users?search=zebra%20searchable");
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json<{ users: AdminUserJson[]; total: number }>();
    expect(body.total).toBe(1);
    expect(body.users[0]).toMatchObject({
      id: target.id,
      accountId: target.accountId,
      accountStatus: "trialing",
    });
  });
});

describe("editing a user", () => {
  it("changes name and e-mail, audited with before and after", async () => {
    const target = await createUser(env.t);
    const res = await send("PATCH", `/api/admin/users/${target.id}`, {
      email: "Renamed@Example.com",
      firstName: "Re",
      lastName: "Named",
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<AdminUserJson>()).toMatchObject({ email: "renamed@example.com", firstName: "Re" });
    const [entry] = await auditOf(target.id);
    expect(entry).toMatchObject({ action: "user.update" });
    expect(entry?.before).toMatchObject({ email: target.email, firstName: target.firstName });
    expect(entry?.after).toMatchObject({ email: "renamed@example.com", lastName: "Named" });
  });
});

describe("disabling a user", () => {
  it("ends their sessions at once and refuses their sign-in; enabling lets them in again", async () => {
    const target = await createUser(env.t);
    const session = await signIn(env.t, target);
    const before = await env.t.app.inject({
      method: "GET",
      url: "/api/auth/session",
      headers: session.headers,
    });
    expect(before.json().user?.id).toBe(target.id);

    const res = await send("POST", `/api/admin/users/${target.id}/disable`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<AdminUserJson>().disabledAt).toEqual(expect.any(String));
    expect(
      await env.t.db.db.select().from(schema.sessions).where(eq(schema.sessions.userId, target.id)),
    ).toEqual([]);

    const after = await env.t.app.inject({
      method: "GET",
      url: "/api/auth/session",
      headers: session.headers,
    });
    expect(after.json().user).toBeNull();
    const contacts = await env.t.app.inject({
      method: "GET",
      url: "/api/contacts",
      headers: session.headers,
    });
    expect(contacts.statusCode).toBe(401);

    const login = () =>
      env.t.app.inject({
        method: "POST",
        url: "/api/auth/login",
        headers: { origin: env.adminSession.headers.origin },
        payload: { email: target.email, password: target.password },
      });
    const refused = await login();
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.message).toBe("This account has been disabled.");

    const enabled = await send("POST", `/api/admin/users/${target.id}/enable`);
    expect(enabled.statusCode, enabled.body).toBe(200);
    expect(enabled.json<AdminUserJson>().disabledAt).toBeNull();
    expect((await login()).statusCode).toBe(200);

    const actions = (await auditOf(target.id)).map((entry) => entry.action);
    expect(actions).toEqual(["user.disable", "user.enable"]);
    const [disable] = await auditOf(target.id);
    expect(disable?.after).toMatchObject({ sessionsEnded: 1 });
  });

  it("disabling twice changes and records nothing more", async () => {
    const target = await createUser(env.t);
    await send("POST", `/api/admin/users/${target.id}/disable`);
    const again = await send("POST", `/api/admin/users/${target.id}/disable`);
    expect(again.statusCode).toBe(200);
    expect(await auditOf(target.id)).toHaveLength(1);
  });
});

describe("deleting a user", () => {
  it("removes the user, their sessions and admin role; keeps the account; audited", async () => {
    const target = await createUser(env.t, { admin: true });
    await signIn(env.t, target);
    const res = await send("DELETE", `/api/admin/users/${target.id}`);
    expect(res.statusCode, res.body).toBe(204);
    expect(await env.t.db.db.select().from(schema.users).where(eq(schema.users.id, target.id))).toEqual([]);
    expect(
      await env.t.db.db.select().from(schema.sessions).where(eq(schema.sessions.userId, target.id)),
    ).toEqual([]);
    expect(
      await env.t.db.db.select().from(schema.adminUsers).where(eq(schema.adminUsers.userId, target.id)),
    ).toEqual([]);
    const [account] = await env.t.db.db
      .select()
      .from(schema.accounts)
      .where(eq(schema.accounts.id, target.accountId));
    expect(account?.id).toBe(target.accountId);
    const [entry] = await auditOf(target.id);
    expect(entry).toMatchObject({ action: "user.delete", after: null });
    expect(entry?.before).toMatchObject({ email: target.email, isAdmin: true });
  });
});

describe("granting and revoking admin", () => {
  it("records both in the audit log, once each", async () => {
    const target = await createUser(env.t);
    expect((await send("POST", `/api/admin/users/${target.id}/admin`)).statusCode).toBe(200);
    expect((await send("POST", `/api/admin/users/${target.id}/admin`)).statusCode).toBe(200);
    expect((await send("DELETE", `/api/admin/users/${target.id}/admin`)).statusCode).toBe(204);
    const entries = await auditOf(target.id);
    expect(entries.map((entry) => [entry.action, entry.before, entry.after])).toEqual([
      ["admin.grant", { isAdmin: false }, { isAdmin: true, role: "admin" }],
      ["admin.revoke", { isAdmin: true, role: "admin", grantedBy: env.admin.id }, { isAdmin: false }],
    ]);
    expect(
      await env.t.db.db
        .select()
        .from(schema.adminAuditLog)
        .where(
          and(
            eq(schema.adminAuditLog.targetId, target.id),
            eq(schema.adminAuditLog.actorEmail, env.admin.email),
          ),
        ),
    ).toHaveLength(2);
  });
});
