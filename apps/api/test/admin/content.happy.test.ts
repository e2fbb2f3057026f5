import type { contentEntrySchema } from "@poundline/contracts/admin/schemas";
import { schema } from "@poundline/db";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import type { z } from "zod";
import { useAdminTestApp } from "./helpers";

type Entry = z.input<typeof contentEntrySchema>;

const env = useAdminTestApp();
const { send } = env;

const publicText = async (key: string) =>
  (await env.t.app.inject({ method: "GET", url: `/api/content?keys=${key}` })).json<{
    values: Record<string, string>;
  }>().values[key];

describe("editable content", () => {
  it("creates, edits and deletes an entry; the public API answers each change at once; all audited", async () => {
    const created = await send("POST", "/api/admin/content", {
      contentKey: "homepage_hero_title",
      contentType: "text",
      contentValue: "Calls that find the right person",
      pageSlug: "home",
      description: "The home page's headline",
    });
    expect(created.statusCode, created.body).toBe(201);
    const entry = created.json<Entry>();
    expect(entry).toMatchObject({ contentKey: "homepage_hero_title", contentType: "text", pageSlug: "home" });
    expect(await publicText("homepage_hero_title")).toBe("Calls that find the right person");

    const edited = await send("PUT", `/api/admin/content/${entry.id}`, {
      contentType: "textarea",
      contentValue: "A headline\nover two lines",
      pageSlug: "home",
      description: null,
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json<Entry>()).toMatchObject({
      contentKey: "homepage_hero_title",
      contentType: "textarea",
      contentValue: "A headline\nover two lines",
      description: null,
    });
    expect(await publicText("homepage_hero_title")).toBe("A headline\nover two lines");

    const deleted = await send("DELETE", `/api/admin/content/${entry.id}`);
    expect(deleted.statusCode).toBe(204);
    expect(await publicText("homepage_hero_title")).toBeUndefined();
    expect(
      await env.t.db.db.select().from(schema.editableContent).where(eq(schema.editableContent.id, entry.id)),
    ).toEqual([]);

    const audit = await env.t.db.db
      .select()
      .from(schema.adminAuditLog)
      .where(eq(schema.adminAuditLog.targetId, entry.id))
      .orderBy(schema.adminAuditLog.createdAt);
    expect(audit.map((row) => row.action)).toEqual(["content.create", "content.update", "content.delete"]);
    const update = audit.find((row) => row.action === "content.update");
    expect(update?.after).toMatchObject({ contentValue: "A headline\nover two lines" });
    expect(audit.at(-1)).toMatchObject({ after: null, actorUserId: env.admin.id });
  });

  it("keeps the key fixed: an edit that names one changes nothing of it", async () => {
    const created = await send("POST", "/api/admin/content", {
      contentKey: "fixed_key_test",
      contentType: "json",
      contentValue: '{"a":1}',
    });
    expect(created.statusCode, created.body).toBe(201);
    const entry = created.json<Entry>();
    const edited = await send("PUT", `/api/admin/content/${entry.id}`, {
      contentKey: "another_key",
      contentType: "json",
      contentValue: "[1, 2]",
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json<Entry>()).toMatchObject({ contentKey: "fixed_key_test", contentValue: "[1, 2]" });
  });

  it("lists by page then key, paged, with a total and a search", async () => {
    for (const [key, page] of [
      ["zz_list_b", "about"],
      ["zz_list_a", "about"],
      ["zz_list_c", null],
    ] as const)
      expect(
        (
          await send("POST", "/api/admin/content", {
            contentKey: key,
            contentType: "text",
            contentValue: "v",
            pageSlug: page,
          })
        ).statusCode,
      ).toBe(201);
    const res = await send("GET", "/api/admin/content?search=zz_list&limit=2");
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json<{ entries: Entry[]; total: number }>();
    expect(body.total).toBe(3);
    expect(body.entries.map((e) => e.contentKey)).toEqual(["zz_list_a", "zz_list_b"]);
    const next = await send("GET", "/api/admin/content?search=zz_list&limit=2&offset=2");
    expect(next.json<{ entries: Entry[] }>().entries.map((e) => e.contentKey)).toEqual(["zz_list_c"]);
  });
});
