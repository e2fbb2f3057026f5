import { authMessages, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from "@poundline/api/auth/messages";

interface ProblemToast {
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

export interface FormProblems {
  /** What to tell the user first. */
  toast: ProblemToast;
  /** Every field in error, to mark them all. */
  fields: Set<string>;
}

/** The issues of a failed zod parse, as the toast to show and the fields to mark. */
export function formProblems(
  issues: readonly { path: readonly PropertyKey[]; message: string }[],
): FormProblems {
  const fields = new Set(issues.map((issue) => String(issue.path[0] ?? "")));
  const messages = new Set(issues.map((issue) => issue.message));
  const known = problemToasts.find(([message]) => messages.has(message));
  const toast = known?.[1] ?? { title: "Invalid Information", description: issues[0]?.message ?? "" };
  return { toast, fields };
}
