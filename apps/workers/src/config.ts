import {
  checkCarrierAccount,
  checkMailDelivery,
  checkStorageConfig,
  checkVapidKeys,
  parseConfig,
  sharedConfigFields,
} from "@poundline/platform/config";
import { z } from "zod";

/**
 * What `npm run workers` reads from the environment, validated once at boot: the settings it
 * shares with the API (packages/platform), and its own.
 */
export const workersConfigSchema = z
  .object({
    ...sharedConfigFields,
    /** The workers share the API's PostgreSQL: the embedded PGlite belongs to one process. */
    DATABASE_URL: z.string().trim().min(1, "DATABASE_URL is required to run the workers apart from the API"),
    REDIS_URL: z.string().trim().min(1, "REDIS_URL is required to run the workers apart from the API"),
    /** Jobs run at once per queue by this process (voicemail, notifications). */
    WORKER_CONCURRENCY: z.coerce.number().int().min(1).max(256).default(8),
    /** Charge jobs run at once: they share one wallet transaction per batch, so many is cheap. */
    BILLING_CONCURRENCY: z.coerce.number().int().min(1).max(1000).default(200),
  })
  .superRefine(checkCarrierAccount)
  .superRefine(checkStorageConfig)
  .superRefine(checkVapidKeys)
  .superRefine(checkMailDelivery);

export type WorkersConfig = z.output<typeof workersConfigSchema>;

export function loadWorkersConfig(env: NodeJS.ProcessEnv = process.env): WorkersConfig {
  return parseConfig(workersConfigSchema, env);
}
