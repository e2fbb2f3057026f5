/**
 * The words and limits of the account forms, without zod, so the web's sign-in pages can use
 * them without loading the schemas. The messages are the seeds' words where the seeds give them.
 */
export const authMessages = {
  registered: "Registration Successful! Please check your email to confirm your account before signing in.",
  fillNameEmailCompany: "Please fill in your name, email, and company.",
  invalidEmail: "Invalid Email",
  passwordTooShort: "Password Too Short",
  passwordTooLong: "Password Too Long",
  passwordsDontMatch: "Passwords Don't Match",
  addressRequired: "Your physical address is required for E911 services.",
  invalidState: "Please choose a state or province from the list.",
  invalidCountry: "Please choose a country: US or CA.",
  fieldTooLong: "This field is too long.",
  emailTaken: "An account with this email already exists. Please try logging in instead.",
  missingCredentials: "Please enter both email and password.",
  invalidCredentials: "Invalid login credentials",
  emailNotConfirmed: "Email not confirmed",
  emailConfirmed: "Your email address has been confirmed. You can now sign in.",
  confirmLinkInvalid: "This confirmation link is invalid or has expired.",
  confirmationResent:
    "If this address has an account waiting for confirmation, a new confirmation email is on its way.",
  emailRequired: "Please enter your email address.",
  resetRequested: "If an account exists for this email, you will receive password reset instructions.",
  resetDone: "Your password has been reset. Please sign in.",
  resetLinkInvalid: "This password reset link is invalid or has expired.",
  newPasswordsDontMatch: "New passwords do not match.",
  newPasswordTooShort: "New password must be at least 6 characters.",
  currentPasswordIncorrect: "Current password is incorrect.",
  passwordChanged: "Your password has been updated.",
  googleNotConfigured: "Google sign-in is not configured.",
  accountDisabled: "This account has been disabled.",
  twoFactorCodeFormat: "Enter the 6-digit code from your authenticator app.",
  twoFactorCodeInvalid: "Invalid code. Please try again.",
  recoveryCodeInvalid: "This recovery code is invalid or has already been used.",
  twoFactorCodeOrRecovery: "Enter the code from your authenticator app or a recovery code.",
  twoFactorCodeOrPassword: "Enter a code from your authenticator app or your password.",
  twoFactorAlreadyOn: "Two-factor authentication is already on.",
  twoFactorOff: "Two-factor authentication is not on.",
  twoFactorEnabled: "Two-factor authentication is on.",
  twoFactorDisabled: "Two-factor authentication is off.",
  twoFactorSignInExpired: "Your sign-in has expired. Please sign in again.",
  twoFactorKeyInvalid: "The setup key is invalid. Please start again.",
} as const;

/** Registration minimum (seed 000); the settings screen's minimum is lower (seed 001). */
export const PASSWORD_MIN_LENGTH = 8;
export const CHANGED_PASSWORD_MIN_LENGTH = 6;
/** Long enough for any passphrase, short enough to keep hashing cheap. */
export const PASSWORD_MAX_LENGTH = 256;

/** The seed's "simple address pattern": something@something.something, no spaces. */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
