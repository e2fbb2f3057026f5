import {
  ACCESS_DENIED_MESSAGE,
  type AdminUserJson,
  CANNOT_REVOKE_SELF_MESSAGE,
} from "@poundline/contracts/admin/schemas";
import { newId, schema } from "@poundline/db";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, TEST_ORIGIN, type TestApp } from "../../src/testing";
import { createUser, type SignedIn, signIn, type TestUser } from "../fixtures";

let t: TestApp;
let admin: TestUser;
let member: TestUser;
let adminSession: SignedIn;
let memberSession: SignedIn;

beforeAll(async () => {
  t = await createTestApp();
  admin = await createUser(t, { admin: true, companyName: "Platform HQ", email: "Root@Example.com" });
  member = await createUser(t, { companyName: "Member Co" });
  adminSession = await signIn(t, admin);
  memberSession = await signIn(t, member);
});
afterAll(() => t.close());

async function adminRow(userId: string) {
  const [row] = await t.db.db.select().from(schema.adminUsers).where(eq(schema.adminUsers.userId, userId));
  return row;
}

describe("GET /api/admin/users", () => {
  it("lists every user with admin status, confirmation and company", async () => {
    const unconfirmed = await createUser(t, { confirmed: false, companyName: "Pending Ltd" });
    const res = await t.app.inject({ method: "GET", url: "/api/admin/users", headers: adminSession.headers });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json<{ users: AdminUserJson[]; total: number }>();
    expect(body.total).toBeGreaterThanOrEqual(3);
    const byId = new Map(body.users.map((u) => [u.id, u]));
    expect(byId.get(admin.id)).toMatchObject({
      email: "root@example.com",
      firstName: admin.firstName,
      lastName: admin.lastName,
      isAdmin: true,
      emailConfirmed: true,
      companyName: "Platform HQ",
      lastSignInAt: null,
    });
    expect(byId.get(member.id)).toMatchObject({
      isAdmin: false,
      emailConfirmed: true,
      companyName: "Member Co",
    });
    expect(byId.get(unconfirmed.id)).toMatchObject({
      isAdmin: false,
      emailConfirmed: false,
      emailConfirmedAt: null,
      companyName: "Pending Ltd",
    });
    expect(byId.get(admin.id)?.createdAt).toEqual(expect.stringMatching(/^\d{4}-\d\d-\d\dT/));
  });

  it("pages with a total", async () => {
    const res = await t.app.inject({
      method: "GET",
      url: "/api/admin/users?limit=1&offset=1",
      headers: adminSession.headers,
    });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.users).toHaveLength(1);
    expect(body).toMatchObject({ limit: 1, offset: 1 });
    expect(body.total).toBeGreaterThan(1);
  });

  it("answers 400 for bad paging values", async () => {
    for (const query of ["limit=0", "limit=501", "offset=-1", "limit=x"]) {
      const res = await t.app.inject({
        method: "GET",
        url: `/api/admin/users?${query}`,
        headers: adminSession.headers,
      });
      expect(res.statusCode, query).toBe(400);
    }
  });
});

describe("granting and revoking admin", () => {
  it("grants admin, idempotently, recording who granted it", async () => {
    // With two-factor authentication on, which the admin area requires.
    const target = await createUser(t, { twoFactor: true });
    const grant = () =>
      t.app.inject({
        method: "POST",
        url: `/api/admin/users/${target.id}/admin`,
        headers: adminSession.headers,
      });

    const first = await grant();
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toMatchObject({ userId: target.id, role: "admin", grantedBy: admin.id });
    expect(await adminRow(target.id)).toMatchObject({ role: "admin", grantedBy: admin.id });

    const second = await grant();
    expect(second.statusCode).toBe(200);
    expect(second.json()).toEqual(first.json());
    const rows = await t.db.db
      .select()
      .from(schema.adminUsers)
      .where(eq(schema.adminUsers.userId, target.id));
    expect(rows).toHaveLength(1);

    // The new admin's next request already has admin access.
    const targetSession = await signIn(t, target);
    const users = await t.app.inject({
      method: "GET",
      url: "/api/admin/users",
      headers: targetSession.headers,
    });
    expect(users.statusCode).toBe(200);
  });

  it("revokes admin; the former admin loses access at once; revoking again is 404", async () => {
    const target = await createUser(t, { admin: true });
    const targetSession = await signIn(t, target);
    const revoke = () =>
      t.app.inject({
        method: "DELETE",
        url: `/api/admin/users/${target.id}/admin`,
        headers: adminSession.headers,
      });

    const res = await revoke();
    expect(res.statusCode, res.body).toBe(204);
    expect(res.body).toBe("");
    expect(await adminRow(target.id)).toBeUndefined();

    const after = await t.app.inject({
      method: "GET",
      url: "/api/admin/users",
      headers: targetSession.headers,
    });
    expect(after.statusCode).toBe(403);

    const again = await revoke();
    expect(again.statusCode).toBe(404);
  });

  it("answers 404 when granting to an unknown user and writes nothing", async () => {
    const userId = "usr_aaaaaaaaaaaaaaaa";
    const res = await t.app.inject({
      method: "POST",
      url: `/api/admin/users/${userId}/admin`,
      headers: adminSession.headers,
    });
    expect(res.statusCode).toBe(404);
    expect(await adminRow(userId)).toBeUndefined();
  });

  it("answers 404 when revoking from a user who is not an admin", async () => {
    const res = await t.app.inject({
      method: "DELETE",
      url: `/api/admin/users/${member.id}/admin`,
      headers: adminSession.headers,
    });
    expect(res.statusCode).toBe(404);
  });

  it("refuses to let an admin revoke their own access", async () => {
    const res = await t.app.inject({
      method: "DELETE",
      url: `/api/admin/users/${admin.id}/admin`,
      headers: adminSession.headers,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatchObject({ code: "BAD_REQUEST", message: CANNOT_REVOKE_SELF_MESSAGE });
    expect(await adminRow(admin.id)).toMatchObject({ role: "admin" });
  });

  it("answers 400 for a malformed user id", async () => {
    for (const method of ["POST", "DELETE"] as const) {
      const res = await t.app.inject({
        method,
        url: "/api/admin/users/not-a-user/admin",
        headers: adminSession.headers,
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().error.fields["params.userId"]).toEqual(["Invalid user id."]);
    }
  });
});

describe("GET /api/admin/emails", () => {
  const sent: string[] = [];
  beforeAll(async () => {
    const base = Date.parse("2025-05-01T00:00:00Z");
    const emails = [
      { to: "alice@example.com", subject: "Confirm your e-mail", template: "confirm_email" },
      { to: "bob@example.com", subject: "Reset your password", template: "reset_password" },
      { to: "ALICE@example.com", subject: "Reset your password", template: "reset_password" },
    ];
    for (const [i, email] of emails.entries()) {
      const id = newId("email");
      sent.push(id);
      await t.db.db.insert(schema.emailOutbox).values({
        id,
        toAddress: email.to,
        subject: email.subject,
        template: email.template,
        textBody: `Open http://localhost:3000/link/${i}`,
        htmlBody: i === 0 ? "<p>Open the link</p>" : null,
        status: "logged",
        createdAt: new Date(base + i * 60_000),
      });
    }
  });

  it("lists the outbox newest first, paged", async () => {
    const res = await t.app.inject({
      method: "GET",
      url: "/api/admin/emails",
      headers: adminSession.headers,
    });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.total).toBe(3);
    expect(body.emails.map((e: { id: string }) => e.id)).toEqual([...sent].reverse());
    expect(body.emails[0]).toMatchObject({
      to: "ALICE@example.com",
      template: "reset_password",
      status: "logged",
      sentAt: null,
      createdAt: "2025-05-01T00:02:00.000Z",
    });

    const page = await t.app.inject({
      method: "GET",
      url: "/api/admin/emails?limit=1&offset=2",
      headers: adminSession.headers,
    });
    expect(page.json()).toMatchObject({ total: 3, limit: 1, offset: 2, emails: [{ id: sent[0] }] });
  });

  it("filters by recipient, case-insensitively", async () => {
    const res = await t.app.inject({
      method: "GET",
      url: "/api/admin/emails?to=alice@EXAMPLE.com",
      headers: adminSession.headers,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().emails.map((e: { id: string }) => e.id)).toEqual([sent[2], sent[0]]);
    const none = await t.app.inject({
      method: "GET",
      url: "/api/admin/emails?to=carol",
      headers: adminSession.headers,
    });
    expect(none.json()).toMatchObject({ total: 0, emails: [] });
  });

  it("shows one e-mail with its bodies, so links can be followed", async () => {
    const res = await t.app.inject({
      method: "GET",
      url: `/api/admin/emails/${sent[0]}`,
      headers: adminSession.headers,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      id: sent[0],
      to: "alice@example.com",
      subject: "Confirm your e-mail",
      textBody: "Open http://localhost:3000/link/0",
      htmlBody: "<p>Open the link</p>",
    });
  });

  it("shows what the mailer wrote", async () => {
    const id = await t.app.deps.mailer.send({
      to: "dave@example.com",
      subject: "Hello",
      text: "Hi Dave",
      template: "contact_form",
    });
    const res = await t.app.inject({
      method: "GET",
      url: `/api/admin/emails/${id}`,
      headers: adminSession.headers,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ to: "dave@example.com", textBody: "Hi Dave", status: "logged" });
  });

  it("answers 404 for an unknown e-mail and 400 for a malformed id", async () => {
    const missing = await t.app.inject({
      method: "GET",
      url: "/api/admin/emails/eml_aaaaaaaaaaaaaaaa",
      headers: adminSession.headers,
    });
    expect(missing.statusCode).toBe(404);
    const malformed = await t.app.inject({
      method: "GET",
      url: "/api/admin/emails/ct_aaaaaaaaaaaaaaaa",
      headers: adminSession.headers,
    });
    expect(malformed.statusCode).toBe(400);
  });
});

const adminRoutes = [
  { method: "GET", url: () => "/api/admin/users" },
  { method: "POST", url: () => `/api/admin/users/${member.id}/admin` },
  { method: "DELETE", url: () => `/api/admin/users/${admin.id}/admin` },
  { method: "GET", url: () => "/api/admin/emails" },
  { method: "GET", url: () => "/api/admin/emails/eml_aaaaaaaaaaaaaaaa" },
  // Guarded before validation: a malformed id says nothing to a non-admin.
  { method: "GET", url: () => "/api/admin/emails/nope" },
] as const;

describe("a signed-in user who is not an admin", () => {
  it.each(adminRoutes)("gets 403 for $method $url", async (route) => {
    const res = await t.app.inject({
      method: route.method,
      url: route.url(),
      headers: memberSession.headers,
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().error).toMatchObject({ code: "FORBIDDEN", message: ACCESS_DENIED_MESSAGE });
  });

  it("cannot grant themselves admin: no admin_users row is written", async () => {
    const res = await t.app.inject({
      method: "POST",
      url: `/api/admin/users/${member.id}/admin`,
      headers: memberSession.headers,
    });
    expect(res.statusCode).toBe(403);
    expect(await adminRow(member.id)).toBeUndefined();
  });

  it("cannot revoke an admin", async () => {
    const res = await t.app.inject({
      method: "DELETE",
      url: `/api/admin/users/${admin.id}/admin`,
      headers: memberSession.headers,
    });
    expect(res.statusCode).toBe(403);
    expect(await adminRow(admin.id)).toMatchObject({ role: "admin" });
  });
});

describe("anonymous callers", () => {
  it.each(adminRoutes)("get 401 for $method $url", async (route) => {
    const res = await t.app.inject({
      method: route.method,
      url: route.url(),
      headers: { origin: TEST_ORIGIN },
    });
    expect(res.statusCode).toBe(401);
    expect(res.json().error.code).toBe("UNAUTHORIZED");
  });
});

describe("an admin's cross-site writes", () => {
  it("are refused without a matching Origin, and nothing is written", async () => {
    const target = await createUser(t);
    for (const headers of [
      { cookie: adminSession.cookie },
      { cookie: adminSession.cookie, origin: "https://evil.example" },
    ]) {
      const res = await t.app.inject({ method: "POST", url: `/api/admin/users/${target.id}/admin`, headers });
      expect(res.statusCode).toBe(403);
    }
    expect(await adminRow(target.id)).toBeUndefined();
  });
});
