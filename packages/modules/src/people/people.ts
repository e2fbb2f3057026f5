import type {
  AvailabilityBody,
  DirectLineBody,
  ForwardingBody,
  Member,
  WorkingHoursBody,
} from "@poundline/contracts/people/schemas";
import { type Database, schema, sqlStateOf } from "@poundline/db";
import { DEFAULT_TIME_ZONE, isWorking } from "@poundline/domain";
import { and, asc, eq } from "drizzle-orm";
import { memberName } from "../carrier/routing-tables";

type Settings = typeof schema.memberSettings.$inferSelect;
type SettingsPatch = Partial<
  Pick<
    Settings,
    | "availability"
    | "timeZone"
    | "workingHours"
    | "forwardingPhone"
    | "ringBrowser"
    | "directNumberId"
    | "extensionId"
  >
>;

/** A member's settings with the defaults of one who saved none (available, any time, no phone). */
const DEFAULTS = {
  availability: "available",
  timeZone: DEFAULT_TIME_ZONE,
  workingHours: null,
  forwardingPhone: null,
  ringBrowser: false,
  directNumberId: null,
  extensionId: null,
} as const satisfies SettingsPatch;

/** The member's own settings in the account (defaults when they saved none). */
export async function settingsOf(db: Database, accountId: string, userId: string) {
  const [row] = await db
    .select()
    .from(schema.memberSettings)
    .where(and(eq(schema.memberSettings.accountId, accountId), eq(schema.memberSettings.userId, userId)));
  return { ...DEFAULTS, ...row };
}

/** Saves part of a member's settings (the row made on the first save). */
export async function saveSettings(
  db: Pick<Database, "insert">,
  accountId: string,
  userId: string,
  patch: SettingsPatch,
): Promise<void> {
  await db
    .insert(schema.memberSettings)
    .values({ accountId, userId, ...patch })
    .onConflictDoUpdate({
      target: [schema.memberSettings.accountId, schema.memberSettings.userId],
      set: { ...patch, updatedAt: new Date() },
    });
}

export const setAvailability = (db: Database, accountId: string, userId: string, body: AvailabilityBody) =>
  saveSettings(db, accountId, userId, body);
export const setWorkingHours = (db: Database, accountId: string, userId: string, body: WorkingHoursBody) =>
  saveSettings(db, accountId, userId, body);
export const setForwarding = (db: Database, accountId: string, userId: string, body: ForwardingBody) =>
  saveSettings(db, accountId, userId, body);

/** The account's members by name, with their settings and whether they are at work at `now`. */
export async function listMembers(
  db: Database,
  accountId: string,
  now: Date,
  userId?: string,
): Promise<Member[]> {
  const { accountMemberships: m, users: u, memberSettings: s, phoneNumbers: n, extensions: e } = schema;
  const rows = await db
    .select({ membership: m, user: u, settings: s, number: n, extension: e })
    .from(m)
    .innerJoin(u, eq(u.id, m.userId))
    .leftJoin(s, and(eq(s.accountId, m.accountId), eq(s.userId, m.userId)))
    .leftJoin(n, and(eq(n.id, s.directNumberId), eq(n.accountId, m.accountId)))
    .leftJoin(e, and(eq(e.id, s.extensionId), eq(e.accountId, m.accountId)))
    .where(and(eq(m.accountId, accountId), userId ? eq(m.userId, userId) : undefined))
    .orderBy(asc(u.firstName), asc(u.lastName), asc(u.email));
  return rows.map(({ membership, user, settings, number, extension }) => {
    const own = { ...DEFAULTS, ...settings };
    return {
      userId: user.id,
      name: memberName(user),
      email: user.email,
      role: membership.role,
      availability: own.availability,
      timeZone: own.timeZone,
      workingHours: own.workingHours,
      working: isWorking(own, now),
      forwardingPhone: own.forwardingPhone,
      directNumber: number ? { id: number.id, e164: number.e164 } : null,
      extension: extension
        ? { id: extension.id, extensionNumber: extension.extensionNumber, name: extension.name }
        : null,
    };
  });
}

export type DirectLineResult =
  | { ok: true }
  | { ok: false; reason: "member_not_found" | "number_not_found" | "extension_not_found" }
  | { ok: false; reason: "number_taken" | "extension_taken" };

/**
 * Gives a member a direct number and an extension of the account, each held by one member at a
 * time. Another account's member, number or extension is "not found", as a missing one.
 */
export async function setDirectLine(
  db: Database,
  accountId: string,
  userId: string,
  body: DirectLineBody,
): Promise<DirectLineResult> {
  try {
    return await assignDirectLine(db, accountId, userId, body);
  } catch (err) {
    // Two owners giving the same line to two members at once: the unique index keeps one.
    if (sqlStateOf(err) !== "23505") throw err;
    const which = String((err as Error).cause ?? err).includes("direct_number") ? "number" : "extension";
    return { ok: false, reason: `${which}_taken` };
  }
}

function assignDirectLine(
  db: Database,
  accountId: string,
  userId: string,
  body: DirectLineBody,
): Promise<DirectLineResult> {
  return db.transaction(async (tx) => {
    const { accountMemberships: m, phoneNumbers: n, extensions: e, memberSettings: s } = schema;
    const [member] = await tx
      .select({ userId: m.userId })
      .from(m)
      .where(and(eq(m.accountId, accountId), eq(m.userId, userId)));
    if (!member) return { ok: false, reason: "member_not_found" };
    if (body.directNumberId) {
      const [number] = await tx
        .select({ id: n.id })
        .from(n)
        .where(and(eq(n.id, body.directNumberId), eq(n.accountId, accountId)));
      if (!number) return { ok: false, reason: "number_not_found" };
      const [holder] = await tx.select({ userId: s.userId }).from(s).where(eq(s.directNumberId, number.id));
      if (holder && holder.userId !== userId) return { ok: false, reason: "number_taken" };
    }
    if (body.extensionId) {
      const [extension] = await tx
        .select({ id: e.id })
        .from(e)
        .where(and(eq(e.id, body.extensionId), eq(e.accountId, accountId)));
      if (!extension) return { ok: false, reason: "extension_not_found" };
      const [holder] = await tx.select({ userId: s.userId }).from(s).where(eq(s.extensionId, extension.id));
      if (holder && holder.userId !== userId) return { ok: false, reason: "extension_taken" };
    }
    await saveSettings(tx, accountId, userId, body);
    return { ok: true };
  });
}
