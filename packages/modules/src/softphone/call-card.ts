import type { CallCard } from "@poundline/contracts/softphone/schemas";
import { type Database, schema } from "@poundline/db";
import { toE164 } from "@poundline/domain/phone";
import { and, desc, eq, isNull, ne, or } from "drizzle-orm";

const { callLogs, contacts } = schema;

/** How many of the other party's calls the card lists. */
export const CARD_RECENT_CALLS = 5;

/** The account's log of a call, by its sid. */
async function callBySid(db: Database, accountId: string, callSid: string) {
  const [call] = await db
    .select({
      id: callLogs.id,
      direction: callLogs.direction,
      from: callLogs.fromNumber,
      to: callLogs.toNumber,
    })
    .from(callLogs)
    .where(and(eq(callLogs.accountId, accountId), eq(callLogs.callSid, callSid)))
    .limit(1);
  return call ?? null;
}

/**
 * The card of a softphone's call: the call's log if the carrier reported it, the other party's
 * contact, and their last calls with the account. Another account's call is not found: the card
 * then knows only the number given.
 */
export async function callCard(
  db: Database,
  accountId: string,
  input: { callSid: string; number?: string | undefined },
): Promise<CallCard> {
  const call = await callBySid(db, accountId, input.callSid);
  const given = input.number ? toE164(input.number) : null;
  const number = call ? (call.direction === "inbound" ? call.from : call.to) : given;
  if (!number) return { callId: call?.id ?? null, number: null, contact: null, recent: [] };
  const [contact] = await db
    .select({ id: contacts.id, name: contacts.name, company: contacts.company })
    .from(contacts)
    .where(and(eq(contacts.accountId, accountId), eq(contacts.phone, number)))
    .limit(1);
  const recent = await db
    .select({
      id: callLogs.id,
      startedAt: callLogs.callStartTime,
      direction: callLogs.direction,
      status: callLogs.callStatus,
      durationSeconds: callLogs.durationSeconds,
    })
    .from(callLogs)
    .where(
      and(
        eq(callLogs.accountId, accountId),
        or(eq(callLogs.fromNumber, number), eq(callLogs.toNumber, number)),
        ne(callLogs.callSid, input.callSid),
        // The legs we dialled for a call are parts of it, not calls of their own.
        isNull(callLogs.parentCallSid),
      ),
    )
    .orderBy(desc(callLogs.callStartTime))
    .limit(CARD_RECENT_CALLS);
  return {
    callId: call?.id ?? null,
    number,
    contact: contact ?? null,
    recent: recent.map((r) => ({ ...r, startedAt: r.startedAt.toISOString() })),
  };
}
