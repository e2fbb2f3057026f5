import { schema } from "@poundline/db";
import type { Config } from "@poundline/platform/api-config";
import { decodeIdToken, Google } from "arctic";
import { eq } from "drizzle-orm";
import { z } from "zod";
import { createUserWithAccount } from "./accounts";
import type { AuthPorts, RequestMeta } from "./ports";
import { createSession } from "./sessions";

export const GOOGLE_SCOPES = ["openid", "profile", "email"];
export const GOOGLE_STATE_COOKIE = "google_oauth_state";
export const GOOGLE_VERIFIER_COOKIE = "google_code_verifier";
/** State and PKCE verifier live this long: enough to choose an account at Google. */
export const GOOGLE_COOKIE_MAX_AGE_SECONDS = 10 * 60;

/** The code-for-tokens call to Google: what arctic's `validateAuthorizationCode` does. */
export type GoogleTokenExchange = (code: string, codeVerifier: string) => Promise<{ idToken(): string }>;

export interface GoogleSignIn {
  authorizationUrl(state: string, codeVerifier: string): URL;
  exchangeCode: GoogleTokenExchange;
}

/**
 * Google sign-in through arctic when GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET are set, else
 * null. `exchange` replaces the network call (tests pass their own).
 */
export function createGoogleSignIn(
  config: Config,
  callbackUrl: string,
  exchange?: GoogleTokenExchange,
): GoogleSignIn | null {
  if (!config.GOOGLE_CLIENT_ID || !config.GOOGLE_CLIENT_SECRET) return null;
  const google = new Google(config.GOOGLE_CLIENT_ID, config.GOOGLE_CLIENT_SECRET, callbackUrl);
  return {
    authorizationUrl: (state, codeVerifier) =>
      google.createAuthorizationURL(state, codeVerifier, GOOGLE_SCOPES),
    exchangeCode: exchange ?? ((code, codeVerifier) => google.validateAuthorizationCode(code, codeVerifier)),
  };
}

/** Why a Google sign-in was refused; logged, never shown (the visitor sees /login?error=google). */
export class GoogleSignInError extends Error {}

/** The ID token claims we rely on. The token comes straight from Google's token endpoint over TLS. */
const googleClaimsSchema = z.object({
  iss: z.enum(["https://accounts.google.com", "accounts.google.com"]),
  aud: z.string(),
  sub: z.string().min(1).max(255),
  email: z.string().trim().toLowerCase().pipe(z.email()),
  email_verified: z.boolean(),
  given_name: z.string().max(100).optional(),
  family_name: z.string().max(100).optional(),
  name: z.string().max(200).optional(),
  picture: z.url().max(2048).optional(),
});
export type GoogleClaims = z.output<typeof googleClaimsSchema>;

/** Decodes and checks the ID token: issued by Google, for us, with a verified address. */
export function readGoogleIdToken(idToken: string, clientId: string): GoogleClaims {
  let decoded: unknown;
  try {
    decoded = decodeIdToken(idToken);
  } catch {
    throw new GoogleSignInError("undecodable id token");
  }
  const parsed = googleClaimsSchema.safeParse(decoded);
  if (!parsed.success) throw new GoogleSignInError(`unexpected id token claims: ${parsed.error.message}`);
  const claims = parsed.data;
  if (claims.aud !== clientId) throw new GoogleSignInError("id token issued for another client");
  if (!claims.email_verified) throw new GoogleSignInError("e-mail address not verified by Google");
  return claims;
}

function namesOf(claims: GoogleClaims) {
  const [first = "", ...rest] = (claims.name ?? "").trim().split(/\s+/);
  const firstName = claims.given_name?.trim() || first;
  const lastName = claims.family_name?.trim() || (claims.given_name ? "" : rest.join(" "));
  return { firstName, lastName };
}

/**
 * Signs a Google user in: found by Google id, or by e-mail (then linked), or created with a
 * trial account of their own (no E911 address yet). Returns a new session.
 *
 * Linking to an address nobody has confirmed drops that account's password: whoever registered
 * it never proved they own the mailbox, and must not keep a way in once Google has.
 */
export async function signInWithGoogle(ports: AuthPorts, claims: GoogleClaims, meta: RequestMeta) {
  const { db, clock } = ports;
  const now = clock();
  const u = schema.users;
  const columns = { id: u.id, googleId: u.googleId, emailConfirmedAt: u.emailConfirmedAt };
  return db.transaction(async (tx) => {
    let [user] = await tx.select(columns).from(u).where(eq(u.googleId, claims.sub)).limit(1);
    if (!user) {
      [user] = await tx.select(columns).from(u).where(eq(u.email, claims.email)).limit(1);
      if (user) {
        if (user.googleId) throw new GoogleSignInError("address linked to another Google account");
        await tx
          .update(u)
          .set(
            user.emailConfirmedAt
              ? { googleId: claims.sub, updatedAt: now }
              : { googleId: claims.sub, emailConfirmedAt: now, passwordHash: null, updatedAt: now },
          )
          .where(eq(u.id, user.id));
      }
    }
    let userId = user?.id;
    if (!userId) {
      const { firstName, lastName } = namesOf(claims);
      const companyName =
        claims.name?.trim() ||
        `${firstName} ${lastName}`.trim() ||
        claims.email.split("@")[0] ||
        claims.email;
      ({ userId } = await createUserWithAccount(
        tx,
        {
          email: claims.email,
          passwordHash: null,
          firstName,
          lastName,
          googleId: claims.sub,
          avatarUrl: claims.picture ?? null,
          emailConfirmedAt: now,
        },
        { companyName },
        now,
      ));
    }
    await tx.update(u).set({ lastSignInAt: now }).where(eq(u.id, userId));
    const { token, session } = await createSession(tx, userId, now, {
      ipAddress: meta.ip,
      userAgent: meta.userAgent,
    });
    return { token, expiresAt: session.expiresAt };
  });
}
