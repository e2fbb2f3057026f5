import {
  createGoogleSignIn,
  GOOGLE_COOKIE_MAX_AGE_SECONDS,
  type GoogleSignIn,
  type GoogleTokenExchange,
} from "@poundline/modules/auth/google";
import { publicUrl, usesHttps } from "@poundline/modules/auth/ports";
import type { FastifyInstance } from "fastify";

/** Where the browser lands after the links and redirects of /api/auth (pages of the web app). */
export const pages = {
  confirmed: "/login?confirmed=1",
  confirmFailed: "/login?confirm_error=invalid",
  googleFailed: "/login?error=google",
  signedIn: "/dashboard",
  emailChanged: "/dashboard/settings?email=changed",
  emailChangeFailed: "/dashboard/settings?email=invalid",
};

/** Google sign-in as set up once for the plugin: the client (null when not configured) and its cookies. */
export interface GoogleSetup {
  signIn: GoogleSignIn | null;
  cookie: {
    httpOnly: true;
    sameSite: "lax";
    secure: boolean;
    path: string;
    maxAge: number;
  };
}

/** The Google client and cookie options of the auth plugin `app` (mounted at /api/auth). */
export function googleSetup(app: FastifyInstance, exchange?: GoogleTokenExchange): GoogleSetup {
  const { config } = app.deps;
  return {
    signIn: createGoogleSignIn(config, publicUrl(config, `${app.prefix}/google/callback`), exchange),
    cookie: {
      httpOnly: true,
      sameSite: "lax",
      secure: usesHttps(config),
      path: `${app.prefix}/google`,
      maxAge: GOOGLE_COOKIE_MAX_AGE_SECONDS,
    },
  };
}
