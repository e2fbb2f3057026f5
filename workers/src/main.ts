import { CarrierSimRequestClient } from "@poundline/carrier-sim";
import { openDatabase } from "@poundline/db";
import { Redis } from "ioredis";
import { pino } from "pino";
import { createCarrierClient } from "../../services/api/src/carrier/client";
import { loadConfig } from "../../services/api/src/config";
// The API's mailer (outbox row, then SMTP when configured): one implementation for both processes.
import { createMailer } from "../../services/api/src/mail/mailer";
import { carrierConfig, SIM_PREFIX } from "../../services/api/src/twilio/carrier-config";
import { ROUTING_CHANGED } from "../../services/api/src/twilio/routing-tables";
import { loadWorkersConfig } from "./config";
import { allProcessors } from "./processors";
import { startJobs } from "./runtime";
import { createTranscriber, recordingStorageFromEnv, transcriberConfigFromEnv } from "./voicemail/index";

/** `npm run workers`: the BullMQ workers and the outbox relay, stopped gracefully on SIGTERM. */
async function main() {
  const config = loadWorkersConfig();
  const log = pino({ level: config.LOG_LEVEL });
  const db = await openDatabase({ url: config.DATABASE_URL });
  await db.migrate();
  // The carrier settings and the contact inbox are the API's (same environment): the real
  // carrier, or the simulator embedded in the API, reached over HTTP from this process.
  const apiConfig = loadConfig();
  const carrier = carrierConfig(apiConfig);
  const carrierClient = createCarrierClient(
    carrier.mode === "simulator"
      ? {
          carrier,
          httpClient: new CarrierSimRequestClient({ baseUrl: `${carrier.webhookBaseUrl}${SIM_PREFIX}` }),
        }
      : { carrier },
  );
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
      mailer: createMailer({ db: db.db, log, from: config.MAIL_FROM, smtpUrl: config.SMTP_URL }),
      publicBaseUrl: config.PUBLIC_BASE_URL,
      contactInbox: apiConfig.CONTACT_INBOX,
      supportInbox: apiConfig.SUPPORT_INBOX,
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
  console.error(err);
  process.exit(1);
});
