import type {
  ContentEntry,
  CreateContentBody,
  ListContentQuery,
  UpdateContentBody,
} from "@poundline/contracts/admin/schemas";
import { type Database, newId, schema, sqlStateOf } from "@poundline/db";
import { asc, count, eq, ilike, or, type SQL, sql } from "drizzle-orm";
import { recordAdminAction } from "./audit";
import { containsPattern } from "./emails";

const { editableContent } = schema;

const entryColumns = {
  id: editableContent.id,
  contentKey: editableContent.contentKey,
  contentType: editableContent.contentType,
  contentValue: editableContent.contentValue,
  pageSlug: editableContent.pageSlug,
  description: editableContent.description,
  createdAt: editableContent.createdAt,
  updatedAt: editableContent.updatedAt,
};

function contentFilter(query: ListContentQuery): SQL | undefined {
  if (!query.search) return undefined;
  const pattern = containsPattern(query.search);
  return or(
    ilike(editableContent.contentKey, pattern),
    ilike(editableContent.contentValue, pattern),
    ilike(editableContent.description, pattern),
    ilike(editableContent.pageSlug, pattern),
  );
}

/** The editable texts, as the seed orders them: by page, then key (entries of no page last). */
export async function listContent(
  db: Database,
  query: ListContentQuery,
): Promise<{ entries: ContentEntry[]; total: number }> {
  const where = contentFilter(query);
  const entries = await db
    .select(entryColumns)
    .from(editableContent)
    .where(where)
    .orderBy(sql`${editableContent.pageSlug} asc nulls last`, asc(editableContent.contentKey))
    .limit(query.limit)
    .offset(query.offset);
  const [counted] = await db.select({ total: count() }).from(editableContent).where(where);
  return { entries, total: counted?.total ?? 0 };
}

export async function findContent(db: Database, id: string): Promise<ContentEntry | null> {
  const [row] = await db.select(entryColumns).from(editableContent).where(eq(editableContent.id, id));
  return row ?? null;
}

/** A new entry; "taken" when its key is another entry's. */
export async function createContent(
  db: Database,
  body: CreateContentBody,
  actorUserId: string,
): Promise<ContentEntry | "taken"> {
  try {
    return await db.transaction(async (tx) => {
      const [created] = await tx
        .insert(editableContent)
        .values({ id: newId("content"), ...body })
        .onConflictDoNothing({ target: editableContent.contentKey })
        .returning(entryColumns);
      if (!created) return "taken";
      await recordAdminAction(tx, {
        actorUserId,
        action: "content.create",
        targetType: "content",
        targetId: created.id,
        before: null,
        after: created,
      });
      return created;
    });
  } catch (err) {
    if (sqlStateOf(err) === "23505") return "taken";
    throw err;
  }
}

/** Changes an entry's type, value, page and description (never its key); null when unknown. */
export async function updateContent(
  db: Database,
  id: string,
  body: UpdateContentBody,
  actorUserId: string,
  now: Date,
): Promise<ContentEntry | null> {
  return db.transaction(async (tx) => {
    const [before] = await tx
      .select(entryColumns)
      .from(editableContent)
      .where(eq(editableContent.id, id))
      .for("update");
    if (!before) return null;
    const [after] = await tx
      .update(editableContent)
      .set({ ...body, updatedAt: now })
      .where(eq(editableContent.id, id))
      .returning(entryColumns);
    if (!after) return null;
    await recordAdminAction(tx, {
      actorUserId,
      action: "content.update",
      targetType: "content",
      targetId: id,
      before,
      after,
    });
    return after;
  });
}

/** Deletes an entry (pages then show their defaults); false when unknown. */
export async function deleteContent(db: Database, id: string, actorUserId: string): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [before] = await tx
      .delete(editableContent)
      .where(eq(editableContent.id, id))
      .returning(entryColumns);
    if (!before) return false;
    await recordAdminAction(tx, {
      actorUserId,
      action: "content.delete",
      targetType: "content",
      targetId: id,
      before,
      after: null,
    });
    return true;
  });
}
