import { AppError } from "@poundline/contracts/errors";
import { SESSION_COOKIE } from "@poundline/modules/auth/sessions";
import type { FastifyRequest } from "fastify";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * CSRF defence for cookie sessions: a write that carries the session cookie must come from
 * one of our origins (the host it was sent to, the public base URL, or a configured extra).
 * A write with an Origin header from elsewhere is refused even without the cookie.
 */
export function createOriginCheck(allowedOrigins: string[]) {
  const isAllowed = createOriginMatcher(allowedOrigins);
  return async function checkOrigin(request: FastifyRequest) {
    if (SAFE_METHODS.has(request.method)) return;
    const origin = request.headers.origin;
    const hasSessionCookie = Boolean(request.cookies[SESSION_COOKIE]);
    if (!origin) {
      if (hasSessionCookie) throw new AppError("FORBIDDEN", "Missing Origin header");
      return;
    }
    const verdict = isAllowed(origin, request.host);
    if (verdict === "allowed") return;
    throw new AppError(
      "FORBIDDEN",
      verdict === "invalid" ? "Invalid Origin header" : "Cross-origin request refused",
    );
  };
}

/** Whether an Origin header names one of our origins (the host asked, or an allowed origin). */
export function createOriginMatcher(allowedOrigins: string[]) {
  const allowed = new Set(allowedOrigins.map((o) => new URL(o).origin));
  return (origin: string, host: string): "allowed" | "refused" | "invalid" => {
    let parsed: URL;
    try {
      parsed = new URL(origin);
    } catch {
      return "invalid";
    }
    return allowed.has(parsed.origin) || parsed.host === host ? "allowed" : "refused";
  };
}
