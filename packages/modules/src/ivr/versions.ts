import { isDeepStrictEqual } from "node:util";
import type { IvrDraftStatus, IvrVersionSummary } from "@poundline/contracts/ivr/schemas";
import {
  type Database,
  liveIvrVersion,
  newId,
  publishIvrSnapshot,
  readIvrDraft,
  schema,
} from "@poundline/db";
import { type RoutingIssue, validateRouting } from "@poundline/domain";
import { and, desc, eq, inArray, isNotNull } from "drizzle-orm";
import { loadAccountRouting } from "../call-routing/config";
import { menuOfRow } from "../carrier/routing-tables";

type Snapshot = schema.IvrSnapshot;
const { ivrVersions, ivrLiveVersions, ivrMenus, ivrOptions, users, geoRules } = schema;

/** Only destinations that point at nothing refuse a publish; warnings (unreachable menus) do not. */
const REFUSING = new Set<RoutingIssue["code"]>(["dangling_destination", "dangling_rule"]);

export async function draftStatus(db: Database, accountId: string): Promise<IvrDraftStatus> {
  const [draft, live] = await Promise.all([readIvrDraft(db, accountId), liveIvrVersion(db, accountId)]);
  return {
    liveVersionId: live?.id ?? null,
    liveVersion: live?.version ?? null,
    hasUnpublishedChanges: !isDeepStrictEqual(draft, live?.snapshot ?? { menus: [] }),
  };
}

/** The account's versions, newest first, with who published them and which one calls follow. */
export async function listVersions(db: Database, accountId: string): Promise<IvrVersionSummary[]> {
  const [rows, live] = await Promise.all([
    db
      .select({
        id: ivrVersions.id,
        version: ivrVersions.version,
        publishedAt: ivrVersions.publishedAt,
        note: ivrVersions.note,
        userId: users.id,
        firstName: users.firstName,
        lastName: users.lastName,
        email: users.email,
      })
      .from(ivrVersions)
      .leftJoin(users, eq(users.id, ivrVersions.publishedBy))
      .where(eq(ivrVersions.accountId, accountId))
      .orderBy(desc(ivrVersions.version)),
    db
      .select({ versionId: ivrLiveVersions.versionId })
      .from(ivrLiveVersions)
      .where(eq(ivrLiveVersions.accountId, accountId)),
  ]);
  const liveId = live[0]?.versionId ?? null;
  return rows.map((r) => ({
    id: r.id,
    version: r.version,
    publishedAt: r.publishedAt,
    publishedBy:
      r.userId && r.email
        ? { id: r.userId, name: `${r.firstName ?? ""} ${r.lastName ?? ""}`.trim(), email: r.email }
        : null,
    note: r.note,
    live: r.id === liveId,
  }));
}

export async function findVersion(db: Database, accountId: string, id: string) {
  const [summary] = (await listVersions(db, accountId)).filter((v) => v.id === id);
  if (!summary) return null;
  const [row] = await db
    .select({ snapshot: ivrVersions.snapshot })
    .from(ivrVersions)
    .where(and(eq(ivrVersions.id, id), eq(ivrVersions.accountId, accountId)));
  return row ? { ...summary, snapshot: row.snapshot } : null;
}

/** A version's snapshot, or null when the account has no such version. */
export async function versionSnapshot(db: Database, accountId: string, id: string): Promise<Snapshot | null> {
  const [row] = await db
    .select({ snapshot: ivrVersions.snapshot })
    .from(ivrVersions)
    .where(and(eq(ivrVersions.id, id), eq(ivrVersions.accountId, accountId)));
  return row?.snapshot ?? null;
}

export type PublishResult =
  | { ok: true; id: string; version: number }
  | { ok: false; reason: "not_found" }
  | { ok: false; reason: "nothing_to_publish" }
  | { ok: false; reason: "refused"; reasons: string[] };

class Refused extends Error {
  constructor(readonly result: Exclude<PublishResult, { ok: true }>) {
    super(result.reason);
  }
}

/** Why making `menus` live would route calls at nothing, given the account's numbers and extensions. */
async function danglingReasons(tx: Database, accountId: string, snapshot: Snapshot): Promise<string[]> {
  const routing = await loadAccountRouting(tx, accountId);
  const menus = snapshot.menus.map((m) => menuOfRow(m, m.options));
  const ids = new Set(menus.map((m) => m.id));
  const issues = validateRouting({ ...routing.view, menus });
  const reasons = issues.filter((i) => i.severity === "error" && REFUSING.has(i.code)).map((i) => i.message);
  // Geo rules of shared numbers name menus too (the validator only counts them as entries).
  const ruled = await tx
    .selectDistinct({ menuId: geoRules.ivrMenuId })
    .from(geoRules)
    .where(and(eq(geoRules.targetAccountId, accountId), isNotNull(geoRules.ivrMenuId)));
  for (const { menuId } of ruled)
    if (menuId && !ids.has(menuId))
      reasons.push(`A geo rule points at an IVR menu that this version does not have.`);
  return reasons;
}

/**
 * Publishes the draft: refused when it would leave a destination pointing at nothing, or when it
 * is the live version already. The caller recompiles the routing tables after the commit.
 */
export async function publishDraft(
  db: Database,
  accountId: string,
  userId: string,
  note: string | null,
  now: Date,
): Promise<PublishResult> {
  try {
    return await db.transaction(async (tx) => {
      const [draft, live] = await Promise.all([readIvrDraft(tx, accountId), liveIvrVersion(tx, accountId)]);
      if (isDeepStrictEqual(draft, live?.snapshot ?? { menus: [] }))
        throw new Refused({ ok: false, reason: "nothing_to_publish" });
      const reasons = await danglingReasons(tx, accountId, draft);
      if (reasons.length > 0) throw new Refused({ ok: false, reason: "refused", reasons });
      const published = await publishIvrSnapshot(tx, {
        accountId,
        snapshot: draft,
        publishedBy: userId,
        note,
        now,
      });
      return { ok: true as const, ...published };
    });
  } catch (err) {
    if (err instanceof Refused) return err.result;
    throw err;
  }
}

/** Makes the draft rows exactly the snapshot: same menu ids, fields and options. */
async function resetDraft(tx: Database, accountId: string, snapshot: Snapshot, now: Date): Promise<void> {
  const keep = snapshot.menus.map((m) => m.id);
  const existing = await tx
    .select({ id: ivrMenus.id })
    .from(ivrMenus)
    .where(eq(ivrMenus.accountId, accountId))
    .for("update");
  const existingIds = new Set(existing.map((r) => r.id));
  const gone = existing.map((r) => r.id).filter((id) => !keep.includes(id));
  if (gone.length > 0)
    await tx.delete(ivrMenus).where(and(eq(ivrMenus.accountId, accountId), inArray(ivrMenus.id, gone)));
  if (keep.length > 0)
    await tx
      .delete(ivrOptions)
      .where(and(eq(ivrOptions.accountId, accountId), inArray(ivrOptions.menuId, keep)));
  // Menus restored from the version keep its order: each one a millisecond after the previous.
  let order = 0;
  for (const { options, ...menu } of snapshot.menus) {
    if (existingIds.has(menu.id))
      await tx
        .update(ivrMenus)
        .set({ ...menu, updatedAt: now })
        .where(and(eq(ivrMenus.id, menu.id), eq(ivrMenus.accountId, accountId)));
    else
      await tx.insert(ivrMenus).values({
        ...menu,
        accountId,
        createdAt: new Date(now.getTime() + order),
        updatedAt: now,
      });
    order++;
    if (options.length > 0)
      await tx.insert(ivrOptions).values(
        options.map((o) => ({
          ...o,
          id: newId("ivrOption"),
          menuId: menu.id,
          accountId,
          createdAt: now,
          updatedAt: now,
        })),
      );
  }
}

/**
 * Roll back in one step: a new version whose snapshot is the earlier one's, live at once, and the
 * draft reset to it (so the editor shows what calls hear). Refused like a publish when the earlier
 * menus name something that no longer exists.
 */
export async function rollbackTo(
  db: Database,
  accountId: string,
  versionId: string,
  userId: string,
  now: Date,
): Promise<PublishResult> {
  try {
    return await db.transaction(async (tx) => {
      const [target] = await tx
        .select({ version: ivrVersions.version, snapshot: ivrVersions.snapshot })
        .from(ivrVersions)
        .where(and(eq(ivrVersions.id, versionId), eq(ivrVersions.accountId, accountId)));
      if (!target) throw new Refused({ ok: false, reason: "not_found" });
      const reasons = await danglingReasons(tx, accountId, target.snapshot);
      if (reasons.length > 0) throw new Refused({ ok: false, reason: "refused", reasons });
      await resetDraft(tx, accountId, target.snapshot, now);
      const published = await publishIvrSnapshot(tx, {
        accountId,
        snapshot: await readIvrDraft(tx, accountId),
        publishedBy: userId,
        note: `Rolled back to version ${target.version}`,
        now,
      });
      return { ok: true as const, ...published };
    });
  } catch (err) {
    if (err instanceof Refused) return err.result;
    throw err;
  }
}
