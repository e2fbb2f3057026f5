import {
  DEFAULT_CALL_DISPOSITIONS,
  type TagCallBody,
  UNKNOWN_DISPOSITION_MESSAGE,
} from "@poundline/contracts/calls/schemas";
import type { Database } from "@poundline/db";
import { queryRows, schema } from "@poundline/db";
import { and, eq, or, sql } from "drizzle-orm";

const { callLogs, callDispositionLists } = schema;

/** The account's dispositions, in order: its own list, else the defaults. */
export async function listDispositions(db: Database, accountId: string): Promise<string[]> {
  const [row] = await db
    .select({ names: callDispositionLists.names })
    .from(callDispositionLists)
    .where(eq(callDispositionLists.accountId, accountId));
  return row?.names ?? [...DEFAULT_CALL_DISPOSITIONS];
}

/** Replaces the account's dispositions (calls keep the names they were given). */
export async function saveDispositions(
  db: Database,
  accountId: string,
  names: string[],
  now: Date,
): Promise<string[]> {
  await db
    .insert(callDispositionLists)
    .values({ accountId, names, createdAt: now, updatedAt: now })
    .onConflictDoUpdate({ target: callDispositionLists.accountId, set: { names, updatedAt: now } });
  return names;
}

export type TagCallResult =
  | { ok: true; call: { id: string; tags: string[]; disposition: string | null } }
  | { ok: false; reason: "not_found" }
  | { ok: false; reason: "invalid"; fields: Record<string, string> };

/** Sets a call's tags and disposition (the call by its id or CallSid); the disposition must be one of the account's (as it is spelled there). */
export async function tagCall(
  db: Database,
  accountId: string,
  callId: string,
  body: TagCallBody,
  now: Date,
): Promise<TagCallResult> {
  let disposition: string | null = null;
  if (body.disposition !== null) {
    const wanted = body.disposition.toLowerCase();
    const found = (await listDispositions(db, accountId)).find((name) => name.toLowerCase() === wanted);
    if (!found) return { ok: false, reason: "invalid", fields: { disposition: UNKNOWN_DISPOSITION_MESSAGE } };
    disposition = found;
  }
  const [row] = await db
    .update(callLogs)
    .set({ tags: body.tags, disposition, updatedAt: now })
    // By its id or its CallSid; always within the account.
    .where(and(eq(callLogs.accountId, accountId), or(eq(callLogs.id, callId), eq(callLogs.callSid, callId))))
    .returning({ id: callLogs.id, tags: callLogs.tags, disposition: callLogs.disposition });
  return row ? { ok: true, call: row } : { ok: false, reason: "not_found" };
}

/** The tags used on the account's calls, alphabetically: the suggestions of the tag input. */
export async function listCallTags(db: Database, accountId: string, max = 200): Promise<string[]> {
  const rows = await queryRows<{ tag: string }>(
    db,
    sql`select distinct tag
    from ${callLogs}, unnest(${callLogs.tags}) as tag
    where ${callLogs.accountId} = ${accountId} and ${callLogs.tags} <> '{}'
    order by tag limit ${max}`,
  );
  return rows.map((r) => r.tag);
}
