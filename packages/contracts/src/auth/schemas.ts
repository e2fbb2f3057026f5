import { canadianProvinces, countries, usStates } from "@poundline/db/enums";
import { z } from "zod";
import { line, text } from "../input";
import {
  authMessages,
  CHANGED_PASSWORD_MIN_LENGTH,
  EMAIL_PATTERN,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
} from "./messages";
import { actions } from "./permissions";

/**
 * Request and response schemas of /api/auth, shared with the web so its forms show the same
 * messages (./messages, re-exported here, holds the words without zod).
 */
export * from "./messages";

const EMAIL_MAX_LENGTH = 254;
const NAME_MAX_LENGTH = 100;
const TEXT_MAX_LENGTH = 200;

const usStateSet: ReadonlySet<string> = new Set(usStates);
const canadianProvinceSet: ReadonlySet<string> = new Set(canadianProvinces);

/** The state/province codes valid for a country. */
export function regionsOf(country: (typeof countries)[number]): readonly string[] {
  return country === "CA" ? canadianProvinces : usStates;
}

/** A trimmed line whose absence, wrong type or emptiness all give `message`. */
const requiredText = (message: string, max = TEXT_MAX_LENGTH) =>
  line(message).min(1, message).max(max, authMessages.fieldTooLong);

/** A trimmed line that may be empty here; the emptiness rule lives in a refinement. */
const addressText = (message: string, max = TEXT_MAX_LENGTH) =>
  line(message).max(max, authMessages.fieldTooLong);

/** A password as typed: never trimmed, but no control character either. */
const passwordText = (message: string) => text({ error: message, trim: false });

const emailField = (requiredMessage: string, tooLongMessage: string) =>
  line(requiredMessage).toLowerCase().min(1, requiredMessage).max(EMAIL_MAX_LENGTH, tooLongMessage);

/**
 * POST /register. Field checks come first, then one refinement that applies the remaining rules
 * in the seed's order (password length, confirmation, E911 address, state list), so a form
 * with several problems reports them in that order.
 */
export const registerBodySchema = z
  .object(
    {
      firstName: requiredText(authMessages.fillNameEmailCompany, NAME_MAX_LENGTH),
      lastName: requiredText(authMessages.fillNameEmailCompany, NAME_MAX_LENGTH),
      email: emailField(authMessages.fillNameEmailCompany, authMessages.invalidEmail).refine(
        (email) => email === "" || EMAIL_PATTERN.test(email),
        authMessages.invalidEmail,
      ),
      company: requiredText(authMessages.fillNameEmailCompany),
      password: passwordText(authMessages.passwordTooShort),
      confirmPassword: passwordText(authMessages.passwordsDontMatch),
      addressLine1: addressText(authMessages.addressRequired),
      addressLine2: line()
        .max(TEXT_MAX_LENGTH, authMessages.fieldTooLong)
        .nullish()
        .transform((v) => v || null),
      city: addressText(authMessages.addressRequired),
      state: addressText(authMessages.addressRequired, 2 + 8).toUpperCase(),
      zipCode: addressText(authMessages.addressRequired, 16),
      country: z.enum(countries, { error: authMessages.invalidCountry }),
    },
    { error: authMessages.fillNameEmailCompany },
  )
  .superRefine((body, ctx) => {
    const issue = (path: string, message: string) => ctx.addIssue({ code: "custom", path: [path], message });
    if (body.password.length < PASSWORD_MIN_LENGTH) issue("password", authMessages.passwordTooShort);
    else if (body.password.length > PASSWORD_MAX_LENGTH) issue("password", authMessages.passwordTooLong);
    if (body.confirmPassword !== body.password) issue("confirmPassword", authMessages.passwordsDontMatch);
    for (const field of ["addressLine1", "city", "state", "zipCode"] as const) {
      if (!body[field]) issue(field, authMessages.addressRequired);
    }
    const regions = body.country === "CA" ? canadianProvinceSet : usStateSet;
    if (body.state && !regions.has(body.state)) issue("state", authMessages.invalidState);
  });
export type RegisterInput = z.input<typeof registerBodySchema>;
export type RegisterBody = z.output<typeof registerBodySchema>;

export const loginBodySchema = z.object(
  {
    // An over-long e-mail or password cannot belong to an account: same answer as a wrong one.
    email: emailField(authMessages.missingCredentials, authMessages.invalidCredentials),
    password: passwordText(authMessages.missingCredentials)
      .min(1, authMessages.missingCredentials)
      .max(PASSWORD_MAX_LENGTH, authMessages.invalidCredentials),
  },
  { error: authMessages.missingCredentials },
);
export type LoginBody = z.output<typeof loginBodySchema>;

export const forgotPasswordBodySchema = z.object(
  { email: emailField(authMessages.emailRequired, authMessages.invalidEmail) },
  { error: authMessages.emailRequired },
);
export type ForgotPasswordBody = z.output<typeof forgotPasswordBodySchema>;

/** "Resend the confirmation e-mail": the address, as the sign-in form has it. */
export const resendConfirmationBodySchema = forgotPasswordBodySchema;

/** An e-mailed token as it arrives: a link that was cut or edited is simply an invalid one. */
const emailedToken = (message: string) => line(message).min(1, message).max(200, message);

export const resetPasswordBodySchema = z
  .object(
    {
      token: emailedToken(authMessages.resetLinkInvalid),
      password: passwordText(authMessages.passwordTooShort),
      confirmPassword: passwordText(authMessages.passwordsDontMatch),
    },
    { error: authMessages.resetLinkInvalid },
  )
  .superRefine((body, ctx) => {
    if (body.password.length < PASSWORD_MIN_LENGTH)
      ctx.addIssue({ code: "custom", path: ["password"], message: authMessages.passwordTooShort });
    else if (body.password.length > PASSWORD_MAX_LENGTH)
      ctx.addIssue({ code: "custom", path: ["password"], message: authMessages.passwordTooLong });
    if (body.confirmPassword !== body.password)
      ctx.addIssue({ code: "custom", path: ["confirmPassword"], message: authMessages.passwordsDontMatch });
  });
export type ResetPasswordBody = z.output<typeof resetPasswordBodySchema>;

/** Seed 001, settings: confirmation first, then the 6-character minimum. */
export const changePasswordBodySchema = z
  .object(
    {
      /** May be omitted by a user who signed up with Google and never set a password. */
      currentPassword: passwordText(authMessages.currentPasswordIncorrect)
        .max(PASSWORD_MAX_LENGTH, authMessages.currentPasswordIncorrect)
        .optional(),
      newPassword: passwordText(authMessages.newPasswordTooShort),
      confirmPassword: passwordText(authMessages.newPasswordsDontMatch),
      /** Other sessions end unless the user asks to keep them. */
      signOutOtherSessions: z.boolean().default(true),
    },
    { error: authMessages.newPasswordTooShort },
  )
  .superRefine((body, ctx) => {
    if (body.confirmPassword !== body.newPassword)
      ctx.addIssue({
        code: "custom",
        path: ["confirmPassword"],
        message: authMessages.newPasswordsDontMatch,
      });
    if (body.newPassword.length < CHANGED_PASSWORD_MIN_LENGTH)
      ctx.addIssue({ code: "custom", path: ["newPassword"], message: authMessages.newPasswordTooShort });
    else if (body.newPassword.length > PASSWORD_MAX_LENGTH)
      ctx.addIssue({ code: "custom", path: ["newPassword"], message: authMessages.passwordTooLong });
  });
export type ChangePasswordInput = z.input<typeof changePasswordBodySchema>;
export type ChangePasswordBody = z.output<typeof changePasswordBodySchema>;

export const confirmEmailBodySchema = z.object(
  { token: emailedToken(authMessages.confirmLinkInvalid) },
  { error: authMessages.confirmLinkInvalid },
);

/**
 * Query strings of links a browser follows (e-mail links, the Google callback): anything odd
 * in them becomes "absent", so the answer is a redirect to an error page, never a JSON 400.
 */
const lenientParam = text({ trim: false }).max(2048).optional().catch(undefined);
export const confirmEmailQuerySchema = z.object({ token: lenientParam }).catch({ token: undefined });
export const googleCallbackQuerySchema = z
  .object({ code: lenientParam, state: lenientParam, error: lenientParam })
  .catch({ code: undefined, state: undefined, error: undefined });

export const messageResponseSchema = z.object({ message: z.string() });
export type MessageResponse = z.output<typeof messageResponseSchema>;

export const sessionUserSchema = z.object({
  id: z.string(),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
});
export const sessionAccountSchema = z.object({
  id: z.string(),
  companyName: z.string(),
  role: z.string(),
  /** What this role may do (auth/permissions.ts): the console hides the rest. */
  permissions: z.array(z.enum(actions)),
});

/**
 * GET /session: who is signed in; all null/false for a visitor. `twoFactorPending`: the password
 * was right but the two-factor code is still due (user stays null until it is given).
 */
export const sessionResponseSchema = z.object({
  user: sessionUserSchema.extend({ avatarUrl: z.string().nullable() }).nullable(),
  account: sessionAccountSchema.nullable(),
  isAdmin: z.boolean(),
  twoFactorEnabled: z.boolean(),
  twoFactorPending: z.boolean(),
});
export type SessionResponse = z.output<typeof sessionResponseSchema>;

/** POST /login and POST /two-factor/verify: the same shape (no user while the code is due). */
export const loginResponseSchema = sessionResponseSchema;
export type LoginResponse = z.output<typeof loginResponseSchema>;

/** Six digits; apps show them with a space in the middle, people type them either way. */
const totpCodeText = line(authMessages.twoFactorCodeFormat)
  .max(16, authMessages.twoFactorCodeFormat)
  .transform((code) => code.replace(/\s+/g, ""))
  .refine((code) => /^\d{6}$/.test(code), authMessages.twoFactorCodeFormat);

/** Recovery codes are typed in any case, with or without their dash. */
const recoveryCodeText = line(authMessages.recoveryCodeInvalid)
  .max(64, authMessages.recoveryCodeInvalid)
  .transform((code) => code.replace(/[\s-]+/g, "").toLowerCase());

/** POST /two-factor/verify: the second step of sign-in, with a code or a recovery code. */
export const verifyTwoFactorBodySchema = z
  .object(
    { code: totpCodeText.optional(), recoveryCode: recoveryCodeText.optional() },
    { error: authMessages.twoFactorCodeOrRecovery },
  )
  .refine((body) => body.code !== undefined || (body.recoveryCode ?? "") !== "", {
    path: ["code"],
    message: authMessages.twoFactorCodeOrRecovery,
  });
export type VerifyTwoFactorInput = z.input<typeof verifyTwoFactorBodySchema>;
export type VerifyTwoFactorBody = z.output<typeof verifyTwoFactorBodySchema>;

/** GET /two-factor/setup: a fresh key to scan; nothing is stored until it is confirmed. */
export const twoFactorSetupResponseSchema = z.object({
  key: z.string(),
  uri: z.string(),
  /** The QR code of `uri`, an SVG image as a data: URL. */
  qrCode: z.string(),
});
export type TwoFactorSetup = z.output<typeof twoFactorSetupResponseSchema>;

/** POST /two-factor/enable: the key from setup and a code it generated, proving the app has it. */
export const enableTwoFactorBodySchema = z.object(
  {
    key: line(authMessages.twoFactorKeyInvalid).max(128, authMessages.twoFactorKeyInvalid),
    code: totpCodeText,
  },
  { error: authMessages.twoFactorCodeFormat },
);
export type EnableTwoFactorInput = z.input<typeof enableTwoFactorBodySchema>;

/** POST /two-factor/recovery-codes: a current code, for a new set of recovery codes. */
export const recoveryCodesBodySchema = enableTwoFactorBodySchema.pick({ code: true });

/** POST /two-factor/disable: a current code, or the password. */
export const disableTwoFactorBodySchema = z
  .object(
    {
      code: totpCodeText.optional(),
      password: passwordText(authMessages.twoFactorCodeOrPassword)
        .max(PASSWORD_MAX_LENGTH, authMessages.currentPasswordIncorrect)
        .optional(),
    },
    { error: authMessages.twoFactorCodeOrPassword },
  )
  .refine((body) => body.code !== undefined || (body.password ?? "") !== "", {
    path: ["code"],
    message: authMessages.twoFactorCodeOrPassword,
  });
export type DisableTwoFactorInput = z.input<typeof disableTwoFactorBodySchema>;

/** The recovery codes, in clear this once (enable, regenerate). */
export const recoveryCodesResponseSchema = z.object({
  message: z.string(),
  recoveryCodes: z.array(z.string()),
});
export type RecoveryCodesResponse = z.output<typeof recoveryCodesResponseSchema>;

/** GET /two-factor: whether it is on and how many recovery codes are left. */
export const twoFactorStatusSchema = z.object({ enabled: z.boolean(), recoveryCodesLeft: z.number().int() });
export type TwoFactorStatus = z.output<typeof twoFactorStatusSchema>;

/** A redirect or a 204: no body. */
export const emptyResponseSchema = z.null().describe("No body");
