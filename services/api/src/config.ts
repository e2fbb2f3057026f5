import { z } from "zod";

const optionalString = z
  .string()
  .optional()
  .transform((v) => (v?.trim() ? v.trim() : undefined));

/** Everything the API reads from the environment, validated once at boot. */
export const configSchema = z.object({
  HOST: z.string().default("0.0.0.0"),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  /** Where browsers and the carrier reach us; used for links in e-mails and webhook signatures. */
  PUBLIC_BASE_URL: z.url().default("http://localhost:3000"),
  /** Extra origins allowed to make cookie-authenticated writes (comma-separated), e.g. the Vite dev server. */
  ALLOWED_ORIGINS: optionalString,
  DATABASE_URL: optionalString,
  DATA_DIR: z.string().default("./data"),
  REDIS_URL: optionalString,
  /** Prefix of the BullMQ keys in Redis; the same as the workers' QUEUE_PREFIX. */
  QUEUE_PREFIX: z.string().default("poundline"),
  SMTP_URL: optionalString,
  MAIL_FROM: z.string().default("Poundline <no-reply@poundline.local>"),
  GOOGLE_CLIENT_ID: optionalString,
  GOOGLE_CLIENT_SECRET: optionalString,
  /** The carrier account; without it the built-in carrier simulator stands in. */
  TWILIO_ACCOUNT_SID: optionalString,
  TWILIO_AUTH_TOKEN: optionalString,
  /** Ask the carrier to transcribe voicemail (its own transcription). */
  CARRIER_TRANSCRIPTION: z
    .enum(["true", "false"])
    .default("false")
    .transform((v) => v === "true"),
  NONPROFIT_DOMAIN: z.string().default("nonprofit"),
  /** The card provider's publishable key, handed to the pricing page; absent until billing is set up. */
  STRIPE_PUBLISHABLE_KEY: optionalString,
  /** Price ids of the card provider: the standard and nonprofit subscriptions and the wallet top-up. */
  STRIPE_PRICE_SUBSCRIPTION: z.string().trim().min(1).default("price_subscription_placeholder"),
  STRIPE_PRICE_NONPROFIT_SUBSCRIPTION: z
    .string()
    .trim()
    .min(1)
    .default("price_nonprofit_subscription_placeholder"),
  STRIPE_PRICE_WALLET_TOPUP: z.string().trim().min(1).default("price_wallet_topup_placeholder"),
  /** Where notices of contact-form messages are e-mailed. */
  CONTACT_INBOX: z.email().default("sales@poundline.com"),
  /** Where customers' replies to their support tickets are e-mailed. */
  SUPPORT_INBOX: z.email().default("support@poundline.com"),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  TRUST_PROXY: z
    .enum(["true", "false"])
    .default("false")
    .transform((v) => v === "true"),
  /** Seeds the demo account and content into an empty database on start. */
  SEED_DEMO: z
    .enum(["true", "false"])
    .default("true")
    .transform((v) => v === "true"),
});

export type Config = z.infer<typeof configSchema>;

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = configSchema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `  ${i.path.join(".")}: ${i.message}`).join("\n");
    throw new Error(`Invalid configuration:\n${problems}`);
  }
  return parsed.data;
}

/** A configuration for tests: defaults, with the given overrides. */
export function testConfig(overrides: Partial<Record<keyof Config, string>> = {}): Config {
  return configSchema.parse({ LOG_LEVEL: "silent", SEED_DEMO: "false", ...overrides });
}
