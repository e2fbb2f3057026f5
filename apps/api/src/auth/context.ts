import { AppError } from "@poundline/contracts/errors";
import {
  type AuthContext,
  awaitsSecondFactor,
  readSessionToken,
  SESSION_COOKIE,
} from "@poundline/modules/auth/sessions";
import type { FastifyReply, FastifyRequest } from "fastify";

declare module "fastify" {
  interface FastifyRequest {
    /** The signed-in user, or null; set for every request under /api. */
    auth: AuthContext | null;
    /**
     * A session that passed the password but not yet the two-factor code: it only reaches
     * POST /api/auth/two-factor/verify (request.auth is null meanwhile).
     */
    pendingTwoFactor?: AuthContext | null;
  }
}

export function setSessionCookie(reply: FastifyReply, token: string, expiresAt: Date, secure: boolean) {
  reply.setCookie(SESSION_COOKIE, token, {
    httpOnly: true,
    sameSite: "lax",
    secure,
    path: "/",
    expires: expiresAt,
  });
}

export function clearSessionCookie(reply: FastifyReply, secure: boolean) {
  reply.setCookie(SESSION_COOKIE, "", { httpOnly: true, sameSite: "lax", secure, path: "/", maxAge: 0 });
}

/** Reads the session cookie into request.auth, renewing the cookie when the session was extended. */
export async function loadAuth(request: FastifyRequest, reply: FastifyReply) {
  request.auth = null;
  request.pendingTwoFactor = null;
  const token = request.cookies[SESSION_COOKIE];
  if (!token) return;
  const { db, clock, config } = request.server.deps;
  const auth = await readSessionToken(db.db, token, clock());
  if (!auth) {
    clearSessionCookie(reply, config.PUBLIC_BASE_URL.startsWith("https:"));
    return;
  }
  if (awaitsSecondFactor(auth)) request.pendingTwoFactor = auth;
  else request.auth = auth;
  if (auth.renewed)
    setSessionCookie(reply, token, auth.expiresAt, config.PUBLIC_BASE_URL.startsWith("https:"));
}

/** The signed-in user, or 401. */
export function requireAuth(request: FastifyRequest): AuthContext {
  if (!request.auth) throw new AppError("UNAUTHORIZED", "Auth session missing!");
  return request.auth;
}

/** The signed-in user with an account: the tenant every customer query is scoped to. */
export function requireAccount(request: FastifyRequest) {
  const auth = requireAuth(request);
  if (!auth.account) throw new AppError("FORBIDDEN", "No account for this user");
  return { ...auth, account: auth.account };
}

export const adminMessages = {
  notAdmin: "You do not have permission to access this page.",
  twoFactorRequired:
    "Administrators must turn on two-factor authentication (Settings, Security) before entering the admin area.",
} as const;

/** A platform admin who has two-factor authentication on: the admin area's rule. */
export function requireAdmin(request: FastifyRequest): AuthContext {
  const auth = requireAuth(request);
  assertAdminAccess(auth);
  return auth;
}

/** Refuses (403) a non-admin, and an admin without two-factor authentication with its own message. */
export function assertAdminAccess(auth: AuthContext) {
  if (!auth.isAdmin) throw new AppError("FORBIDDEN", adminMessages.notAdmin);
  if (!auth.twoFactorEnabled) throw new AppError("FORBIDDEN", adminMessages.twoFactorRequired);
}
