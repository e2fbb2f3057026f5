import { realpathSync } from "node:fs";
import { pathToFileURL } from "node:url";
import { type Database, openDatabase, withoutQueryValues } from "@poundline/db";
import { passwordResetProcessor } from "@poundline/modules/auth/password-reset";
import { ROUTING_CHANGED } from "@poundline/modules/carrier/routing-tables";
import {
  allProcessors,
  createTranscriber,
  type JobLog,
  type JobsRuntime,
  type NotificationSms,
  startJobs,
  stripeCardCharger,
  transcriberConfigFromEnv,
} from "@poundline/modules/jobs";
import { vapidKeysOf } from "@poundline/modules/push/keys";
import { webPushSender } from "@poundline/modules/push/sender";
import { createCarrierClient } from "@poundline/platform/carrier/client";
import { carrierConfig } from "@poundline/platform/carrier/config";
import { type CarrierRecordings, createCarrierRecordings } from "@poundline/platform/carrier/recordings";
import { createRedisBus } from "@poundline/platform/events/bus";
import { createLiveEvents } from "@poundline/platform/events/live";
import { serializeError } from "@poundline/platform/logging";
import { createMailer } from "@poundline/platform/mailer";
import { createFileStorage } from "@poundline/platform/storage/from-config";
import { moveLegacyFiles } from "@poundline/platform/storage/legacy-files";
import type { FileStorage } from "@poundline/platform/storage/port";
import { stripeClient } from "@poundline/platform/stripe";
import { Redis } from "ioredis";
import { pino } from "pino";
import { loadWorkersConfig, type WorkersConfig } from "./config";

export interface WorkersProcessOptions {
  config: WorkersConfig;
  db: Database;
  log: JobLog & { info(obj: object, msg: string): void };
  /** The transcription provider's settings (default process.env). */
  env?: NodeJS.ProcessEnv;
  /** Where recordings are stored (default: the configured storage, the API's too). */
  storage?: FileStorage;
  /** Downloads recordings (global fetch by default). */
  fetch?: typeof fetch;
}

export interface WorkersProcess {
  jobs: JobsRuntime;
  /** Lets jobs in flight finish, then closes the Redis connections (the database is the caller's). */
  stop(): Promise<void>;
}

/**
 * The job side of `npm run workers`: BullMQ workers running every processor, the outbox relay,
 * and the Redis bus through which the processors reach the API instances: live events (a
 * processed voicemail reaches the account's browsers) and routing changes (a wallet emptied).
 * It is the API's process for the jobs (it hands them the API's password-reset mail), so it
 * lives here: the workers package never imports the API.
 */
export async function startWorkersProcess(options: WorkersProcessOptions): Promise<WorkersProcess> {
  const { config, db, log } = options;
  const env = options.env ?? process.env;
  // Without a carrier account the carrier is the simulator inside the API, whose credentials
  // never leave that process: notification texts are then only logged here.
  const carrier = carrierConfig(config);
  const carrierClient = carrier.mode === "simulator" ? null : createCarrierClient({ carrier });
  const sms: NotificationSms =
    carrierClient === null
      ? {
          async sendMessage(text) {
            log.warn({ from: text.from, to: text.to }, "no carrier account: notification text not sent");
            return { sid: "", status: "not-sent", errorCode: null };
          },
        }
      : carrierClient;
  // The simulator's recordings are deleted by the API's process that holds it (embedded jobs).
  const recordings: CarrierRecordings =
    carrier.mode === "simulator"
      ? { deleteRecording: async () => false }
      : createCarrierRecordings({ carrier });
  const mailer = createMailer({ db, log, from: config.MAIL_FROM, smtpUrl: config.SMTP_URL });
  const redis = new Redis(config.REDIS_URL, { maxRetriesPerRequest: 3 });
  redis.on("error", (err: Error) => log.warn({ err }, "bus connection error"));
  const bus = createRedisBus(redis, log);
  const stripe = stripeClient(config);
  const storage = options.storage ?? createFileStorage(config);
  const jobs = await startJobs({
    db,
    storage,
    log,
    redisUrl: config.REDIS_URL,
    prefix: config.QUEUE_PREFIX,
    gateChanged: () => bus.publish(ROUTING_CHANGED, { at: new Date().toISOString() }),
    concurrency: {
      billing: config.BILLING_CONCURRENCY,
      voicemail: config.WORKER_CONCURRENCY,
      notifications: config.WORKER_CONCURRENCY,
    },
    processors: allProcessors({
      mailer,
      publicBaseUrl: config.PUBLIC_BASE_URL,
      contactInbox: config.CONTACT_INBOX,
      supportInbox: config.SUPPORT_INBOX,
      passwordReset: passwordResetProcessor({ mailer, config }),
      allowPrivateWebhookAddresses: config.WEBHOOKS_ALLOW_PRIVATE_ADDRESSES,
      // Every API instance recompiles its routing tables (they hold the balances the gate reads).
      walletEmptied: () => bus.publish(ROUTING_CHANGED, { at: new Date().toISOString() }),
      recordingLimitReached: () => bus.publish(ROUTING_CHANGED, { at: new Date().toISOString() }),
      greetingChanged: () => bus.publish(ROUTING_CHANGED, { at: new Date().toISOString() }),
      ...(stripe ? { cardCharger: stripeCardCharger(db, stripe) } : {}),
      storage,
      transcriber: createTranscriber(transcriberConfigFromEnv(env)),
      sms,
      // Automated and scheduled texts: the API's embedded jobs send them with the simulator.
      ...(carrierClient ? { texts: carrierClient } : {}),
      fetch: options.fetch ?? fetch,
      carrier,
      recordings,
      // Every API instance hears it and tells the account's browsers.
      live: createLiveEvents(bus),
      // The API's key pair: the environment's, or the one the first process kept in the database.
      push: webPushSender({ keys: vapidKeysOf(db, config), fetch: options.fetch ?? fetch }),
    }),
  });
  return {
    jobs,
    async stop() {
      await jobs.stop();
      await bus.close();
      redis.disconnect();
    },
  };
}

/** `npm run workers`: the workers apart from the API, stopped gracefully on SIGTERM. */
async function main() {
  const config = loadWorkersConfig();
  const log = pino({ level: config.LOG_LEVEL, serializers: { err: serializeError } });
  const db = await openDatabase({ url: config.DATABASE_URL });
  await db.migrate();
  if (config.STORAGE_DRIVER === "local") await moveLegacyFiles(config.DATA_DIR);
  const workers = await startWorkersProcess({ config, db: db.db, log });
  log.info({ prefix: config.QUEUE_PREFIX }, "workers started");

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    log.info({ signal }, "workers stopping: jobs in flight finish first");
    await workers.stop();
    await db.close();
    process.exit(0);
  };
  process.on("SIGTERM", () => void shutdown("SIGTERM"));
  process.on("SIGINT", () => void shutdown("SIGINT"));
}

/** Whether this module is the process's entry (`npm run workers`), not imported (tests). */
function isEntry(): boolean {
  const entry = process.argv[1];
  return entry !== undefined && import.meta.url === pathToFileURL(realpathSync(entry)).href;
}

if (isEntry()) {
  main().catch((err) => {
    console.error(withoutQueryValues(err));
    process.exit(1);
  });
}
