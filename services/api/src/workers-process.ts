import { openDatabase, withoutQueryValues } from "@poundline/db";
import { createCarrierClient } from "@poundline/platform/carrier/client";
// The API's mailer (outbox row, then SMTP when configured): one implementation for both processes.
import { createMailer } from "@poundline/platform/mailer";
import {
  allProcessors,
  createTranscriber,
  loadWorkersConfig,
  type NotificationSms,
  recordingStorageFromEnv,
  startJobs,
  transcriberConfigFromEnv,
} from "@poundline/workers";
import { Redis } from "ioredis";
import { pino } from "pino";
import { passwordResetProcessor } from "./auth/password-reset";
import { loadConfig } from "./config";
import { serializeError } from "./http/logging";
import { carrierConfig } from "./twilio/carrier-config";
import { ROUTING_CHANGED } from "./twilio/routing-tables";

/**
 * `npm run workers`: the BullMQ workers and the outbox relay, stopped gracefully on SIGTERM. It is
 * the API's process for the jobs (it hands them the API's mailer, carrier client and reset mail),
 * so it lives here: the workers package never imports the API.
 */
async function main() {
  const config = loadWorkersConfig();
  const log = pino({ level: config.LOG_LEVEL, serializers: { err: serializeError } });
  const db = await openDatabase({ url: config.DATABASE_URL });
  await db.migrate();
  // The carrier settings and the contact inbox are the API's (same environment). Without a
  // carrier account the carrier is the simulator inside the API, whose credentials never leave
  // that process: notification texts are then only logged here.
  const apiConfig = loadConfig();
  const carrier = carrierConfig(apiConfig);
  const carrierClient: NotificationSms =
    carrier.mode === "simulator"
      ? {
          async sendMessage(text) {
            log.warn({ from: text.from, to: text.to }, "no carrier account: notification text not sent");
            return { sid: "", status: "not-sent" };
          },
        }
      : createCarrierClient({ carrier });
  const mailer = createMailer({ db: db.db, log, from: config.MAIL_FROM, smtpUrl: config.SMTP_URL });
  const publisher = new Redis(config.REDIS_URL);
  const jobs = await startJobs({
    db: db.db,
    log,
    redisUrl: config.REDIS_URL,
    prefix: config.QUEUE_PREFIX,
    concurrency: {
      billing: config.BILLING_CONCURRENCY,
      voicemail: config.WORKER_CONCURRENCY,
      notifications: config.WORKER_CONCURRENCY,
    },
    processors: allProcessors({
      mailer,
      publicBaseUrl: config.PUBLIC_BASE_URL,
      contactInbox: apiConfig.CONTACT_INBOX,
      supportInbox: apiConfig.SUPPORT_INBOX,
      passwordReset: passwordResetProcessor({ mailer, config }),
      // Every API instance recompiles its routing tables (they hold the balances the gate reads).
      walletEmptied: async () => {
        await publisher.publish(ROUTING_CHANGED, JSON.stringify({ at: new Date().toISOString() }));
      },
      storage: recordingStorageFromEnv(process.env),
      transcriber: createTranscriber(transcriberConfigFromEnv(process.env)),
      sms: carrierClient,
      fetch,
      carrier,
    }),
  });
  log.info({ prefix: config.QUEUE_PREFIX }, "workers started");

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    log.info({ signal }, "workers stopping: jobs in flight finish first");
    await jobs.stop();
    publisher.disconnect();
    await db.close();
    process.exit(0);
  };
  process.on("SIGTERM", () => void shutdown("SIGTERM"));
  process.on("SIGINT", () => void shutdown("SIGINT"));
}

main().catch((err) => {
  console.error(withoutQueryValues(err));
  process.exit(1);
});
