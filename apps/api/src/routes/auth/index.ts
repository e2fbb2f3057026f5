import type { GoogleTokenExchange } from "@poundline/modules/auth/google";
import type { FastifyPluginAsync } from "fastify";
import { endpointRoutes } from "../../http/contract-route";
import { changePassword } from "./change-password";
import { confirmEmail } from "./confirm-email";
import { confirmEmailChangeLink } from "./confirm-email-change-link";
import { confirmEmailLink } from "./confirm-email-link";
import { forgotPassword } from "./forgot-password";
import { google } from "./google";
import { googleCallback } from "./google-callback";
import { login } from "./login";
import { logout } from "./logout";
import { register } from "./register";
import { resendConfirmation } from "./resend-confirmation";
import { resetPassword } from "./reset-password";
import { session } from "./session";
import { googleSetup } from "./shared";
import { twoFactorRoutes } from "./two-factor";

export interface AuthRoutesOptions {
  /** Replaces the code-for-tokens call to Google, so tests can run the callback offline. */
  googleTokenExchange?: GoogleTokenExchange;
}

/** Accounts and sign-in, mounted at /api/auth: one file per endpoint, two-factor under /two-factor. */
export const authRoutes: FastifyPluginAsync<AuthRoutesOptions> = async (app, options) => {
  const googleSignIn = googleSetup(app, options.googleTokenExchange);
  await app.register(
    endpointRoutes(
      register,
      confirmEmailLink,
      confirmEmailChangeLink,
      confirmEmail,
      resendConfirmation,
      login,
      logout,
      session,
    ),
  );
  await app.register(twoFactorRoutes, { prefix: "/two-factor" });
  await app.register(
    endpointRoutes(
      forgotPassword,
      resetPassword,
      changePassword,
      google(googleSignIn),
      googleCallback(googleSignIn),
    ),
  );
};
