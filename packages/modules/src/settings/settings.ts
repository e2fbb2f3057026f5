import { can } from "@poundline/contracts/auth/permissions";
import { AppError } from "@poundline/contracts/errors";
import {
  type CompanyResponse,
  type NotificationPreferences,
  type SessionSummary,
  settingsMessages,
} from "@poundline/contracts/settings/schemas";
import { type Database, schema } from "@poundline/db";
import { and, desc, eq, gt } from "drizzle-orm";
import type { AuthContext } from "../auth/sessions";
import { describeDevice } from "./device";

/** The use cases of the settings screen: each reads and writes the signed-in user's own rows only. */

const { users, accounts, notificationPreferences, sessions } = schema;

/** Seed 001's defaults, for a user who never saved any. */
export const DEFAULT_NOTIFICATION_PREFERENCES: NotificationPreferences = {
  emailNewVoicemail: true,
  emailMissedCall: true,
  smsNewVoicemail: false,
  emailAssignment: true,
  emailMention: true,
  bellAssignment: true,
  bellMention: true,
  bellMissedCall: true,
  bellVoicemail: true,
  pushIncomingCall: true,
  pushMissedCall: true,
  pushVoicemail: true,
  pushText: true,
  pushAssignment: true,
  pushMention: true,
};

export async function readProfile(db: Database, userId: string) {
  const [row] = await db
    .select({
      firstName: users.firstName,
      lastName: users.lastName,
      email: users.email,
      phone: users.phone,
      avatarUrl: users.avatarUrl,
    })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  if (!row) throw new AppError("UNAUTHORIZED", "Auth session missing!");
  return row;
}

export async function saveProfile(
  db: Database,
  userId: string,
  body: { firstName: string; lastName: string; phone: string | null },
  now: Date,
) {
  await db
    .update(users)
    .set({ firstName: body.firstName, lastName: body.lastName, phone: body.phone, updatedAt: now })
    .where(eq(users.id, userId));
}

/** Sets (or clears) the avatar; answers the one it replaced, for its file to be removed. */
export async function setAvatarUrl(db: Database, userId: string, url: string | null, now: Date) {
  return db.transaction(async (tx) => {
    const [before] = await tx
      .select({ avatarUrl: users.avatarUrl })
      .from(users)
      .where(eq(users.id, userId))
      .for("update");
    await tx.update(users).set({ avatarUrl: url, updatedAt: now }).where(eq(users.id, userId));
    return before?.avatarUrl ?? null;
  });
}

/** Who edits the company is the permission table's to say; everyone in the account reads it. */
const canEditCompany = (auth: AuthContext) =>
  auth.account !== null && can(auth.account.role, "settings.company");

export async function readCompany(db: Database, auth: AuthContext): Promise<CompanyResponse> {
  if (!auth.account) return { company: null, canEdit: false };
  const [company] = await db
    .select({
      companyName: accounts.companyName,
      contactName: accounts.contactName,
      email: accounts.email,
      phone: accounts.phone,
      addressLine1: accounts.addressLine1,
      addressLine2: accounts.addressLine2,
      city: accounts.city,
      stateProvince: accounts.stateProvince,
      postalCode: accounts.postalCode,
      country: accounts.country,
    })
    .from(accounts)
    .where(eq(accounts.id, auth.account.id))
    .limit(1);
  return { company: company ?? null, canEdit: Boolean(company) && canEditCompany(auth) };
}

export async function saveCompany(
  db: Database,
  auth: AuthContext,
  body: NonNullable<CompanyResponse["company"]>,
  now: Date,
) {
  if (!auth.account) throw new AppError("NOT_FOUND", settingsMessages.noCompany);
  if (!canEditCompany(auth)) throw new AppError("FORBIDDEN", settingsMessages.companyReadOnly);
  await db
    .update(accounts)
    .set({ ...body, updatedAt: now })
    .where(eq(accounts.id, auth.account.id));
}

export async function readNotificationPreferences(
  db: Database,
  userId: string,
): Promise<NotificationPreferences> {
  const [row] = await db
    .select({
      emailNewVoicemail: notificationPreferences.emailNewVoicemail,
      emailMissedCall: notificationPreferences.emailMissedCall,
      smsNewVoicemail: notificationPreferences.smsNewVoicemail,
      emailAssignment: notificationPreferences.emailAssignment,
      emailMention: notificationPreferences.emailMention,
      bellAssignment: notificationPreferences.bellAssignment,
      bellMention: notificationPreferences.bellMention,
      bellMissedCall: notificationPreferences.bellMissedCall,
      bellVoicemail: notificationPreferences.bellVoicemail,
      pushIncomingCall: notificationPreferences.pushIncomingCall,
      pushMissedCall: notificationPreferences.pushMissedCall,
      pushVoicemail: notificationPreferences.pushVoicemail,
      pushText: notificationPreferences.pushText,
      pushAssignment: notificationPreferences.pushAssignment,
      pushMention: notificationPreferences.pushMention,
    })
    .from(notificationPreferences)
    .where(eq(notificationPreferences.userId, userId))
    .limit(1);
  return row ?? DEFAULT_NOTIFICATION_PREFERENCES;
}

/** Saves the preferences sent; texts need a phone number on the profile to go to. */
export async function saveNotificationPreferences(
  db: Database,
  userId: string,
  body: NotificationPreferences,
  now: Date,
) {
  if (body.smsNewVoicemail) {
    const { phone } = await readProfile(db, userId);
    if (!phone)
      throw new AppError("BAD_REQUEST", settingsMessages.smsNeedsPhone, {
        smsNewVoicemail: [settingsMessages.smsNeedsPhone],
      });
  }
  await db
    .insert(notificationPreferences)
    .values({ userId, ...body })
    .onConflictDoUpdate({ target: notificationPreferences.userId, set: { ...body, updatedAt: now } });
}

/** The user's sessions that have not expired, most recently used first. */
export async function listSessions(db: Database, auth: AuthContext, now: Date): Promise<SessionSummary[]> {
  const rows = await db
    .select({
      id: sessions.id,
      userAgent: sessions.userAgent,
      ipAddress: sessions.ipAddress,
      createdAt: sessions.createdAt,
      lastSeenAt: sessions.lastSeenAt,
    })
    .from(sessions)
    .where(and(eq(sessions.userId, auth.user.id), gt(sessions.expiresAt, now)))
    .orderBy(desc(sessions.lastSeenAt), desc(sessions.createdAt));
  return rows.map((row) => ({
    id: row.id,
    device: describeDevice(row.userAgent),
    ipAddress: row.ipAddress,
    createdAt: row.createdAt.toISOString(),
    lastSeenAt: (row.lastSeenAt ?? row.createdAt).toISOString(),
    current: row.id === auth.sessionId,
  }));
}

/** Ends one of the user's sessions; another user's (or an unknown) id is 404. */
export async function revokeSession(db: Database, auth: AuthContext, sessionId: string) {
  const deleted = await db
    .delete(sessions)
    .where(and(eq(sessions.id, sessionId), eq(sessions.userId, auth.user.id)))
    .returning({ id: sessions.id });
  if (deleted.length === 0) throw new AppError("NOT_FOUND", "Session not found");
}
