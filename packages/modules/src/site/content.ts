import type { FaqItem, FaqOrder } from "@poundline/contracts/site/schemas";
import { type Database, schema } from "@poundline/db";
import { and, asc, eq, inArray, sql } from "drizzle-orm";

const { editableContent, faqItems } = schema;

/** The stored texts of the given keys, leaving out keys with no entry or a blank value. */
export async function readContent(db: Database, keys: readonly string[]): Promise<Record<string, string>> {
  const rows = await db
    .select({ key: editableContent.contentKey, value: editableContent.contentValue })
    .from(editableContent)
    .where(
      and(inArray(editableContent.contentKey, [...keys]), sql`trim(${editableContent.contentValue}) <> ''`),
    );
  return Object.fromEntries(rows.map((row) => [row.key, row.value]));
}

/** The published FAQ items in the order a page shows them (see `faqOrders`). */
export async function listPublishedFaq(db: Database, order: FaqOrder): Promise<FaqItem[]> {
  const byDisplay = [asc(faqItems.displayOrder), asc(faqItems.createdAt), asc(faqItems.id)];
  return db
    .select({
      id: faqItems.id,
      question: faqItems.question,
      answer: faqItems.answer,
      category: faqItems.category,
      displayOrder: faqItems.displayOrder,
    })
    .from(faqItems)
    .where(eq(faqItems.isPublished, true))
    .orderBy(...(order === "category" ? [asc(faqItems.category), ...byDisplay] : byDisplay));
}
