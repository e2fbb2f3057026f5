import { and, asc, desc, eq } from "drizzle-orm";
import type { Database } from "./client";
import { newId } from "./ids";
import {
  accounts,
  type IvrSnapshot,
  type IvrSnapshotMenu,
  ivrLiveVersions,
  ivrMenus,
  ivrOptions,
  ivrVersions,
} from "./schema/index";

/**
 * IVR versions: the ivr_menus/ivr_options rows of an account are its draft; publishing freezes all
 * of them into a numbered snapshot and points the account's calls at it. Here (not in the API) so
 * the demo seed and the routing fixtures publish what they insert exactly as the console does.
 */

/** What calls play of a menu: all its fields but the description and the options. */
export type IvrMenuPlayback = Omit<IvrSnapshotMenu, "description" | "options">;

/**
 * Those fields picked from a draft row or a published version's menu (nothing else of the row
 * comes along): the one list both the snapshot and the routing tables copy.
 */
export function ivrMenuPlayback(m: IvrMenuPlayback): IvrMenuPlayback {
  return {
    id: m.id,
    name: m.name,
    greetingType: m.greetingType,
    greetingTts: m.greetingTts,
    greetingRecordingUrl: m.greetingRecordingUrl,
    greetingVoice: m.greetingVoice,
    greetingLanguage: m.greetingLanguage,
    timeoutSeconds: m.timeoutSeconds,
    timeoutAction: m.timeoutAction,
    timeoutActionDestination: m.timeoutActionDestination,
    invalidInputAction: m.invalidInputAction,
    invalidInputActionDestination: m.invalidInputActionDestination,
    maxInvalidInputs: m.maxInvalidInputs,
  };
}

/** The account's draft: every menu with its options, oldest menu first, options by key. */
export async function readIvrDraft(db: Database, accountId: string): Promise<IvrSnapshot> {
  const [menus, options] = await Promise.all([
    db
      .select()
      .from(ivrMenus)
      .where(eq(ivrMenus.accountId, accountId))
      .orderBy(asc(ivrMenus.createdAt), asc(ivrMenus.id)),
    db.select().from(ivrOptions).where(eq(ivrOptions.accountId, accountId)).orderBy(asc(ivrOptions.keyPress)),
  ]);
  return {
    menus: menus.map((m) => ({
      ...ivrMenuPlayback(m),
      description: m.description,
      options: options
        .filter((o) => o.menuId === m.id)
        .map((o) => ({
          keyPress: o.keyPress,
          action: o.action,
          destination: o.destination,
          description: o.description,
        })),
    })),
  };
}

export interface PublishIvrInput {
  accountId: string;
  snapshot: IvrSnapshot;
  publishedBy: string | null;
  note: string | null;
  now: Date;
  /** The new version's id (the seed draws its own); default a new random one. */
  id?: string;
}

/**
 * Stores `snapshot` as the account's next version and makes it live. Run it inside the caller's
 * transaction: the account row is locked so two publishes number their versions one after the other.
 */
export async function publishIvrSnapshot(
  db: Database,
  input: PublishIvrInput,
): Promise<{ id: string; version: number }> {
  await db.select({ id: accounts.id }).from(accounts).where(eq(accounts.id, input.accountId)).for("update");
  const [last] = await db
    .select({ version: ivrVersions.version })
    .from(ivrVersions)
    .where(eq(ivrVersions.accountId, input.accountId))
    .orderBy(desc(ivrVersions.version))
    .limit(1);
  const id = input.id ?? newId("ivrVersion");
  const version = (last?.version ?? 0) + 1;
  await db.insert(ivrVersions).values({
    id,
    accountId: input.accountId,
    version,
    snapshot: input.snapshot,
    publishedBy: input.publishedBy,
    publishedAt: input.now,
    note: input.note,
  });
  await db
    .insert(ivrLiveVersions)
    .values({ accountId: input.accountId, versionId: id, updatedAt: input.now })
    .onConflictDoUpdate({
      target: ivrLiveVersions.accountId,
      set: { versionId: id, updatedAt: input.now },
    });
  return { id, version };
}

/** Publishes the account's draft as it stands (seed and fixtures: no validation, no publisher). */
export async function publishIvrDraft(
  db: Database,
  accountId: string,
  now: Date,
  note: string | null = null,
): Promise<{ id: string; version: number }> {
  return publishIvrSnapshot(db, {
    accountId,
    snapshot: await readIvrDraft(db, accountId),
    publishedBy: null,
    note,
    now,
  });
}

/** The account's live version, or null when it never published. */
export async function liveIvrVersion(db: Database, accountId: string) {
  const [row] = await db
    .select({ id: ivrVersions.id, version: ivrVersions.version, snapshot: ivrVersions.snapshot })
    .from(ivrLiveVersions)
    .innerJoin(
      ivrVersions,
      and(
        eq(ivrVersions.id, ivrLiveVersions.versionId),
        eq(ivrVersions.accountId, ivrLiveVersions.accountId),
      ),
    )
    .where(eq(ivrLiveVersions.accountId, accountId));
  return row ?? null;
}
