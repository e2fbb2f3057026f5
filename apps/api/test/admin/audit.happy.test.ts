import { schema, sqlStateOf } from "@poundline/db";
import { auditSnapshot, recordAdminAction } from "@poundline/modules/admin/audit";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../src/testing";
import { createUser, type TestUser } from "../fixtures";

let t: TestApp;
let admin: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  admin = await createUser(t, { admin: true });
});
afterAll(() => t.close());

describe("recordAdminAction", () => {
  it("writes who, what, when, before and after in the caller's transaction", async () => {
    const id = await t.db.db.transaction((tx) =>
      recordAdminAction(tx, {
        actorUserId: admin.id,
        action: "content.update",
        targetType: "content",
        targetId: "cnt_x",
        before: { contentValue: "old", updatedAt: new Date("2026-01-02T03:04:05Z") },
        after: { contentValue: "new" },
      }),
    );
    const [row] = await t.db.db.select().from(schema.adminAuditLog).where(eq(schema.adminAuditLog.id, id));
    expect(row).toMatchObject({
      actorUserId: admin.id,
      actorEmail: admin.email,
      action: "content.update",
      targetType: "content",
      targetId: "cnt_x",
      before: { contentValue: "old", updatedAt: "2026-01-02T03:04:05.000Z" },
      after: { contentValue: "new" },
    });
    expect(row?.createdAt).toBeInstanceOf(Date);
  });

  it("rolls back with the action", async () => {
    const before = await t.db.db.$count(schema.adminAuditLog);
    await expect(
      t.db.db.transaction(async (tx) => {
        await recordAdminAction(tx, {
          actorUserId: admin.id,
          action: "user.update",
          targetType: "user",
          targetId: admin.id,
          before: null,
          after: null,
        });
        throw new Error("the action failed");
      }),
    ).rejects.toThrow("the action failed");
    expect(await t.db.db.$count(schema.adminAuditLog)).toBe(before);
  });
});

describe("the audit log is append-only in the database", () => {
  it.each([
    ["UPDATE", sql`update admin_audit_log set action = 'x.y'`],
    ["DELETE", sql`delete from admin_audit_log`],
    ["TRUNCATE", sql`truncate admin_audit_log`],
  ])("refuses %s", async (_op, statement) => {
    await t.db.db.transaction((tx) =>
      recordAdminAction(tx, {
        actorUserId: admin.id,
        action: "admin.grant",
        targetType: "user",
        targetId: admin.id,
        before: null,
        after: { isAdmin: true },
      }),
    );
    const count = await t.db.db.$count(schema.adminAuditLog);
    const refused = await t.db.db.execute(statement).then(
      () => null,
      (err: unknown) => err,
    );
    // insufficient_privilege, raised by the trigger of the custom migration.
    expect(sqlStateOf(refused)).toBe("42501");
    expect(await t.db.db.$count(schema.adminAuditLog)).toBe(count);
  });

  it("keeps the entries of a user who is deleted", async () => {
    const other = await createUser(t, { admin: true });
    await t.db.db.transaction((tx) =>
      recordAdminAction(tx, {
        actorUserId: other.id,
        action: "user.disable",
        targetType: "user",
        targetId: admin.id,
        before: null,
        after: null,
      }),
    );
    await t.db.db.delete(schema.users).where(eq(schema.users.id, other.id));
    const rows = await t.db.db
      .select()
      .from(schema.adminAuditLog)
      .where(eq(schema.adminAuditLog.actorUserId, other.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]?.actorEmail).toBe(other.email);
  });
});

describe("auditSnapshot", () => {
  it.each([
    [undefined, null],
    [null, null],
    [
      { a: 1, passwordHash: "x", nested: { token: "t", ok: true } },
      { a: 1, nested: { ok: true } },
    ],
    [{ when: new Date("2026-11-25T00:00:00Z") }, { when: "2026-11-25T00:00:00.000Z" }],
    [
      ["x", 2],
      ["x", 2],
    ],
  ])("%j → %j", (input, expected) => {
    expect(auditSnapshot(input)).toEqual(expected);
  });
});
