import { type Database, schema } from "@poundline/db";
import { nanpAreaCodes } from "@poundline/domain/area-codes";
import { textTimeZone } from "@poundline/domain/automations";
import { and, eq } from "drizzle-orm";

const { contacts } = schema;

/**
 * The zone a text to `to` is timed in (send times, quiet hours, the day of a text-back): the
 * account's contact's own when set, else their area code's, else the number's.
 */
export async function recipientZone(
  db: Database,
  accountId: string,
  to: string,
  numberZone: string,
): Promise<string> {
  const [contact] = await db
    .select({ timeZone: contacts.timeZone })
    .from(contacts)
    .where(and(eq(contacts.accountId, accountId), eq(contacts.phone, to)))
    .limit(1);
  return textTimeZone({
    contactZone: contact?.timeZone ?? null,
    e164: to,
    areaCodes: nanpAreaCodes,
    fallback: numberZone,
  });
}
