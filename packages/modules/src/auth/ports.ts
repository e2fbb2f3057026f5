import type { Database } from "@poundline/db";
import type { Config } from "@poundline/platform/api-config";
import type { Mailer } from "@poundline/platform/mailer";
import type { FastifyBaseLogger, FastifyRequest } from "fastify";
import type { LoginThrottle } from "./throttle";

/** What the auth use cases reach the outside world through; handlers build it from `app.deps`. */
export interface AuthPorts {
  db: Database;
  mailer: Mailer;
  clock: () => Date;
  config: Config;
  log: FastifyBaseLogger;
}

export interface SignInPorts extends AuthPorts {
  loginThrottle: LoginThrottle;
}

/** Where a request came from, recorded on the session it opens. */
export interface RequestMeta {
  ip: string;
  userAgent?: string | undefined;
}

/** Cookies get the Secure flag when the public site is served over HTTPS. */
export function usesHttps(config: Pick<Config, "PUBLIC_BASE_URL">): boolean {
  return config.PUBLIC_BASE_URL.startsWith("https:");
}

/** An absolute URL on the public site: the base URL (which may carry a path) plus `path`. */
export function publicUrl(
  config: Pick<Config, "PUBLIC_BASE_URL">,
  path: string,
  query?: Record<string, string>,
) {
  const url = new URL(config.PUBLIC_BASE_URL.replace(/\/+$/, "") + path);
  for (const [key, value] of Object.entries(query ?? {})) url.searchParams.set(key, value);
  return url.toString();
}

/** The ports of a request's handler, from the app's dependencies. */
export function portsOf(request: FastifyRequest): SignInPorts {
  const { db, mailer, clock, config, loginThrottle } = request.server.deps;
  return { db: db.db, mailer, clock, config, loginThrottle, log: request.log };
}

export function metaOf(request: FastifyRequest): RequestMeta {
  return { ip: request.ip, userAgent: request.headers["user-agent"] };
}
