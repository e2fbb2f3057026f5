import { schema } from "@poundline/db";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, TEST_ORIGIN, type TestApp } from "../../src/testing";
import { createUser, type SignedIn, signIn, type TestUser } from "../fixtures";

let t: TestApp;
let admin: TestUser;
let adminSession: SignedIn;
let memberSession: SignedIn;
let target: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  admin = await createUser(t, { admin: true });
  adminSession = await signIn(t, admin);
  memberSession = await signIn(t, await createUser(t));
  target = await createUser(t);
});
afterAll(() => t.close());

/** Every route of the admin area this branch added or changed, with a body it would accept. */
const routes = (): [string, string, object?][] => [
  ["GET", "/api/admin/dashboard"],
  ["GET", "/api/admin/users"],
  [
    "POST",
    "/api/admin/users",
    { email: "sec@example.com", firstName: "S", lastName: "C", password: "long enough pw" },
  ],
  ["GET", `/api/admin/users/${target.id}`],
  ["PATCH", `/api/admin/users/${target.id}`, { email: "sec2@example.com", firstName: "S", lastName: "C" }],
  ["POST", `/api/admin/users/${target.id}/disable`],
  ["POST", `/api/admin/users/${target.id}/enable`],
  ["DELETE", `/api/admin/users/${target.id}`],
  ["POST", `/api/admin/users/${target.id}/admin`],
  ["DELETE", `/api/admin/users/${target.id}/admin`],
  ["GET", "/api/admin/content"],
  ["POST", "/api/admin/content", { contentKey: "sec_key", contentType: "text", contentValue: "x" }],
  ["GET", "/api/admin/content/cnt_aaaaaaaaaaaaaaaa"],
  ["PUT", "/api/admin/content/cnt_aaaaaaaaaaaaaaaa", { contentType: "text", contentValue: "x" }],
  ["DELETE", "/api/admin/content/cnt_aaaaaaaaaaaaaaaa"],
  ["GET", "/api/admin/requests/contact"],
  ["PATCH", "/api/admin/requests/contact/frm_aaaaaaaaaaaaaaaa", { status: "resolved" }],
  ["GET", "/api/admin/audit-log"],
  ["GET", "/api/admin/audit-log/actions"],
  ["GET", "/api/admin/emails"],
  ["GET", "/api/admin/jobs/failed"],
];

type Method = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

async function nothingChanged<T>(act: () => Promise<T>): Promise<T> {
  const counts = async () => [
    await t.db.db.$count(schema.users),
    await t.db.db.$count(schema.adminUsers),
    await t.db.db.$count(schema.editableContent),
    await t.db.db.$count(schema.adminAuditLog),
  ];
  const before = await counts();
  const [user] = await t.db.db.select().from(schema.users).where(eq(schema.users.id, target.id));
  const result = await act();
  expect(await counts()).toEqual(before);
  const [after] = await t.db.db.select().from(schema.users).where(eq(schema.users.id, target.id));
  expect(after).toEqual(user);
  return result;
}

describe("the admin API refuses everyone but a signed-in admin, and changes nothing for them", () => {
  it("anonymous: 401 on every route", async () => {
    for (const [method, url, payload] of routes()) {
      const res = await nothingChanged(() =>
        t.app.inject({
          method: method as Method,
          url,
          headers: { origin: TEST_ORIGIN },
          ...(payload ? { payload } : {}),
        }),
      );
      expect(res.statusCode, `${method} ${url}`).toBe(401);
    }
  });

  it("a signed-in user who is not an admin: 403 on every route", async () => {
    for (const [method, url, payload] of routes()) {
      const res = await nothingChanged(() =>
        t.app.inject({
          method: method as Method,
          url,
          headers: memberSession.headers,
          ...(payload ? { payload } : {}),
        }),
      );
      expect(res.statusCode, `${method} ${url}`).toBe(403);
      expect(res.json().error.message).toBe("You do not have permission to access this page.");
    }
  });

  it("an admin's session after they were disabled: 401 on every route", async () => {
    const otherAdmin = await createUser(t, { admin: true });
    const otherSession = await signIn(t, otherAdmin);
    // Disabled directly in the database, sessions left in place: the session lookup itself refuses.
    await t.db.db
      .update(schema.users)
      .set({ disabledAt: new Date() })
      .where(eq(schema.users.id, otherAdmin.id));
    for (const [method, url, payload] of routes()) {
      const res = await nothingChanged(() =>
        t.app.inject({
          method: method as Method,
          url,
          headers: otherSession.headers,
          ...(payload ? { payload } : {}),
        }),
      );
      expect(res.statusCode, `${method} ${url}`).toBe(401);
    }
  });

  it("a cross-site write with an admin's cookie is refused (Origin check) and changes nothing", async () => {
    const res = await nothingChanged(() =>
      t.app.inject({
        method: "POST",
        url: `/api/admin/users/${target.id}/disable`,
        headers: { cookie: adminSession.cookie, origin: "https://evil.example" },
      }),
    );
    expect(res.statusCode).toBe(403);
  });

  it("a disabled user's other sessions end when an admin disables them", async () => {
    const user = await createUser(t);
    const phone = await signIn(t, user);
    const laptop = await signIn(t, user);
    const res = await t.app.inject({
      method: "POST",
      url: `/api/admin/users/${user.id}/disable`,
      headers: adminSession.headers,
    });
    expect(res.statusCode).toBe(200);
    for (const session of [phone, laptop]) {
      const me = await t.app.inject({ method: "GET", url: "/api/auth/session", headers: session.headers });
      expect(me.json().user).toBeNull();
    }
  });

  it("the audit log cannot be written through the API: no route changes or deletes an entry", async () => {
    for (const method of ["POST", "PUT", "PATCH", "DELETE"] as const) {
      const res = await t.app.inject({ method, url: "/api/admin/audit-log", headers: adminSession.headers });
      expect(res.statusCode, method).toBe(404);
    }
  });
});
