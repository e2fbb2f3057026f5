import { type Database, type DatabaseHandle, openDatabase, withoutQueryValues } from "@poundline/db";
import { seedDemoIfEmpty } from "@poundline/db/seed";
import { passwordResetProcessor } from "@poundline/modules/auth/password-reset";
import { textRefusal } from "@poundline/modules/billing/enforce";
import { simulatorStartNotice, simulatorWarning } from "@poundline/modules/carrier/carrier-config";
import {
  allProcessors,
  createTranscriber,
  startJobs,
  stripeCardCharger,
  transcriberConfigFromEnv,
} from "@poundline/modules/jobs";
import { webPushSender } from "@poundline/modules/push/sender";
import { type Config, loadConfig } from "@poundline/platform/api-config";
import { createFileStorage } from "@poundline/platform/storage/from-config";
import { moveLegacyFiles } from "@poundline/platform/storage/legacy-files";
import type { FileStorage } from "@poundline/platform/storage/port";
import { Redis } from "ioredis";
import { type App, buildApp } from "./app";

/** Automated and scheduled texts go through the messages' send path, under the API's gate. */
function automationDeps(app: App, db: Database) {
  return {
    texts: app.deps.carrierClient,
    textRefusal: (accountId: string) => textRefusal(db, app.deps.routing.current(), accountId, new Date()),
  };
}

/**
 * The job processors of this process. The outbox relay runs here in both setups (relays side by
 * side never take the same row); embedded, the in-process driver runs them too, with Redis
 * `npm run workers` does.
 */
function apiProcessors(app: App, config: Config, db: DatabaseHandle, storage: FileStorage) {
  return allProcessors({
    mailer: app.deps.mailer,
    publicBaseUrl: config.PUBLIC_BASE_URL,
    contactInbox: config.CONTACT_INBOX,
    supportInbox: config.SUPPORT_INBOX,
    passwordReset: passwordResetProcessor({ mailer: app.deps.mailer, config }),
    allowPrivateWebhookAddresses: config.WEBHOOKS_ALLOW_PRIVATE_ADDRESSES,
    // A wallet at zero closes the account's gate: every instance recompiles its routing tables.
    walletEmptied: () => app.deps.routing.changed(),
    // An account's recording hours used up: its calls are no longer recorded.
    recordingLimitReached: () => app.deps.routing.changed(),
    // A greeting recorded by phone was stored: calls play it.
    greetingChanged: () => app.deps.routing.changed(),
    // Auto-recharge charges the saved card through Stripe when it is configured.
    ...(app.deps.stripe ? { cardCharger: stripeCardCharger(db.db, app.deps.stripe) } : {}),
    storage,
    transcriber: createTranscriber(transcriberConfigFromEnv(process.env)),
    sms: app.deps.carrierClient,
    ...automationDeps(app, db.db),
    fetch,
    carrier: app.deps.carrier,
    recordings: app.deps.carrierRecordings,
    live: app.deps.live,
    push: webPushSender({ keys: app.deps.vapidKeys, fetch }),
  });
}

/** Boots the API: config, database (migrated, demo-seeded when empty), Redis when configured, HTTP. */
async function main() {
  const config = loadConfig();
  const db = await openDatabase({ url: config.DATABASE_URL, dataDir: `${config.DATA_DIR}/pglite` });
  await db.migrate();
  // Auto-pipelining: the commands of one tick (live events, rate limits) go in one write.
  const redis = config.REDIS_URL
    ? new Redis(config.REDIS_URL, { maxRetriesPerRequest: 3, enableAutoPipelining: true })
    : null;
  // The API and the workers must share it: with the workers apart, S3 (docs/configuration.md).
  const storage = createFileStorage(config);
  if (storage.driver === "local") await moveLegacyFiles(config.DATA_DIR);
  const app = await buildApp({
    config,
    db,
    redis,
    // Lets `npm run call` reach the embedded simulator from elsewhere than this machine.
    ...(config.CARRIER_SIM_TOKEN ? { simulatorControlToken: config.CARRIER_SIM_TOKEN } : {}),
    storage,
  });
  const processors = apiProcessors(app, config, db, storage);
  const jobs = await startJobs({
    db: db.db,
    log: app.log.child({ component: "jobs" }),
    redisUrl: config.REDIS_URL,
    prefix: config.QUEUE_PREFIX,
    ...(config.REDIS_URL ? {} : { processors }),
    // A trial or a cancelled subscription's period ended: the gate closes (billing housekeeping).
    gateChanged: () => app.deps.routing.changed(),
    storage,
  });
  app.deps.jobs = jobs;

  if (config.SEED_DEMO) {
    // The logins' passwords are drawn at random by the seed and shown this once.
    const demo = await seedDemoIfEmpty(db.db);
    if (demo) {
      await app.deps.routing.reload();
      app.log.info(`Demo data created. Sign in at ${config.PUBLIC_BASE_URL}/login (passwords shown once):`);
      for (const login of demo.logins) app.log.info(`  ${login.label}: ${login.email} / ${login.password}`);
    }
  }
  const simulatorNotice = simulatorStartNotice(config, app.deps.carrier);
  if (simulatorNotice) app.log.info(simulatorNotice);

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, "shutting down");
    await app.close();
    await jobs.stop();
    await redis?.quit();
    await db.close();
    process.exit(0);
  };
  process.on("SIGTERM", () => void shutdown("SIGTERM"));
  process.on("SIGINT", () => void shutdown("SIGINT"));

  await app.listen({ host: config.HOST, port: config.PORT });
  app.log.info(`Poundline on ${config.PUBLIC_BASE_URL} (database: ${db.driver}, queue: ${jobs.driver.kind})`);
  const noCarrier = simulatorWarning(config, app.deps.carrier);
  if (noCarrier) app.log.warn(`*** ${noCarrier} ***`);
}

main().catch((err) => {
  // A failed seed or migration must not print the values of its query (password hashes).
  console.error(withoutQueryValues(err));
  process.exit(1);
});
