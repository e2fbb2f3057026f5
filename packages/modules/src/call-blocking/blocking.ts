import type {
  AddBlockedCallerBody,
  BlockingRulesBody,
  CallBlockingQuery,
} from "@poundline/contracts/call-blocking/schemas";
import { type Database, schema } from "@poundline/db";
import { newId } from "@poundline/db/ids";
import { DEFAULT_BLOCKING_RULES } from "@poundline/domain";
import { and, eq } from "drizzle-orm";
import { afterCursor, limitedTo, orderOf, pageOf, type SortKey, sortKeyOf } from "../pagination";

const { blockedCallers, callBlockingRules } = schema;

const entryOrder: SortKey = { at: blockedCallers.createdAt, id: blockedCallers.id };

/** The account's rules (the defaults until saved) and its list, newest first: whole, or a page. */
export async function readCallBlocking(db: Database, accountId: string, query: CallBlockingQuery = {}) {
  const [[rules], entries] = await Promise.all([
    db.select().from(callBlockingRules).where(eq(callBlockingRules.accountId, accountId)),
    limitedTo(
      db
        .select({
          id: blockedCallers.id,
          kind: blockedCallers.kind,
          value: blockedCallers.value,
          note: blockedCallers.note,
          createdAt: blockedCallers.createdAt,
          sortKey: sortKeyOf(entryOrder),
        })
        .from(blockedCallers)
        .where(and(eq(blockedCallers.accountId, accountId), afterCursor(entryOrder, query.cursor)))
        .orderBy(...orderOf(entryOrder))
        .$dynamic(),
      query.limit,
    ),
  ]);
  const page = pageOf(entries, query.limit);
  return {
    rules: rules
      ? { list: rules.listAction, withheld: rules.withheldAction, unverified: rules.unverifiedAction }
      : { ...DEFAULT_BLOCKING_RULES },
    entries: page.rows.map(({ sortKey: _sortKey, ...entry }) => entry),
    nextCursor: page.nextCursor,
  };
}

export async function saveBlockingRules(
  db: Database,
  accountId: string,
  rules: BlockingRulesBody,
  now: Date,
) {
  const set = {
    listAction: rules.list,
    withheldAction: rules.withheld,
    unverifiedAction: rules.unverified,
    updatedAt: now,
  };
  await db
    .insert(callBlockingRules)
    .values({ accountId, ...set, createdAt: now })
    .onConflictDoUpdate({ target: callBlockingRules.accountId, set });
  return rules;
}

/** Adds a number or prefix; null when the account already blocks it. */
export async function addBlockedCaller(
  db: Database,
  accountId: string,
  body: AddBlockedCallerBody,
  now: Date,
) {
  const [row] = await db
    .insert(blockedCallers)
    .values({ id: newId("blockedCaller"), accountId, ...body, createdAt: now })
    .onConflictDoNothing()
    .returning({
      id: blockedCallers.id,
      kind: blockedCallers.kind,
      value: blockedCallers.value,
      note: blockedCallers.note,
      createdAt: blockedCallers.createdAt,
    });
  return row ?? null;
}

/** Removes one of the account's entries; false when it has none by that id. */
export async function removeBlockedCaller(db: Database, accountId: string, id: string): Promise<boolean> {
  const rows = await db
    .delete(blockedCallers)
    .where(and(eq(blockedCallers.accountId, accountId), eq(blockedCallers.id, id)))
    .returning({ id: blockedCallers.id });
  return rows.length > 0;
}
