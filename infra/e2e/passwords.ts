import { createHash, randomBytes } from "node:crypto";
import { newTotpKey } from "@poundline/modules/auth/totp";

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

/** Recovery codes start-server.ts gives the seeded admin: the API fixture signs in with one each time. */
export const E2E_ADMIN_RECOVERY_CODES = 300;

/**
 * The admin's recovery code number `index` (0-based), derived from this run's TOTP key so the
 * server and the test workers agree without passing 300 codes around. A TOTP code works once per
 * 30-second step, too few for every test's sign-in; each recovery code works once, and there are
 * enough.
 */
export function e2eAdminRecoveryCode(index: number): string {
  const hex = createHash("sha256").update(`${e2ePasswords().adminTotpKey}:recovery:${index}`).digest("hex");
  return `${hex.slice(0, 5)}-${hex.slice(5, 10)}`;
}
