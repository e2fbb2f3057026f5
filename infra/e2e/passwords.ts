import { randomBytes } from "node:crypto";
import { newTotpKey } from "@poundline/api/auth/totp";

/**
 * The demo logins' passwords for this run: drawn once by the first process that asks (Playwright's
 * runner, loading playwright.config.ts) and handed to the server and the test workers through
 * the environment they inherit. Never in the source, as the server's own seed.
 */
export function e2ePasswords(): { demo: string; admin: string; adminTotpKey: string; trial: string } {
  process.env.E2E_DEMO_PASSWORD ||= randomBytes(18).toString("base64url");
  // The unpaid trial account of trial-account.ts.
  process.env.E2E_TRIAL_PASSWORD ||= randomBytes(18).toString("base64url");
  process.env.E2E_ADMIN_PASSWORD ||= randomBytes(18).toString("base64url");
  // The admin area requires two-factor authentication: start-server.ts enrols the admin with this
  // TOTP key (base32, 160 bits) and the specs compute its codes.
  process.env.E2E_ADMIN_TOTP_KEY ||= newTotpKey();
  return {
    demo: process.env.E2E_DEMO_PASSWORD,
    admin: process.env.E2E_ADMIN_PASSWORD,
    adminTotpKey: process.env.E2E_ADMIN_TOTP_KEY,
    trial: process.env.E2E_TRIAL_PASSWORD,
  };
}
