import { relations, sql } from "drizzle-orm";
import { boolean, check, index, integer, pgTable, primaryKey, text, uniqueIndex } from "drizzle-orm/pg-core";
import { createdAt, idColumn, instant, oneOf, timestamps } from "./columns";
import {
  accountKinds,
  accountStatuses,
  adminRoles,
  countries,
  emailTokenPurposes,
  invitableRoles,
  membershipRoles,
} from "./enums";

/** The customer: a company, nonprofit or pound-code licensee. Every customer row carries its id. */
export const accounts = pgTable(
  "accounts",
  {
    id: idColumn(),
    companyName: text("company_name").notNull(),
    kind: text("kind", { enum: accountKinds }).notNull().default("business"),
    status: text("status", { enum: accountStatuses }).notNull().default("trialing"),
    contactName: text("contact_name"),
    email: text("email"),
    phone: text("phone"),
    avatarUrl: text("avatar_url"),
    // The E911 address given at registration (empty for a Google sign-up until completed).
    addressLine1: text("address_line_1"),
    addressLine2: text("address_line_2"),
    city: text("city"),
    stateProvince: text("state_province"),
    postalCode: text("postal_code"),
    country: text("country", { enum: countries }).notNull().default("US"),
    /**
     * ISO countries the account may call and text (the destination policy); null: its own
     * country only. Owners and admins edit it in Settings.
     */
    allowedCountries: text("allowed_countries").array(),
    /** Days call recordings are kept (30, 90 or 365); null: forever. Owners and admins edit it. */
    recordingRetentionDays: integer("recording_retention_days"),
    trialEndsAt: instant("trial_ends_at"),
    ...timestamps,
  },
  (t) => [
    check("accounts_kind_check", oneOf(t.kind, accountKinds)),
    check("accounts_status_check", oneOf(t.status, accountStatuses)),
    check("accounts_country_check", oneOf(t.country, countries)),
    check(
      "accounts_allowed_countries_check",
      sql`${t.allowedCountries} is null or array_to_string(${t.allowedCountries}, ',') ~ '^([A-Z]{2}(,|$))+$'`,
    ),
    check(
      "accounts_recording_retention_check",
      sql`${t.recordingRetentionDays} is null or ${t.recordingRetentionDays} in (30, 90, 365)`,
    ),
  ],
);

export const users = pgTable(
  "users",
  {
    id: idColumn(),
    /** Stored lower-cased; unique. */
    email: text("email").notNull(),
    passwordHash: text("password_hash"),
    firstName: text("first_name").notNull().default(""),
    lastName: text("last_name").notNull().default(""),
    phone: text("phone"),
    avatarUrl: text("avatar_url"),
    googleId: text("google_id"),
    /**
     * The TOTP key (RFC 6238, 160 bits) once two-factor authentication is on; null when off.
     * Encrypted (`v1:…`, AES-256-GCM under TOTP_KEY_SECRET); a bare base32 key is one stored
     * before encryption (or by a test fixture), read as is and encrypted on its next use.
     */
    totpKey: text("totp_key"),
    /** The last 30-second step whose code was accepted: a code is good once (RFC 6238 §5.2). */
    totpLastStep: integer("totp_last_step"),
    emailConfirmedAt: instant("email_confirmed_at"),
    lastSignInAt: instant("last_sign_in_at"),
    /** Set by an admin: the user cannot sign in and their sessions are refused (admin user management). */
    disabledAt: instant("disabled_at"),
    ...timestamps,
  },
  (t) => [
    uniqueIndex("users_email_key").on(t.email),
    uniqueIndex("users_google_id_key").on(t.googleId).where(sql`${t.googleId} is not null`),
    check("users_email_lowercase_check", sql`${t.email} = lower(${t.email})`),
  ],
);

export const accountMemberships = pgTable(
  "account_memberships",
  {
    accountId: text("account_id")
      .notNull()
      .references(() => accounts.id, { onDelete: "cascade" }),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    role: text("role", { enum: membershipRoles }).notNull().default("member"),
    /** When this person put the dashboard's setup guide away in this account (null: shown). */
    setupGuideDismissedAt: instant("setup_guide_dismissed_at"),
    ...createdAt,
  },
  (t) => [
    primaryKey({ columns: [t.accountId, t.userId] }),
    index("account_memberships_user_idx").on(t.userId),
    check("account_memberships_role_check", oneOf(t.role, membershipRoles)),
  ],
);

/** Sessions per the Lucia guide: the id is the SHA-256 of the token; the token itself is never stored. */
export const sessions = pgTable(
  "sessions",
  {
    id: text("id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    expiresAt: instant("expires_at").notNull(),
    ipAddress: text("ip_address"),
    userAgent: text("user_agent"),
    /**
     * The account this session works in (the console's account switcher); null: the user's
     * first account. A member removed from an account loses the sessions that were in it.
     */
    accountId: text("account_id").references(() => accounts.id, { onDelete: "cascade" }),
    /** Per the Lucia guide: a user with two-factor authentication is signed in once this is true. */
    twoFactorVerified: boolean("two_factor_verified").notNull().default(false),
    /** When the session was last used (updated at most every few minutes), for the sessions list. */
    lastSeenAt: instant("last_seen_at"),
    ...createdAt,
  },
  (t) => [index("sessions_user_idx").on(t.userId), index("sessions_account_idx").on(t.accountId)],
);

/**
 * An invitation to join an account with a role: a single-use link (only its hash is stored)
 * that expires; resending replaces the token, revoking or accepting closes it. At most one
 * open invitation per address and account.
 */
export const accountInvitations = pgTable(
  "account_invitations",
  {
    id: idColumn(),
    accountId: text("account_id")
      .notNull()
      .references(() => accounts.id, { onDelete: "cascade" }),
    /** Stored lower-cased. */
    email: text("email").notNull(),
    role: text("role", { enum: invitableRoles }).notNull(),
    tokenHash: text("token_hash").notNull(),
    invitedBy: text("invited_by").references(() => users.id, { onDelete: "set null" }),
    expiresAt: instant("expires_at").notNull(),
    /** When the link was last sent (the first time, or resent). */
    sentAt: instant("sent_at").notNull(),
    acceptedAt: instant("accepted_at"),
    acceptedBy: text("accepted_by").references(() => users.id, { onDelete: "set null" }),
    revokedAt: instant("revoked_at"),
    ...createdAt,
  },
  (t) => [
    uniqueIndex("account_invitations_token_key").on(t.tokenHash),
    uniqueIndex("account_invitations_open_key")
      .on(t.accountId, t.email)
      .where(sql`${t.acceptedAt} is null and ${t.revokedAt} is null`),
    check("account_invitations_role_check", oneOf(t.role, invitableRoles)),
    check("account_invitations_email_lowercase_check", sql`${t.email} = lower(${t.email})`),
    check("account_invitations_closed_once_check", sql`${t.acceptedAt} is null or ${t.revokedAt} is null`),
  ],
);

/** Two-factor recovery codes: shown once, stored as SHA-256 hashes, each usable once. */
export const twoFactorRecoveryCodes = pgTable(
  "two_factor_recovery_codes",
  {
    codeHash: text("code_hash").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    usedAt: instant("used_at"),
    ...createdAt,
  },
  (t) => [index("two_factor_recovery_codes_user_idx").on(t.userId)],
);

/** Single-use e-mail tokens (confirmation, password reset); only the hash is stored. */
export const emailTokens = pgTable(
  "email_tokens",
  {
    tokenHash: text("token_hash").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    purpose: text("purpose", { enum: emailTokenPurposes }).notNull(),
    /** change_email: the address that becomes the user's once the link is followed. */
    newEmail: text("new_email"),
    expiresAt: instant("expires_at").notNull(),
    usedAt: instant("used_at"),
    ...createdAt,
  },
  (t) => [
    index("email_tokens_user_idx").on(t.userId, t.purpose),
    check("email_tokens_purpose_check", oneOf(t.purpose, emailTokenPurposes)),
  ],
);

/** The seeds' admin users table: platform administrators (is_admin_user). */
export const adminUsers = pgTable(
  "admin_users",
  {
    userId: text("user_id")
      .primaryKey()
      .references(() => users.id, { onDelete: "cascade" }),
    role: text("role", { enum: adminRoles }).notNull().default("admin"),
    grantedBy: text("granted_by").references(() => users.id, { onDelete: "set null" }),
    ...createdAt,
  },
  (t) => [check("admin_users_role_check", oneOf(t.role, adminRoles))],
);

export const notificationPreferences = pgTable("notification_preferences", {
  userId: text("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  emailNewVoicemail: boolean("email_new_voicemail").notNull().default(true),
  emailMissedCall: boolean("email_missed_call").notNull().default(true),
  smsNewVoicemail: boolean("sms_new_voicemail").notNull().default(false),
  /** The shared inbox: a conversation or voicemail assigned to this person, a note naming them. */
  emailAssignment: boolean("email_assignment").notNull().default(true),
  emailMention: boolean("email_mention").notNull().default(true),
  /** The console's bell, per kind: each can be off while its e-mail stays on, and the reverse. */
  bellAssignment: boolean("bell_assignment").notNull().default(true),
  bellMention: boolean("bell_mention").notNull().default(true),
  bellMissedCall: boolean("bell_missed_call").notNull().default(true),
  bellVoicemail: boolean("bell_voicemail").notNull().default(true),
  /** Web Push to the devices the member enabled (push_subscriptions), per kind. */
  pushIncomingCall: boolean("push_incoming_call").notNull().default(true),
  pushMissedCall: boolean("push_missed_call").notNull().default(true),
  pushVoicemail: boolean("push_voicemail").notNull().default(true),
  pushText: boolean("push_text").notNull().default(true),
  pushAssignment: boolean("push_assignment").notNull().default(true),
  pushMention: boolean("push_mention").notNull().default(true),
  ...timestamps,
});

/**
 * A browser or phone a member enabled Web Push on: the push service's endpoint (unique: the same
 * browser subscribing again updates its row) and the keys its messages are encrypted to
 * (RFC 8291). A 404 or 410 from the push service deletes the row.
 */
export const pushSubscriptions = pgTable(
  "push_subscriptions",
  {
    id: idColumn(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    endpoint: text("endpoint").notNull(),
    /** The browser's ECDH public key (P-256, base64url) and its auth secret (base64url). */
    p256dh: text("p256dh").notNull(),
    auth: text("auth").notNull(),
    userAgent: text("user_agent"),
    ...createdAt,
    lastUsedAt: instant("last_used_at"),
  },
  (t) => [
    uniqueIndex("push_subscriptions_endpoint_idx").on(t.endpoint),
    index("push_subscriptions_user_idx").on(t.userId),
  ],
);

export const accountsRelations = relations(accounts, ({ many }) => ({
  memberships: many(accountMemberships),
}));
export const usersRelations = relations(users, ({ many, one }) => ({
  memberships: many(accountMemberships),
  sessions: many(sessions),
  admin: one(adminUsers),
  notificationPreferences: one(notificationPreferences),
}));
export const accountMembershipsRelations = relations(accountMemberships, ({ one }) => ({
  account: one(accounts, { fields: [accountMemberships.accountId], references: [accounts.id] }),
  user: one(users, { fields: [accountMemberships.userId], references: [users.id] }),
}));
export const sessionsRelations = relations(sessions, ({ one }) => ({
  user: one(users, { fields: [sessions.userId], references: [users.id] }),
}));
export const adminUsersRelations = relations(adminUsers, ({ one }) => ({
  user: one(users, { fields: [adminUsers.userId], references: [users.id] }),
}));
