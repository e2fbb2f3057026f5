import { type Database, schema } from "@poundline/db";
import { DEFAULT_TIME_ZONE } from "@poundline/domain";
import { isTimeZone } from "@poundline/domain/calendar-ranges";
import { asc, eq } from "drizzle-orm";

const { numberRouting } = schema;

/**
 * The account's time zone, for the console's days (call history's day filter, analytics): that
 * of its first number's routing, where business hours are set; the default when it has none, or
 * when the stored one is unknown to the runtime. Accounts have no time zone of their own.
 */
export async function accountTimeZone(db: Database, accountId: string): Promise<string> {
  const [row] = await db
    .select({ timeZone: numberRouting.timeZone })
    .from(numberRouting)
    .where(eq(numberRouting.accountId, accountId))
    .orderBy(asc(numberRouting.createdAt))
    .limit(1);
  return row && isTimeZone(row.timeZone) ? row.timeZone : DEFAULT_TIME_ZONE;
}
