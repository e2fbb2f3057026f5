import { randomBytes } from "node:crypto";

/**
 * The demo logins' passwords for this run: drawn once by the first process that asks (Playwright's
 * runner, loading playwright.config.ts) and handed to the server and the test workers through
 * the environment they inherit. Never in the source, as the server's own seed.
 */
export function e2ePasswords(): { demo: string; admin: string } {
  process.env.E2E_DEMO_PASSWORD ||= randomBytes(18).toString("base64url");
  process.env.E2E_ADMIN_PASSWORD ||= randomBytes(18).toString("base64url");
  return { demo: process.env.E2E_DEMO_PASSWORD, admin: process.env.E2E_ADMIN_PASSWORD };
}
