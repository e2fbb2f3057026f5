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
import { startStripeStandIn } from "@poundline/platform/stripe-stand-in";
import { eq } from "drizzle-orm";
import { e2ePasswords } from "./passwords";
import { seedTrialAccount } from "./trial-account";

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
  await seeded.db
    .update(schema.users)
    .set({ totpKey: passwords.adminTotpKey })
    .where(eq(schema.users.email, "admin@poundline.local"));
  await seedTrialAccount(seeded.db, passwords.trial);
} finally {
  await seeded.close();
}
// A webhook secret of this run only.
const webhookSecret = `whsec_${randomBytes(24).toString("hex")}`;
const stripe = await startStripeStandIn({
  webhookSecret,
  webhookUrl: `${process.env.PUBLIC_BASE_URL}/stripe/webhook`,
});
const server = spawn(process.execPath, ["--import", "tsx", "services/api/src/server.ts"], {
  cwd: root,
  stdio: "inherit",
  env: {
    ...process.env,
    DATA_DIR: dataDir,
    STRIPE_SECRET_KEY: "sk_test_e2e_stand_in",
    STRIPE_API_URL: stripe.url,
    STRIPE_WEBHOOK_SECRET: webhookSecret,
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
