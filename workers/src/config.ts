import { z } from "zod";

const optionalString = z
  .string()
  .optional()
  .transform((v) => (v?.trim() ? v.trim() : undefined));

/** What `npm run workers` reads from the environment, validated once at boot. */
export const workersConfigSchema = z.object({
  /** The workers share the API's PostgreSQL: the embedded PGlite belongs to one process. */
  DATABASE_URL: z.string().trim().min(1, "DATABASE_URL is required to run the workers apart from the API"),
  REDIS_URL: z.string().trim().min(1, "REDIS_URL is required to run the workers apart from the API"),
  QUEUE_PREFIX: z.string().default("poundline"),
  /** Jobs run at once per queue by this process (voicemail, notifications). */
  WORKER_CONCURRENCY: z.coerce.number().int().min(1).max(256).default(8),
  /** Charge jobs run at once: they share one wallet transaction per batch, so many is cheap. */
  BILLING_CONCURRENCY: z.coerce.number().int().min(1).max(1000).default(200),
  PUBLIC_BASE_URL: z.url().default("http://localhost:3000"),
  SMTP_URL: optionalString,
  MAIL_FROM: z.string().default("Poundline <no-reply@poundline.local>"),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
});

export type WorkersConfig = z.infer<typeof workersConfigSchema>;

export function loadWorkersConfig(env: NodeJS.ProcessEnv = process.env): WorkersConfig {
  const parsed = workersConfigSchema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `  ${i.path.join(".")}: ${i.message}`).join("\n");
    throw new Error(`Invalid configuration:\n${problems}`);
  }
  return parsed.data;
}
