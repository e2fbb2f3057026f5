import { type Database, queryRows, schema } from "@poundline/db";
import { sql } from "drizzle-orm";

const hunts = schema.ringHunts;
const numbers = schema.phoneNumbers;

type WaitingRow = {
  callSid: string;
  from: string | null;
  numberE164: string;
  position: number;
  since: Date | string;
  phase: string;
  callbackNumber: string | null;
};

/**
 * The account's callers in its ring groups' lines, in order per number: the console's waiting
 * list. Hunts older than the carrier's longest call are left out, as the line leaves them out.
 */
export async function waitingCallers(db: Database, accountId: string) {
  const rows = await queryRows<WaitingRow>(
    db,
    sql`
      select h.caller_call_sid as "callSid", h.caller_number as "from", n.e164 as "numberE164",
        (row_number() over (partition by h.phone_number_id order by h.created_at, h.id))::int as position,
        h.created_at as since, h.state as phase, h.callback_number as "callbackNumber"
      from ${hunts} h join ${numbers} n on n.id = h.phone_number_id and n.account_id = h.account_id
      where h.account_id = ${accountId} and h.state in ('waiting', 'hunting')
        and h.created_at > now() - interval '4 hours'
      order by n.e164, position`,
  );
  return rows.map(({ phase, since, ...row }) => ({
    ...row,
    since: new Date(since).toISOString(),
    ringing: phase === "hunting",
  }));
}
