import { type Database, schema } from "@poundline/db";
import { asc, eq } from "drizzle-orm";

const { accountMemberships, notificationPreferences, users } = schema;

/** The notification preferences of a user, with the defaults of a user who never saved them. */
export interface Preferences {
  emailNewVoicemail: boolean;
  emailMissedCall: boolean;
  smsNewVoicemail: boolean;
}

export const defaultPreferences: Preferences = {
  emailNewVoicemail: true,
  emailMissedCall: true,
  smsNewVoicemail: false,
};

export interface Member {
  userId: string;
  email: string;
  phone: string | null;
  firstName: string;
  preferences: Preferences;
}

/** The members of an account with their preferences, owners first. */
export async function accountMembers(db: Database, accountId: string): Promise<Member[]> {
  const rows = await db
    .select({
      userId: users.id,
      email: users.email,
      phone: users.phone,
      firstName: users.firstName,
      emailNewVoicemail: notificationPreferences.emailNewVoicemail,
      emailMissedCall: notificationPreferences.emailMissedCall,
      smsNewVoicemail: notificationPreferences.smsNewVoicemail,
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
    preferences: {
      emailNewVoicemail: row.emailNewVoicemail ?? defaultPreferences.emailNewVoicemail,
      emailMissedCall: row.emailMissedCall ?? defaultPreferences.emailMissedCall,
      smsNewVoicemail: row.smsNewVoicemail ?? defaultPreferences.smsNewVoicemail,
    },
  }));
}
