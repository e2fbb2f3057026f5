import { defineConfig } from "@playwright/test";
import { e2ePasswords } from "./infra/e2e/passwords";

/** The end-to-end tests: Debian's chromium against the built web app served by the API. */

// Never download a browser: the tests use the system's chromium.
process.env.PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD = "1";
// The demo logins' passwords of this run, in the environment the server and the workers inherit.
e2ePasswords();

const port = Number(process.env.E2E_PORT ?? 3310);
const baseURL = `http://localhost:${port}`;
// The Stripe stand-in's port (start-server.ts), read by the billing spec to see what Stripe holds.
process.env.E2E_STRIPE_PORT ??= String(port + 1000);

export default defineConfig({
  testDir: "infra/e2e",
  testMatch: "*.spec.ts",
  // The machine has 2 cores, shared with the server under test.
  workers: 2,
  fullyParallel: false,
  // Budgets against a hung test, not a judge of speed (benchmarks print figures): on a machine
  // running other test suites at once, tests took 30-58 s whose every step was progressing.
  timeout: 90_000,
  expect: { timeout: 15_000 },
  retries: process.env.CI ? 1 : 0,
  forbidOnly: Boolean(process.env.CI),
  // "list" shows each test and Playwright's "N passed" summary; the last line is a plain
  // "e2e: N passed, N failed" that CI reads.
  reporter: [["list"], ["./infra/e2e/summary-reporter.ts"]],
  outputDir: "test-results",
  use: {
    baseURL,
    headless: true,
    launchOptions: {
      executablePath: "/usr/bin/chromium",
      // A fake microphone, allowed without asking: greetings are recorded in the browser.
      args: [
        "--no-sandbox",
        "--disable-background-networking",
        "--use-fake-device-for-media-stream",
        "--use-fake-ui-for-media-stream",
      ],
    },
    actionTimeout: 15_000,
    navigationTimeout: 30_000,
    trace: "retain-on-failure",
    screenshot: "only-on-failure",
  },
  webServer: {
    command: "node --import tsx infra/e2e/start-server.ts",
    url: `${baseURL}/healthz`,
    // Building the web app and booting the API on a new database.
    timeout: 240_000,
    reuseExistingServer: false,
    gracefulShutdown: { signal: "SIGTERM", timeout: 10_000 },
    stdout: "pipe",
    stderr: "pipe",
    env: {
      HOST: "127.0.0.1",
      PORT: String(port),
      PUBLIC_BASE_URL: baseURL,
      // start-server.ts seeds the demo with this run's passwords before the server starts.
      SEED_DEMO: "false",
      NONPROFIT_DOMAIN: "nonprofit",
      LOG_LEVEL: "warn",
      // The embedded database and in-process job queue, whatever the calling shell has set.
      DATABASE_URL: "",
      REDIS_URL: "",
      SMTP_URL: "",
      GOOGLE_CLIENT_ID: "",
      GOOGLE_CLIENT_SECRET: "",
      TWILIO_ACCOUNT_SID: "",
      TWILIO_AUTH_TOKEN: "",
      // The webhooks spec's receiver listens on 127.0.0.1 over http.
      WEBHOOKS_ALLOW_PRIVATE_ADDRESSES: "true",
      WEBHOOKS_ALLOW_HTTP: "true",
      // The default transcriber: on the simulator, the carrier's (the simulated caller's words).
      TRANSCRIBER: "",
      TRANSCRIPTION_URL: "",
      CARRIER_TRANSCRIPTION: "",
    },
  },
});
