import { type Database, schema } from "@poundline/db";
import { and, eq } from "drizzle-orm";

const { contacts } = schema;

/** "Ann Lee (+13125550100)" for a caller the account has as a contact, the number alone otherwise. */
export async function describeCaller(db: Database, accountId: string, number: string): Promise<string> {
  const shown = number || "Unknown caller";
  if (!number) return shown;
  const [contact] = await db
    .select({ name: contacts.name })
    .from(contacts)
    .where(and(eq(contacts.accountId, accountId), eq(contacts.phone, number)))
    .limit(1);
  const name = contact?.name.trim();
  return name && name !== number ? `${name} (${shown})` : shown;
}
