import type { FastifyReply, FastifyRequest } from "fastify";
import { AppError } from "../http/errors";
import { type AuthContext, SESSION_COOKIE, validateSessionToken } from "./sessions";

declare module "fastify" {
  interface FastifyRequest {
    /** The signed-in user, or null; set for every request under /api. */
    auth: AuthContext | null;
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
  const token = request.cookies[SESSION_COOKIE];
  if (!token) return;
  const { db, clock, config } = request.server.deps;
  const auth = await validateSessionToken(db.db, token, clock());
  if (!auth) {
    clearSessionCookie(reply, config.PUBLIC_BASE_URL.startsWith("https:"));
    return;
  }
  request.auth = auth;
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

export function requireAdmin(request: FastifyRequest): AuthContext {
  const auth = requireAuth(request);
  if (!auth.isAdmin) throw new AppError("FORBIDDEN", "You do not have permission to access this page.");
  return auth;
}
