import { type Database, schema } from "@poundline/db";
import { and, eq } from "drizzle-orm";

const { memberSettings, phoneNumbers } = schema;

/** Where a call or a message came in: the number dialled and, through a menu, the extension. */
export interface Line {
  accountId: string;
  toNumber: string;
  extensionId?: string | null;
}

/**
 * The member a call was for: the one whose extension was dialled, else the one whose direct
 * number it is; null when the line is the account's, not one person's.
 */
export async function lineOwner(db: Database, line: Line): Promise<string | null> {
  if (line.extensionId) {
    const [byExtension] = await db
      .select({ userId: memberSettings.userId })
      .from(memberSettings)
      .where(
        and(eq(memberSettings.accountId, line.accountId), eq(memberSettings.extensionId, line.extensionId)),
      )
      .limit(1);
    if (byExtension) return byExtension.userId;
  }
  const [byNumber] = await db
    .select({ userId: memberSettings.userId })
    .from(memberSettings)
    .innerJoin(phoneNumbers, eq(phoneNumbers.id, memberSettings.directNumberId))
    .where(and(eq(memberSettings.accountId, line.accountId), eq(phoneNumbers.e164, line.toNumber)))
    .limit(1);
  return byNumber?.userId ?? null;
}
