import { countries } from "@poundline/db/enums";
import { toE164 } from "@poundline/domain/phone";
import { z } from "zod";
import { authMessages, EMAIL_PATTERN, PASSWORD_MAX_LENGTH, regionsOf } from "../auth/schemas";
import { line, text } from "../input";

/**
 * Request and response schemas of /api/settings (seed 001, User Settings: profile, company,
 * notifications, security), shared with the web's forms.
 */

export const settingsMessages = {
  nameRequired: "Please enter your first and last name.",
  invalidPhone: "Enter a valid phone number.",
  companyNameRequired: "Company name is required.",
  invalidEmail: authMessages.invalidEmail,
  sameEmail: "This is already your email address.",
  emailChangeSent: "We sent a confirmation link to your new address. Your email changes once you follow it.",
  emailChangeNeedsPassword: "Enter your current password to change your email address.",
  profileSaved: "Your profile has been updated.",
  companySaved: "Company information has been updated.",
  notificationsSaved: "Your notification preferences have been saved.",
  companyReadOnly: "Only the account's owner or an administrator can change the company information.",
  noCompany: "Your account has no company profile.",
  smsNeedsPhone: "Add your phone number to your profile to get voicemail texts.",
  notAnImage: "Please choose a PNG, JPEG, WebP or GIF image.",
  avatarTooLarge: "The image must be 5 MB or smaller.",
  avatarRemoved: "Your avatar has been removed.",
  sessionRevoked: "The session has been signed out.",
  signedOutEverywhere: "You have been signed out everywhere.",
} as const;

export const AVATAR_MAX_BYTES = 5 * 1024 * 1024;
/** Stored avatars are squares of this many pixels. */
export const AVATAR_SIZE_PX = 256;
/** A stored avatar's file name (random, WebP) and its owner's id, as its public URL carries them. */
export const AVATAR_FILE_PATTERN = /^[a-f0-9]{32}\.webp$/;
export const USER_ID_PATTERN = /^[a-z]{1,8}_[a-z0-9]{1,64}$/;

const NAME_MAX_LENGTH = 100;
const TEXT_MAX_LENGTH = 200;

const nameText = line(settingsMessages.nameRequired)
  .min(1, settingsMessages.nameRequired)
  .max(NAME_MAX_LENGTH, authMessages.fieldTooLong);

/** A phone number as typed, stored in E.164; empty clears it. */
const phoneText = line(settingsMessages.invalidPhone)
  .max(32, settingsMessages.invalidPhone)
  .refine((typed) => typed === "" || toE164(typed) !== null, settingsMessages.invalidPhone)
  .transform((typed) => (typed === "" ? null : toE164(typed)));

const optionalText = (max = TEXT_MAX_LENGTH) =>
  line()
    .max(max, authMessages.fieldTooLong)
    .nullish()
    .transform((v) => v || null);

const emailText = line(settingsMessages.invalidEmail)
  .toLowerCase()
  .max(254, settingsMessages.invalidEmail)
  .refine((email) => EMAIL_PATTERN.test(email), settingsMessages.invalidEmail);

export const profileSchema = z.object({
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  avatarUrl: z.string().nullable(),
  /** An address waiting for its confirmation link to be followed. */
  pendingEmail: z.string().nullable(),
});
export type Profile = z.output<typeof profileSchema>;

export const profileBodySchema = z.object(
  { firstName: nameText, lastName: nameText, phone: phoneText.nullish().transform((p) => p ?? null) },
  { error: settingsMessages.nameRequired },
);
export type ProfileInput = z.input<typeof profileBodySchema>;

/**
 * POST /email: the new address, the current password (for a user who has one) and, with
 * two-factor authentication on, a current code: a session left open is not enough to move the
 * account to another mailbox.
 */
export const emailChangeBodySchema = z.object(
  {
    email: emailText,
    password: text({ error: settingsMessages.emailChangeNeedsPassword, trim: false })
      .max(PASSWORD_MAX_LENGTH, authMessages.currentPasswordIncorrect)
      .optional(),
    code: line(authMessages.twoFactorCodeFormat).max(6, authMessages.twoFactorCodeFormat).optional(),
  },
  { error: settingsMessages.invalidEmail },
);
export type EmailChangeBody = z.output<typeof emailChangeBodySchema>;
export type EmailChangeInput = z.input<typeof emailChangeBodySchema>;

export const companySchema = z.object({
  companyName: z.string(),
  contactName: z.string().nullable(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  addressLine1: z.string().nullable(),
  addressLine2: z.string().nullable(),
  city: z.string().nullable(),
  stateProvince: z.string().nullable(),
  postalCode: z.string().nullable(),
  country: z.enum(countries),
});

/** GET /company: null when the user has no account; `canEdit` for the account's owner and admins. */
export const companyResponseSchema = z.object({ company: companySchema.nullable(), canEdit: z.boolean() });
export type CompanyResponse = z.output<typeof companyResponseSchema>;

/** PUT /company: every licensee field of seed 001, the E911 address checked as at registration. */
export const companyBodySchema = z
  .object(
    {
      companyName: line(settingsMessages.companyNameRequired)
        .min(1, settingsMessages.companyNameRequired)
        .max(TEXT_MAX_LENGTH, authMessages.fieldTooLong),
      contactName: optionalText(),
      email: line(settingsMessages.invalidEmail)
        .toLowerCase()
        .max(254, settingsMessages.invalidEmail)
        .refine((email) => email === "" || EMAIL_PATTERN.test(email), settingsMessages.invalidEmail)
        .nullish()
        .transform((v) => v || null),
      phone: phoneText.nullish().transform((p) => p ?? null),
      addressLine1: line(authMessages.addressRequired).max(TEXT_MAX_LENGTH, authMessages.fieldTooLong),
      addressLine2: optionalText(),
      city: line(authMessages.addressRequired).max(TEXT_MAX_LENGTH, authMessages.fieldTooLong),
      stateProvince: line(authMessages.addressRequired).max(10, authMessages.fieldTooLong).toUpperCase(),
      postalCode: line(authMessages.addressRequired).max(16, authMessages.fieldTooLong),
      country: z.enum(countries, { error: authMessages.invalidCountry }),
    },
    { error: settingsMessages.companyNameRequired },
  )
  .superRefine((body, ctx) => {
    for (const field of ["addressLine1", "city", "stateProvince", "postalCode"] as const) {
      if (!body[field])
        ctx.addIssue({ code: "custom", path: [field], message: authMessages.addressRequired });
    }
    if (body.stateProvince && !regionsOf(body.country).includes(body.stateProvince))
      ctx.addIssue({ code: "custom", path: ["stateProvince"], message: authMessages.invalidState });
  });
export type CompanyInput = z.input<typeof companyBodySchema>;

/**
 * Seed 001's three preferences (defaults email on, SMS off), and the shared inbox's: e-mail on an
 * assignment and on a mention, and the console's bell for each kind (assignment, mention, missed
 * call, voicemail). Those are on by default and left as they are when not sent.
 */
export const notificationPreferencesSchema = z.object(
  {
    emailNewVoicemail: z.boolean(),
    emailMissedCall: z.boolean(),
    smsNewVoicemail: z.boolean(),
    emailAssignment: z.boolean().optional(),
    emailMention: z.boolean().optional(),
    bellAssignment: z.boolean().optional(),
    bellMention: z.boolean().optional(),
    bellMissedCall: z.boolean().optional(),
    bellVoicemail: z.boolean().optional(),
    /** Web Push to the devices enabled in Settings → Notifications, per kind. */
    pushIncomingCall: z.boolean().optional(),
    pushMissedCall: z.boolean().optional(),
    pushVoicemail: z.boolean().optional(),
    pushText: z.boolean().optional(),
    pushAssignment: z.boolean().optional(),
    pushMention: z.boolean().optional(),
  },
  { error: "Every preference must be on or off." },
);
export type NotificationPreferences = z.output<typeof notificationPreferencesSchema>;

export const sessionSummarySchema = z.object({
  id: z.string(),
  /** "Chrome on macOS", from the user agent. */
  device: z.string(),
  ipAddress: z.string().nullable(),
  createdAt: z.string(),
  lastSeenAt: z.string().nullable(),
  current: z.boolean(),
});
export const sessionsResponseSchema = z.object({ sessions: z.array(sessionSummarySchema) });
export type SessionSummary = z.output<typeof sessionSummarySchema>;

export const sessionParamsSchema = z.object({ id: z.string().regex(/^[0-9a-f]{64}$/, "Session not found") });

export const signOutEverywhereBodySchema = z
  .object({
    /** Keep this browser signed in and end every other session. */
    keepCurrent: z.boolean().default(false),
  })
  .default({ keepCurrent: false });

export const settingsMessageSchema = z.object({ message: z.string() });
