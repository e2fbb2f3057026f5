import type { TemplateBody, TextTemplate } from "@poundline/contracts/automations/schemas";
import { type Database, newId, schema, sqlStateOf } from "@poundline/db";
import { and, asc, eq } from "drizzle-orm";

const { textTemplates } = schema;

type TemplateRow = typeof textTemplates.$inferSelect;

const toTemplate = (row: TemplateRow): TextTemplate => ({
  id: row.id,
  name: row.name,
  body: row.body,
  createdAt: row.createdAt,
  updatedAt: row.updatedAt,
});

export async function listTemplates(db: Database, accountId: string): Promise<TextTemplate[]> {
  const rows = await db
    .select()
    .from(textTemplates)
    .where(eq(textTemplates.accountId, accountId))
    .orderBy(asc(textTemplates.name));
  return rows.map(toTemplate);
}

export type TemplateResult =
  | { ok: true; template: TextTemplate }
  | { ok: false; reason: "not_found" | "name_taken" };

/** A name is unique in the account: a second one answers name_taken. */
const nameTaken = (error: unknown): TemplateResult => {
  if (sqlStateOf(error) !== "23505") throw error;
  return { ok: false, reason: "name_taken" };
};

export async function createTemplate(
  db: Database,
  accountId: string,
  input: TemplateBody,
  now: Date,
): Promise<TemplateResult> {
  try {
    const [row] = await db
      .insert(textTemplates)
      .values({ id: newId("textTemplate"), accountId, ...input, createdAt: now, updatedAt: now })
      .returning();
    return { ok: true, template: toTemplate(row as TemplateRow) };
  } catch (error) {
    return nameTaken(error);
  }
}

export async function updateTemplate(
  db: Database,
  accountId: string,
  id: string,
  input: TemplateBody,
  now: Date,
): Promise<TemplateResult> {
  try {
    const [row] = await db
      .update(textTemplates)
      .set({ ...input, updatedAt: now })
      .where(and(eq(textTemplates.id, id), eq(textTemplates.accountId, accountId)))
      .returning();
    return row ? { ok: true, template: toTemplate(row) } : { ok: false, reason: "not_found" };
  } catch (error) {
    return nameTaken(error);
  }
}

/** True when the account had the template. */
export async function deleteTemplate(db: Database, accountId: string, id: string): Promise<boolean> {
  const deleted = await db
    .delete(textTemplates)
    .where(and(eq(textTemplates.id, id), eq(textTemplates.accountId, accountId)))
    .returning({ id: textTemplates.id });
  return deleted.length > 0;
}
