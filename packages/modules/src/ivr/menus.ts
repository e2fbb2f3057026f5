import { IVR_MESSAGES, type IvrMenuBody, type IvrMenuView } from "@poundline/contracts/ivr/schemas";
import { type Database, newId, schema } from "@poundline/db";
import { introducedErrors, type RoutingIssue, validateRouting } from "@poundline/domain";
import { and, asc, eq, inArray, sql } from "drizzle-orm";
import { type AccountRouting, loadAccountRouting } from "../call-routing/config";

type MenuRow = typeof schema.ivrMenus.$inferSelect;
type OptionRow = typeof schema.ivrOptions.$inferSelect;
type Tx = Database;

const { ivrMenus, ivrOptions, ivrVersions, extensions, geoRules, sharedNumbers } = schema;

const view = (row: MenuRow, options: OptionRow[], usedBy: string[]): IvrMenuView => ({
  id: row.id,
  name: row.name,
  description: row.description,
  greetingType: row.greetingType,
  greetingTts: row.greetingTts,
  greetingRecordingUrl: row.greetingRecordingUrl,
  greetingVoice: row.greetingVoice,
  greetingLanguage: row.greetingLanguage,
  timeoutSeconds: row.timeoutSeconds,
  timeoutAction: row.timeoutAction,
  timeoutActionDestination: row.timeoutActionDestination,
  invalidInputAction: row.invalidInputAction,
  invalidInputActionDestination: row.invalidInputActionDestination,
  maxInvalidInputs: row.maxInvalidInputs,
  options: options
    .filter((o) => o.menuId === row.id)
    .map((o) => ({
      keyPress: o.keyPress,
      action: o.action,
      destination: o.destination,
      description: o.description,
    })),
  usedBy,
  createdAt: row.createdAt,
  updatedAt: row.updatedAt,
});

/** Geo rules of shared numbers that hand their calls to one of these menus. */
async function geoUses(db: Tx, menuIds: string[]): Promise<Map<string, string[]>> {
  const uses = new Map<string, string[]>();
  if (menuIds.length === 0) return uses;
  const rows = await db
    .select({
      menuId: geoRules.ivrMenuId,
      poundCode: sharedNumbers.poundCode,
      locationType: geoRules.locationType,
      locationValue: geoRules.locationValue,
    })
    .from(geoRules)
    .innerJoin(sharedNumbers, eq(sharedNumbers.id, geoRules.sharedNumberId))
    .where(inArray(geoRules.ivrMenuId, menuIds))
    .orderBy(asc(sharedNumbers.poundCode), asc(geoRules.priority));
  for (const r of rows) {
    if (!r.menuId) continue;
    const list = uses.get(r.menuId) ?? [];
    list.push(`${r.poundCode} geo rule (${r.locationType} ${r.locationValue})`);
    uses.set(r.menuId, list);
  }
  return uses;
}

/** What sends calls to a menu: numbers' destinations and holidays, other menus, geo rules. */
function usesOfMenu(routing: AccountRouting, menuId: string, geo: Map<string, string[]>): string[] {
  const uses: string[] = [];
  for (const number of routing.view.numbers) {
    const slots = [
      ["business hours destination", number.openTarget],
      ["after hours destination", number.afterHoursTarget],
      ...number.holidays.map((h) => [`holiday ${h.date}`, h.target] as const),
    ] as const;
    for (const [label, t] of slots)
      if (t.kind === "ivr_menu" && t.menuId === menuId) uses.push(`${number.e164} (${label})`);
  }
  for (const menu of routing.menus) {
    if (menu.id === menuId) continue;
    const where: string[] = [];
    if (menu.timeoutAction === "ivr_menu" && menu.timeoutActionDestination === menuId) where.push("timeout");
    if (menu.invalidInputAction === "ivr_menu" && menu.invalidInputActionDestination === menuId)
      where.push("invalid input");
    for (const o of menu.options)
      if (o.action === "ivr_menu" && o.destination === menuId) where.push(`option ${o.keyPress}`);
    if (where.length > 0) uses.push(`IVR menu "${menu.name}" (${where.join(", ")})`);
  }
  uses.push(...(geo.get(menuId) ?? []));
  return uses;
}

/** The account's menus with their options, oldest first. */
export async function listMenus(db: Database, accountId: string): Promise<IvrMenuView[]> {
  const [rows, options, routing] = await Promise.all([
    db.select().from(ivrMenus).where(eq(ivrMenus.accountId, accountId)).orderBy(asc(ivrMenus.createdAt)),
    db.select().from(ivrOptions).where(eq(ivrOptions.accountId, accountId)).orderBy(asc(ivrOptions.keyPress)),
    loadAccountRouting(db, accountId),
  ]);
  const geo = await geoUses(
    db,
    rows.map((r) => r.id),
  );
  return rows.map((row) => view(row, options, usesOfMenu(routing, row.id, geo)));
}

export async function findMenu(db: Database, accountId: string, id: string): Promise<IvrMenuView | null> {
  const [row] = await db
    .select()
    .from(ivrMenus)
    .where(and(eq(ivrMenus.id, id), eq(ivrMenus.accountId, accountId)));
  if (!row) return null;
  const [options, routing, geo] = await Promise.all([
    db.select().from(ivrOptions).where(eq(ivrOptions.menuId, id)).orderBy(asc(ivrOptions.keyPress)),
    loadAccountRouting(db, accountId),
    geoUses(db, [id]),
  ]);
  return view(row, options, usesOfMenu(routing, id, geo));
}

export type MenuSaveResult =
  | { ok: true; menu: IvrMenuView }
  | { ok: false; reason: "not_found" }
  | { ok: false; reason: "invalid"; fields: Record<string, string[]> }
  | { ok: false; reason: "refused"; issues: RoutingIssue[] };

class Stop extends Error {
  constructor(readonly result: Exclude<MenuSaveResult, { ok: true }>) {
    super(result.reason);
  }
}

/** Menu-level actions that name something: a menu (required) or, for voicemail, an extension (optional). */
const MENU_DESTINATION = { ivr_menu: "menu", voicemail: "extension?" } as const;
const OPTION_DESTINATION = {
  ivr_menu: "menu",
  extension: "extension",
  voicemail: "extension?",
  play_message: "text",
} as const;
type Kind = "menu" | "extension" | "extension?" | "text";

/**
 * Checks every destination against the account's menus and extensions (never another account's)
 * and drops destinations the action does not use. Field messages keyed as the validation errors are.
 */
async function resolveDestinations(
  tx: Tx,
  accountId: string,
  selfId: string | null,
  body: IvrMenuBody,
): Promise<IvrMenuBody> {
  const [menuRows, extRows] = await Promise.all([
    tx.select({ id: ivrMenus.id }).from(ivrMenus).where(eq(ivrMenus.accountId, accountId)),
    tx.select({ id: extensions.id }).from(extensions).where(eq(extensions.accountId, accountId)),
  ]);
  const menuIds = new Set(menuRows.map((r) => r.id));
  const extIds = new Set(extRows.map((r) => r.id));
  const fields: Record<string, string[]> = {};
  const check = (kind: Kind | undefined, value: string | null, field: string): string | null => {
    if (!kind) return null;
    if (!value) {
      if (kind === "extension?") return null;
      fields[field] = [kind === "text" ? IVR_MESSAGES.message : IVR_MESSAGES.destinationRequired];
      return null;
    }
    if (kind === "menu") {
      if (value === selfId) fields[field] = [IVR_MESSAGES.self];
      else if (!menuIds.has(value)) fields[field] = [IVR_MESSAGES.menuMissing];
    } else if (kind !== "text" && !extIds.has(value)) fields[field] = [IVR_MESSAGES.extensionMissing];
    return value;
  };
  const pick = <K extends string>(map: Partial<Record<K, Kind>>, action: K) => map[action];
  const resolved: IvrMenuBody = {
    ...body,
    timeoutActionDestination: check(
      pick<string>(MENU_DESTINATION, body.timeoutAction),
      body.timeoutActionDestination,
      "body.timeoutActionDestination",
    ),
    invalidInputActionDestination: check(
      pick<string>(MENU_DESTINATION, body.invalidInputAction),
      body.invalidInputActionDestination,
      "body.invalidInputActionDestination",
    ),
    options: body.options.map((o, i) => ({
      ...o,
      destination: check(
        pick<string>(OPTION_DESTINATION, o.action),
        o.destination,
        `body.options.${i}.destination`,
      ),
    })),
  };
  if (Object.keys(fields).length > 0) throw new Stop({ ok: false, reason: "invalid", fields });
  return resolved;
}

async function writeMenu(
  tx: Tx,
  accountId: string,
  id: string,
  body: IvrMenuBody,
  now: Date,
  existing: boolean,
): Promise<void> {
  const { options, ...fields } = body;
  if (existing) {
    await tx
      .update(ivrMenus)
      .set({ ...fields, updatedAt: now })
      .where(and(eq(ivrMenus.id, id), eq(ivrMenus.accountId, accountId)));
    await tx.delete(ivrOptions).where(eq(ivrOptions.menuId, id));
  } else {
    await tx.insert(ivrMenus).values({ id, accountId, ...fields, createdAt: now, updatedAt: now });
  }
  if (options.length > 0)
    await tx.insert(ivrOptions).values(
      options.map((o) => ({
        id: newId("ivrOption"),
        menuId: id,
        accountId,
        ...o,
        createdAt: now,
        updatedAt: now,
      })),
    );
}

/** Saves a menu with its options in one transaction; refused when it introduces a routing error. */
async function save(
  db: Database,
  accountId: string,
  id: string | null,
  body: IvrMenuBody,
  now: Date,
): Promise<MenuSaveResult> {
  try {
    const menuId = await db.transaction(async (tx) => {
      let recording: string | null = null;
      if (id) {
        const [current] = await tx
          .select({ id: ivrMenus.id, recording: ivrMenus.greetingRecordingUrl })
          .from(ivrMenus)
          .where(and(eq(ivrMenus.id, id), eq(ivrMenus.accountId, accountId)))
          .for("update");
        if (!current) throw new Stop({ ok: false, reason: "not_found" });
        recording = current.recording;
      }
      if (body.greetingType === "recording" && !recording)
        throw new Stop({
          ok: false,
          reason: "invalid",
          fields: { "body.greetingType": [IVR_MESSAGES.recordingMissing] },
        });
      const menuId = id ?? newId("ivrMenu");
      const resolved = await resolveDestinations(tx, accountId, menuId, body);
      const before = await loadAccountRouting(tx, accountId);
      await writeMenu(tx, accountId, menuId, resolved, now, id !== null);
      const after = await loadAccountRouting(tx, accountId);
      const errors = introducedErrors(validateRouting(before.view), validateRouting(after.view));
      if (errors.length > 0) throw new Stop({ ok: false, reason: "refused", issues: errors });
      return menuId;
    });
    const menu = await findMenu(db, accountId, menuId);
    if (!menu) return { ok: false, reason: "not_found" };
    return { ok: true, menu };
  } catch (err) {
    if (err instanceof Stop) return err.result;
    throw err;
  }
}

export const createMenu = (db: Database, accountId: string, body: IvrMenuBody, now: Date) =>
  save(db, accountId, null, body, now);

export const updateMenu = (db: Database, accountId: string, id: string, body: IvrMenuBody, now: Date) =>
  save(db, accountId, id, body, now);

export type MenuDeleteResult =
  /** `greetingRecordingUrl`: the deleted menu's uploaded greeting, for its file to be removed. */
  | { ok: true; greetingRecordingUrl: string | null }
  | { ok: false; reason: "not_found" }
  | { ok: false; reason: "in_use"; usedBy: string[] };

/** Deletes a menu nothing sends calls to; otherwise says what does. */
export async function deleteMenu(db: Database, accountId: string, id: string): Promise<MenuDeleteResult> {
  return db.transaction(async (tx): Promise<MenuDeleteResult> => {
    const where = and(eq(ivrMenus.id, id), eq(ivrMenus.accountId, accountId));
    const [current] = await tx
      .select({ id: ivrMenus.id, greetingRecordingUrl: ivrMenus.greetingRecordingUrl })
      .from(ivrMenus)
      .where(where)
      .for("update");
    if (!current) return { ok: false, reason: "not_found" };
    const usedBy = usesOfMenu(await loadAccountRouting(tx, accountId), id, await geoUses(tx, [id]));
    if (usedBy.length > 0) return { ok: false, reason: "in_use", usedBy };
    await tx.delete(ivrMenus).where(where);
    return { ok: true, greetingRecordingUrl: current.greetingRecordingUrl };
  });
}

/**
 * Stores an uploaded greeting's URL and makes the recording the menu's greeting; answers the menu
 * and the recording it replaced (null when none), or null when the menu is not the account's.
 */
export async function setGreetingRecording(
  db: Database,
  accountId: string,
  id: string,
  url: string,
  now: Date,
): Promise<{ menu: IvrMenuView; replaced: string | null } | null> {
  const where = and(eq(ivrMenus.id, id), eq(ivrMenus.accountId, accountId));
  const before = await db.transaction(async (tx) => {
    const [current] = await tx
      .select({ url: ivrMenus.greetingRecordingUrl })
      .from(ivrMenus)
      .where(where)
      .for("update");
    if (!current) return null;
    await tx
      .update(ivrMenus)
      .set({ greetingType: "recording", greetingRecordingUrl: url, updatedAt: now })
      .where(where);
    return current;
  });
  const menu = before && (await findMenu(db, accountId, id));
  if (!menu) return null;
  return { menu, replaced: before.url !== url ? before.url : null };
}

/**
 * Whether a greeting recording is still wanted: by a draft menu, or by a published version of the
 * account (calls follow the live one; an older one may be restored).
 */
export async function greetingRecordingInUse(db: Database, accountId: string, url: string): Promise<boolean> {
  const [draft] = await db
    .select({ id: ivrMenus.id })
    .from(ivrMenus)
    .where(and(eq(ivrMenus.accountId, accountId), eq(ivrMenus.greetingRecordingUrl, url)))
    .limit(1);
  if (draft) return true;
  const [version] = await db
    .select({ id: ivrVersions.id })
    .from(ivrVersions)
    .where(
      and(
        eq(ivrVersions.accountId, accountId),
        sql`jsonb_path_exists(${ivrVersions.snapshot}, '$.menus[*] ? (@.greetingRecordingUrl == $url)', jsonb_build_object('url', ${url}::text))`,
      ),
    )
    .limit(1);
  return Boolean(version);
}
