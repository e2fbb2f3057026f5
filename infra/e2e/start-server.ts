/**
 * The server the end-to-end tests run against (Playwright's webServer): builds the web app, then
 * runs the API on a fresh embedded database in a temporary directory, removed when it stops.
 * The rest of its settings come from the environment that playwright.config.ts gives it.
 * Stripe is the local stand-in (@poundline/platform/stripe-stand-in), started here: its hosted
 * Checkout page pays, delivers the signed events to the server's /stripe/webhook and returns
 * to the success URL, as Stripe would.
 *
 *   node --import tsx infra/e2e/start-server.ts
 */
import { spawn, spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { openDatabase, schema } from "@poundline/db";
import { seedDemoIfEmpty } from "@poundline/db/seed";
import { hashRecoveryCode } from "@poundline/modules/auth/two-factor";
import { startStripeStandIn } from "@poundline/testing/stripe-stand-in";
import { eq } from "drizzle-orm";
import { E2E_ADMIN_RECOVERY_CODES, e2eAdminRecoveryCode, e2ePasswords } from "./passwords";
import { seedRecordedAccount } from "./recorded-account";
import { seedTextingAccount } from "./texting-account";
import { seedPausedTrialAccount, seedTrialAccount } from "./trial-account";

const root = fileURLToPath(new URL("../..", import.meta.url));

const build = spawnSync("npm", ["run", "build", "--workspace", "web"], { cwd: root, stdio: "inherit" });
if (build.status !== 0) process.exit(build.status ?? 1);

// Each run starts from a new database, demo-seeded here with the passwords the specs sign in
// with (the server would draw its own at random); the server migrates it on boot.
const dataDir = mkdtempSync(join(tmpdir(), "poundline-e2e-"));
const seeded = await openDatabase({ dataDir: join(dataDir, "pglite") });
try {
  await seeded.migrate();
  const passwords = e2ePasswords();
  await seedDemoIfEmpty(seeded.db, { passwords });
  // The admin area requires two-factor authentication: the seeded admin has it, with this run's key.
  // Stored in clear, as before encryption existed: the server encrypts it when a code is first used.
  const [admin] = await seeded.db
    .update(schema.users)
    .set({ totpKey: passwords.adminTotpKey })
    .where(eq(schema.users.email, "admin@poundline.local"))
    .returning({ id: schema.users.id });
  // Each TOTP code works once: the API fixture signs in with a recovery code of its own each time.
  if (admin)
    await seeded.db.insert(schema.twoFactorRecoveryCodes).values(
      Array.from({ length: E2E_ADMIN_RECOVERY_CODES }, (_, index) => ({
        userId: admin.id,
        codeHash: hashRecoveryCode(e2eAdminRecoveryCode(index)),
      })),
    );
  // The demo account's member (role "member") signs in with the demo password: roles.spec.ts.
  const [demo] = await seeded.db
    .select({ passwordHash: schema.users.passwordHash })
    .from(schema.users)
    .where(eq(schema.users.email, "demo@poundline.local"));
  await seeded.db
    .update(schema.users)
    .set({ passwordHash: demo?.passwordHash ?? null })
    .where(eq(schema.users.email, "sam.rivera@demolawgroup.example"));
  await seedTrialAccount(seeded.db, passwords.trial);
  await seedPausedTrialAccount(seeded.db, passwords.trial);
  await seedRecordedAccount(seeded.db, passwords.trial);
  await seedTextingAccount(seeded.db, passwords.trial);
} finally {
  await seeded.close();
}
// A webhook secret of this run only.
const webhookSecret = `whsec_${randomBytes(24).toString("hex")}`;
// The plans' prices (seed 000's), as the server's STRIPE_PRICE_* settings name them.
const planPrices = {
  STRIPE_PRICE_STARTER_MONTHLY: { id: "price_e2e_starter_monthly", unitAmount: 2499, interval: "month" },
  STRIPE_PRICE_STARTER_ANNUAL: { id: "price_e2e_starter_annual", unitAmount: 23988, interval: "year" },
  STRIPE_PRICE_PROFESSIONAL_MONTHLY: {
    id: "price_e2e_professional_monthly",
    unitAmount: 5999,
    interval: "month",
  },
  STRIPE_PRICE_PROFESSIONAL_ANNUAL: {
    id: "price_e2e_professional_annual",
    unitAmount: 59988,
    interval: "year",
  },
  STRIPE_PRICE_ENTERPRISE_MONTHLY: {
    id: "price_e2e_enterprise_monthly",
    unitAmount: 12999,
    interval: "month",
  },
  STRIPE_PRICE_ENTERPRISE_ANNUAL: { id: "price_e2e_enterprise_annual", unitAmount: 119988, interval: "year" },
} as const;
const stripe = await startStripeStandIn({
  webhookSecret,
  webhookUrl: `${process.env.PUBLIC_BASE_URL}/stripe/webhook`,
  prices: Object.fromEntries(
    Object.values(planPrices).map((p) => [p.id, { unitAmount: p.unitAmount, interval: p.interval }]),
  ),
  // Fixed (playwright.config.ts) so the specs can ask it what Stripe holds.
  port: Number(process.env.E2E_STRIPE_PORT ?? 0),
});
const server = spawn(process.execPath, ["--import", "tsx", "apps/api/src/server.ts"], {
  cwd: root,
  stdio: "inherit",
  env: {
    ...process.env,
    DATA_DIR: dataDir,
    STRIPE_SECRET_KEY: "sk_test_e2e_stand_in",
    STRIPE_API_URL: stripe.url,
    STRIPE_WEBHOOK_SECRET: webhookSecret,
    // Every spec's browsers come from this one address: a person's limit would throttle the suite.
    API_RATE_LIMIT_PER_MINUTE: "10000",
    ...Object.fromEntries(Object.entries(planPrices).map(([setting, p]) => [setting, p.id])),
  },
});

// Playwright signals the whole process group; the server shuts down on its own, we wait for it.
for (const signal of ["SIGTERM", "SIGINT"] as const) {
  process.on(signal, () => server.kill(signal));
}
server.on("exit", (code, signal) => {
  void stripe.close();
  rmSync(dataDir, { recursive: true, force: true });
  process.exit(code ?? (signal ? 1 : 0));
});
