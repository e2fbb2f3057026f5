import { authMessages } from "@poundline/contracts/auth/messages";
import { isRefusal } from "../../api/errors";
import { type FieldMessages, hasMessage } from "../../lib/form-errors";

/** What the sign-in page tells: a notice over the form, a toast after a failed attempt. */

export interface Notice {
  color: "green" | "red";
  message: string;
}

/** The message for the query parameters the server's redirects put on /login. */
export function noticeOf(params: URLSearchParams): Notice | null {
  if (params.get("confirmed") === "1") return { color: "green", message: authMessages.emailConfirmed };
  if (params.get("reset") === "1") return { color: "green", message: authMessages.resetDone };
  if (params.has("confirm_error")) return { color: "red", message: authMessages.confirmLinkInvalid };
  if (params.get("error") === "google")
    return { color: "red", message: "Google sign-in failed. Please try again or sign in with your email." };
  return null;
}

export interface SignInToast {
  title: string;
  description: string;
}

/** Seed 000's title of a sign-in refused for an address not confirmed yet. */
export const EMAIL_NOT_CONFIRMED = "Email Not Confirmed";

/** Seed 000's toast for a message of the sign-in refusal. */
function refusalToast(message: string): SignInToast {
  if (message.includes(authMessages.emailNotConfirmed))
    return { title: EMAIL_NOT_CONFIRMED, description: "Please confirm your email address or try again." };
  if (message.includes(authMessages.invalidCredentials))
    return { title: "Invalid Credentials", description: "The email or password you entered is incorrect." };
  return { title: "Login Failed", description: message };
}

/** Seed 000's toast for a sign-in the server refused or could not answer. */
export function signInFailure(err: unknown): SignInToast {
  if (!isRefusal(err)) return { title: "Login Failed", description: "An unexpected error occurred." };
  return refusalToast(err.message);
}

/** The toast for a sign-in form the shared schema refused before sending it. */
export function invalidSignIn(errors: FieldMessages): SignInToast {
  const message = errors.email ?? errors.password;
  if (!message || hasMessage(errors, authMessages.missingCredentials))
    return { title: "Missing Fields", description: authMessages.missingCredentials };
  return refusalToast(message);
}
