import { authMessages, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from "@poundline/contracts/auth/messages";
import { isRefusal } from "../../api/errors";
import { type FieldMessages, firstMessage, hasMessage } from "../../lib/form-errors";

export interface ProblemToast {
  title: string;
  description: string;
}

/**
 * The toast for each message of the shared auth schemas, in the order seed 000 checks them:
 * a form with several problems reports the earliest one.
 */
const problemToasts: [message: string, toast: ProblemToast][] = [
  [
    authMessages.fillNameEmailCompany,
    { title: "Missing Information", description: authMessages.fillNameEmailCompany },
  ],
  [authMessages.invalidEmail, { title: "Invalid Email", description: "Please enter a valid email address." }],
  [
    authMessages.passwordTooShort,
    {
      title: "Password Too Short",
      description: `Password must be at least ${PASSWORD_MIN_LENGTH} characters long.`,
    },
  ],
  [
    authMessages.passwordTooLong,
    {
      title: "Password Too Long",
      description: `Password must be at most ${PASSWORD_MAX_LENGTH} characters long.`,
    },
  ],
  [
    authMessages.passwordsDontMatch,
    { title: "Passwords Don't Match", description: "Please make sure both passwords are the same." },
  ],
  [authMessages.addressRequired, { title: "Address Required", description: authMessages.addressRequired }],
  [authMessages.invalidState, { title: "Invalid Address", description: authMessages.invalidState }],
  [authMessages.invalidCountry, { title: "Invalid Address", description: authMessages.invalidCountry }],
  [authMessages.fieldTooLong, { title: "Invalid Information", description: authMessages.fieldTooLong }],
];

/**
 * The toast for a form the shared auth schemas refused: the seed's toast for the earliest of its
 * messages in the seed's order, else the first message as it is.
 */
export function problemToast(errors: FieldMessages, fields: readonly string[]): ProblemToast {
  const known = problemToasts.find(([message]) => hasMessage(errors, message));
  return known?.[1] ?? { title: "Invalid Information", description: firstMessage(errors, fields) ?? "" };
}

/** Seed 000's wording for a registration the server refused or could not answer. */
export function registrationFailure(err: unknown): string {
  if (!isRefusal(err)) return "An unexpected error occurred.";
  if (err.status === 409) return authMessages.emailTaken;
  if (err.fields.email?.[0]) return "Invalid email";
  return err.fields.password?.[0] ?? err.message;
}
