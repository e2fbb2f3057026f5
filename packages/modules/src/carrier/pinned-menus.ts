import { type Database, schema } from "@poundline/db";
import type { CallContext, IvrMenu, RoutingTable } from "@poundline/domain";
import { and, eq } from "drizzle-orm";
import { menusOfSnapshot } from "./routing-tables";

/** A try-it call's pinned "version": its token, never a published version's id (ivr/try-calls.ts). */
export const TRY_VERSION_PREFIX = "try.";

/** Menus of the try-it calls in progress (on any instance), by token and only for their account. */
export interface TryMenuSource {
  menusOf(token: string, accountId: string): Promise<ReadonlyMap<string, IvrMenu> | null>;
}

/** Older versions compiled on demand; only calls that outlived a publish ask for them. */
const VERSION_CACHE_SIZE = 32;

/**
 * The routing table a webhook of a call in a menu answers from. A call keeps the menus of the
 * version it entered (its Gather URLs carry the version): the live table when that is still the
 * live version, else a table whose account holds that version's menus, or a try-it call's.
 */
export function createPinnedMenus(db: Database, tries: () => TryMenuSource) {
  // Snapshots never change: a version's compiled menus are cached, least recently used out first.
  // Per instance, as any instance compiles the same menus from the same row.
  const cache = new Map<string, Map<string, IvrMenu>>();

  async function versionMenus(accountId: string, versionId: string) {
    const key = `${accountId}|${versionId}`;
    const hit = cache.get(key);
    if (hit) {
      cache.delete(key);
      cache.set(key, hit);
      return hit;
    }
    const [row] = await db
      .select({ snapshot: schema.ivrVersions.snapshot })
      .from(schema.ivrVersions)
      .where(and(eq(schema.ivrVersions.id, versionId), eq(schema.ivrVersions.accountId, accountId)));
    if (!row) return null;
    const menus = menusOfSnapshot(row.snapshot);
    cache.set(key, menus);
    if (cache.size > VERSION_CACHE_SIZE) cache.delete(cache.keys().next().value as string);
    return menus;
  }

  /** Null when the call is pinned to a try-it call that is over: the webhook ends the call. */
  return async function tableFor(table: RoutingTable, context: CallContext): Promise<RoutingTable | null> {
    const pinned = context.ivrVersion;
    const account = table.accounts.get(context.accountId);
    if (!pinned || !account || account.ivrVersionId === pinned) return table;
    const isTry = pinned.startsWith(TRY_VERSION_PREFIX);
    const menus = isTry ? await tries().menusOf(pinned, account.id) : await versionMenus(account.id, pinned);
    // Not a version of this account (none is forged: the carrier signs the URL): the live menus.
    if (!menus) return isTry ? null : table;
    // Only this account is looked up by the call's webhooks: a one-account table, no copy of the rest.
    return {
      ...table,
      accounts: new Map([[account.id, { ...account, menus: new Map(menus), ivrVersionId: pinned }]]),
    };
  };
}
