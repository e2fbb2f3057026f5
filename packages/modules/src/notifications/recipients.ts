import { type Database, schema } from "@poundline/db";
import { asc, eq } from "drizzle-orm";

const { accountMemberships, notificationPreferences, users } = schema;

/** The notification preferences of a user, with the defaults of a user who never saved them. */
export interface Preferences {
  emailNewVoicemail: boolean;
  emailMissedCall: boolean;
  smsNewVoicemail: boolean;
  emailAssignment: boolean;
  emailMention: boolean;
  bellAssignment: boolean;
  bellMention: boolean;
  bellMissedCall: boolean;
  bellVoicemail: boolean;
  pushIncomingCall: boolean;
  pushMissedCall: boolean;
  pushVoicemail: boolean;
  pushText: boolean;
  pushAssignment: boolean;
  pushMention: boolean;
}

export const defaultPreferences: Preferences = {
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

export interface Member {
  userId: string;
  email: string;
  phone: string | null;
  firstName: string;
  preferences: Preferences;
}

type PreferenceRow = Partial<Record<keyof Preferences, boolean | null>> | null;

/** A saved row's preferences, each one the user never saved at its default. */
function withDefaults(row: PreferenceRow): Preferences {
  const keys = Object.keys(defaultPreferences) as (keyof Preferences)[];
  return Object.fromEntries(
    keys.map((key) => [key, row?.[key] ?? defaultPreferences[key]]),
  ) as unknown as Preferences;
}

/** One user's preferences (the defaults when they never saved any). */
export async function preferencesOf(db: Database, userId: string): Promise<Preferences> {
  const [row] = await db
    .select()
    .from(notificationPreferences)
    .where(eq(notificationPreferences.userId, userId))
    .limit(1);
  return withDefaults(row ?? null);
}

/** The members of an account with their preferences, owners first. */
export async function accountMembers(db: Database, accountId: string): Promise<Member[]> {
  const rows = await db
    .select({
      userId: users.id,
      email: users.email,
      phone: users.phone,
      firstName: users.firstName,
      preferences: notificationPreferences,
    })
    .from(accountMemberships)
    .innerJoin(users, eq(users.id, accountMemberships.userId))
    .leftJoin(notificationPreferences, eq(notificationPreferences.userId, users.id))
    .where(eq(accountMemberships.accountId, accountId))
    .orderBy(asc(accountMemberships.createdAt), asc(users.email));
  return rows.map((row) => ({
    userId: row.userId,
    email: row.email,
    phone: row.phone,
    firstName: row.firstName,
    preferences: withDefaults(row.preferences),
  }));
}
