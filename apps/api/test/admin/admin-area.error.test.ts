import {
  CANNOT_DELETE_SELF_MESSAGE,
  CANNOT_DISABLE_SELF_MESSAGE,
  contentMessages,
  userMessages,
} from "@poundline/contracts/admin/schemas";
import { authMessages } from "@poundline/contracts/auth/messages";
import { schema } from "@poundline/db";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { createUser } from "../fixtures";
import type { ErrorJson } from "../odd-input";
import { useAdminTestApp } from "./helpers";

const env = useAdminTestApp();
const { send } = env;

const auditCount = () => env.t.db.db.$count(schema.adminAuditLog);

const validUser = {
  email: "valid@example.com",
  firstName: "Val",
  lastName: "Id",
  password: "long enough pw",
};

describe("adding and editing users: bad input is a 400 naming the field, nothing written", () => {
  it.each([
    ["no e-mail", { ...validUser, email: "" }, "body.email", userMessages.emailRequired],
    [
      "a malformed e-mail",
      { ...validUser, email: "not-an-address" },
      "body.email",
      authMessages.invalidEmail,
    ],
    ["no first name", { ...validUser, firstName: "  " }, "body.firstName", userMessages.firstNameRequired],
    ["no last name", { ...validUser, lastName: undefined }, "body.lastName", userMessages.lastNameRequired],
    ["a short password", { ...validUser, password: "short" }, "body.password", authMessages.passwordTooShort],
    [
      "a control character",
      { ...validUser, firstName: "Va\u0000l" },
      "body.firstName",
      "Must not contain control characters.",
    ],
  ])("POST /users with %s", async (_label, body, field, message) => {
    const users = await env.t.db.db.$count(schema.users);
    const audits = await auditCount();
    const res = await send("POST", "/api/admin/users", body);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json<ErrorJson>().error.fields?.[field]).toContain(message);
    expect(await env.t.db.db.$count(schema.users)).toBe(users);
    expect(await auditCount()).toBe(audits);
  });

  it("refuses another user's e-mail with 409, on create and on edit", async () => {
    const other = await createUser(env.t);
    const created = await send("POST", "/api/admin/users", {
      ...validUser,
      email: other.email.toUpperCase(),
    });
    expect(created.statusCode).toBe(409);
    expect(created.json<ErrorJson>().error.fields?.["body.email"]).toEqual([authMessages.emailTaken]);
    const edited = await send("PATCH", `/api/admin/users/${env.admin.id}`, {
      email: other.email,
      firstName: "A",
      lastName: "B",
    });
    expect(edited.statusCode).toBe(409);
    const [me] = await env.t.db.db.select().from(schema.users).where(eq(schema.users.id, env.admin.id));
    expect(me?.email).toBe(env.admin.email);
  });

  it("answers 404 for unknown users on every action", async () => {
    const id = "usr_aaaaaaaaaaaaaaaa";
    for (const [method, url, body] of [
      ["GET", `/api/admin/users/${id}`, undefined],
      ["PATCH", `/api/admin/users/${id}`, { email: "x@example.com", firstName: "X", lastName: "Y" }],
      ["POST", `/api/admin/users/${id}/disable`, undefined],
      ["POST", `/api/admin/users/${id}/enable`, undefined],
      ["DELETE", `/api/admin/users/${id}`, undefined],
    ] as const)
      expect((await send(method, url, body)).statusCode, `${method} ${url}`).toBe(404);
  });

  it("refuses an invalid user id with 400", async () => {
    expect((await send("POST", "/api/admin/users/not-an-id/disable")).statusCode).toBe(400);
  });

  it.each([
    ["disable", "POST", "/disable", CANNOT_DISABLE_SELF_MESSAGE],
    ["delete", "DELETE", "", CANNOT_DELETE_SELF_MESSAGE],
  ] as const)("an admin cannot %s their own user", async (_label, method, suffix, message) => {
    const res = await send(method, `/api/admin/users/${env.admin.id}${suffix}`);
    expect(res.statusCode).toBe(400);
    expect(res.json<ErrorJson>().error.message).toBe(message);
    const [me] = await env.t.db.db.select().from(schema.users).where(eq(schema.users.id, env.admin.id));
    expect(me?.disabledAt).toBeNull();
  });
});

describe("editable content: bad input", () => {
  const valid = { contentKey: "error_test_key", contentType: "text", contentValue: "v" };

  it.each([
    ["no key", { ...valid, contentKey: "" }, "body.contentKey", contentMessages.keyRequired],
    [
      "a key with spaces",
      { ...valid, contentKey: "two words" },
      "body.contentKey",
      contentMessages.keyFormat,
    ],
    ["an upper-case key", { ...valid, contentKey: "Hero" }, "body.contentKey", contentMessages.keyFormat],
    ["an unknown type", { ...valid, contentType: "html" }, "body.contentType", contentMessages.typeRequired],
    [
      "invalid JSON",
      { ...valid, contentType: "json", contentValue: "{a:1}" },
      "body.contentValue",
      contentMessages.invalidJson,
    ],
    [
      "empty JSON",
      { ...valid, contentType: "json", contentValue: "" },
      "body.contentValue",
      contentMessages.invalidJson,
    ],
    [
      "a script URL as image",
      { ...valid, contentType: "image_url", contentValue: "javascript:alert(1)" },
      "body.contentValue",
      contentMessages.invalidImageUrl,
    ],
    [
      "a protocol-relative image",
      { ...valid, contentType: "image_url", contentValue: "//evil.example/x.png" },
      "body.contentValue",
      contentMessages.invalidImageUrl,
    ],
  ])("POST /content with %s", async (_label, body, field, message) => {
    const before = await env.t.db.db.$count(schema.editableContent);
    const res = await send("POST", "/api/admin/content", body);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json<ErrorJson>().error.fields?.[field]).toContain(message);
    expect(await env.t.db.db.$count(schema.editableContent)).toBe(before);
  });

  it("refuses a key already used with 409", async () => {
    expect((await send("POST", "/api/admin/content", { ...valid, contentKey: "dup_key" })).statusCode).toBe(
      201,
    );
    const again = await send("POST", "/api/admin/content", { ...valid, contentKey: "dup_key" });
    expect(again.statusCode).toBe(409);
    expect(again.json<ErrorJson>().error.fields?.["body.contentKey"]).toEqual([contentMessages.keyTaken]);
  });

  it("refuses invalid JSON on edit and keeps the stored value", async () => {
    const created = await send("POST", "/api/admin/content", {
      contentKey: "json_edit",
      contentType: "json",
      contentValue: '{"ok":true}',
    });
    const { id } = created.json<{ id: string }>();
    const res = await send("PUT", `/api/admin/content/${id}`, {
      contentType: "json",
      contentValue: "{broken",
    });
    expect(res.statusCode).toBe(400);
    const [row] = await env.t.db.db
      .select()
      .from(schema.editableContent)
      .where(eq(schema.editableContent.id, id));
    expect(row?.contentValue).toBe('{"ok":true}');
  });

  it("answers 404 for an unknown entry", async () => {
    const id = "cnt_aaaaaaaaaaaaaaaa";
    expect(
      (await send("PUT", `/api/admin/content/${id}`, { contentType: "text", contentValue: "" })).statusCode,
    ).toBe(404);
    expect((await send("DELETE", `/api/admin/content/${id}`)).statusCode).toBe(404);
  });
});

describe("request queues and the audit log: bad input", () => {
  it.each([
    ["an unknown queue", "GET", "/api/admin/requests/complaints", undefined],
    ["a status of another queue", "GET", "/api/admin/requests/contact?status=planned", undefined],
    ["an unknown status", "PATCH", "/api/admin/requests/features/freq_aaaaaaaaaaaaaaaa", { status: "lost" }],
    [
      "a status of another queue",
      "PATCH",
      "/api/admin/requests/features/freq_aaaaaaaaaaaaaaaa",
      { status: "spam" },
    ],
    ["a date that is not one", "GET", "/api/admin/audit-log?from=2026-02-30", undefined],
    ["a malformed date", "GET", "/api/admin/audit-log?to=yesterday", undefined],
    ["a control character in actor", "GET", "/api/admin/audit-log?actor=a%00b", undefined],
  ] as const)("%s is a 400", async (_label, method, url, body) => {
    const res = await send(method, url, body);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json<ErrorJson>().error.fields).toBeDefined();
  });

  it("answers 404 for an unknown item", async () => {
    const res = await send("PATCH", "/api/admin/requests/contact/frm_aaaaaaaaaaaaaaaa", {
      status: "resolved",
    });
    expect(res.statusCode).toBe(404);
  });
});
