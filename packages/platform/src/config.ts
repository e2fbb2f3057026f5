import {
  type BillingInterval,
  billingIntervals,
  type StripePlan,
  stripePlans,
} from "@poundline/domain/plans";
import { z } from "zod";
import { transcriberKinds } from "./transcription";

export { type BillingInterval, billingIntervals, type StripePlan, stripePlans };

/** A setting that may be absent: blank counts as absent, and the value is trimmed. */
export const optionalString = z
  .string()
  .optional()
  .transform((v) => (v?.trim() ? v.trim() : undefined));

/** `STRIPE_PRICE_STARTER_MONTHLY`, `STRIPE_PRICE_NONPROFIT_ENTERPRISE_ANNUAL`, ... */
export type StripePriceSetting =
  `STRIPE_PRICE_${"" | "NONPROFIT_"}${Uppercase<StripePlan>}_${Uppercase<BillingInterval>}`;

/** The name of the setting holding a plan's price id for a site variant and billing period. */
export function stripePriceSetting(plan: StripePlan, interval: BillingInterval, nonprofit: boolean) {
  return `STRIPE_PRICE_${nonprofit ? "NONPROFIT_" : ""}${plan.toUpperCase()}_${interval.toUpperCase()}` as StripePriceSetting;
}

function stripeConfigFieldsOf() {
  const prices = {} as Record<StripePriceSetting, typeof optionalString>;
  for (const nonprofit of [false, true])
    for (const plan of stripePlans)
      for (const interval of billingIntervals)
        prices[stripePriceSetting(plan, interval, nonprofit)] = optionalString;
  return {
    /** Stripe's secret API key; without it checkout answers "Stripe Not Configured". */
    STRIPE_SECRET_KEY: optionalString,
    /** The signing secret of the `/stripe/webhook` endpoint (`whsec_…`); without it events are refused. */
    STRIPE_WEBHOOK_SECRET: optionalString,
    /** Another base URL for Stripe's API (a local stand-in in tests), e.g. `http://127.0.0.1:12111`. */
    STRIPE_API_URL: optionalString.pipe(z.url({ protocol: /^https?$/ }).optional()),
    /**
     * The plans' price ids, per period and site variant (the nonprofit variant has its own). A
     * missing one, or one not starting with `price_`, makes that plan's checkout "Not Configured".
     */
    ...prices,
  };
}

const flag = z.enum(["true", "false"]).optional();

/** Where files are kept (packages/platform/src/storage): the API and the workers must agree. */
const storageConfigFields = {
  /** The embedded database (`$DATA_DIR/pglite`) and, with the local driver, the files (`$DATA_DIR/files`). */
  DATA_DIR: z.string().trim().min(1).default("./data"),
  /** `local`: files on this machine's disk; `s3`: an S3-compatible object store (MinIO, R2, S3). */
  STORAGE_DRIVER: z.enum(["local", "s3"]).default("local"),
  S3_BUCKET: optionalString,
  S3_REGION: z.string().trim().min(1).default("us-east-1"),
  /** Another S3 API than AWS's, e.g. `http://minio:9000`. */
  S3_ENDPOINT: optionalString.pipe(z.url({ protocol: /^https?$/ }).optional()),
  S3_ACCESS_KEY_ID: optionalString,
  S3_SECRET_ACCESS_KEY: optionalString,
  /** Bucket in the path rather than the host name; default: true with S3_ENDPOINT (MinIO wants it). */
  S3_FORCE_PATH_STYLE: flag,
};

/**
 * The settings both processes read (the API and `npm run workers`): the same names, defaults and
 * checks in both, so one environment configures the two alike.
 */
export const sharedConfigFields = {
  /** Where browsers and the carrier reach us; used for links in e-mails and webhook signatures. */
  PUBLIC_BASE_URL: z.url().default("http://localhost:3000"),
  /** Prefix of every key in Redis (the BullMQ queues, rate limits, login throttling). */
  QUEUE_PREFIX: z.string().default("poundline"),
  /** `production` marks a production start: the settings a real deployment needs become required. */
  NODE_ENV: optionalString,
  SMTP_URL: optionalString,
  /**
   * `true` lets a production start run without SMTP_URL: e-mail then stays in the outbox table
   * (the admin area reads it). Without it a production start needs SMTP_URL.
   */
  MAIL_OUTBOX_ONLY: z
    .enum(["true", "false", ""])
    .default("false")
    .transform((v) => v === "true"),
  MAIL_FROM: z.string().default("Poundline <no-reply@poundline.local>"),
  /** The carrier account; without it the built-in carrier simulator stands in. */
  TWILIO_ACCOUNT_SID: optionalString,
  TWILIO_AUTH_TOKEN: optionalString,
  /**
   * Another base URL for the carrier's REST API, e.g. `http://127.0.0.1:4010`: a carrier
   * simulator run as a service of its own, shared by several API instances (their end-to-end test).
   */
  TWILIO_API_URL: optionalString.pipe(z.url({ protocol: /^https?$/ }).optional()),
  /**
   * The console's softphone with a carrier account: an API key (its sid and secret sign the
   * access tokens) and the TwiML application its outgoing calls go through. All three, or none.
   */
  TWILIO_API_KEY_SID: optionalString.pipe(
    z
      .string()
      .regex(/^SK[0-9a-fA-F]{32}$/)
      .optional(),
  ),
  TWILIO_API_KEY_SECRET: optionalString,
  TWILIO_TWIML_APP_SID: optionalString.pipe(
    z
      .string()
      .regex(/^AP[0-9a-fA-F]{32}$/)
      .optional(),
  ),
  /**
   * Ask the carrier to transcribe voicemail (its own transcription); TRANSCRIBER=carrier says the
   * same. Unset (or blank): yes on the simulator, no with a carrier account (transcription.ts).
   */
  CARRIER_TRANSCRIPTION: z.preprocess(
    (v) => (typeof v === "string" && v.trim() === "" ? undefined : v),
    z
      .enum(["true", "false"])
      .optional()
      .transform((v) => (v === undefined ? undefined : v === "true")),
  ),
  /** Who transcribes voicemail (see transcription.ts and docs/transcription.md); default from the two below. */
  TRANSCRIBER: optionalString.pipe(z.enum(transcriberKinds).optional()),
  /** An OpenAI-compatible transcription API (`…/v1`): the workers send it each recording. */
  TRANSCRIPTION_URL: optionalString.pipe(z.url({ protocol: /^https?$/ }).optional()),
  /** Where notices of contact-form messages are e-mailed. */
  CONTACT_INBOX: z.email().default("sales@poundline.com"),
  /** Where customers' replies to their support tickets are e-mailed. */
  SUPPORT_INBOX: z.email().default("support@poundline.com"),
  /**
   * Web Push (the console's notifications on a phone or a closed tab): the VAPID key pair that
   * signs every push (base64url, as `npx web-push generate-vapid-keys` prints them), both or none.
   * None: the pair drawn once and kept in the database (platform_secrets), shared by every process.
   */
  VAPID_PUBLIC_KEY: optionalString,
  VAPID_PRIVATE_KEY: optionalString,
  /** Who the push services may contact about our pushes: a `mailto:` or `https:` address. */
  VAPID_SUBJECT: optionalString.pipe(
    z
      .string()
      .regex(/^(mailto:|https:\/\/)/, "VAPID_SUBJECT must be a mailto: or https:// address")
      .optional(),
  ),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  /**
   * `true` lets outgoing webhooks reach private, loopback and link-local addresses: for tests and
   * a local receiver only. Off, such an address is refused at connect time, after DNS.
   */
  WEBHOOKS_ALLOW_PRIVATE_ADDRESSES: flag.transform((v) => v === "true"),
  /** `true` accepts `http://` webhook addresses (local development, tests); off, `https://` only. */
  WEBHOOKS_ALLOW_HTTP: flag.transform((v) => v === "true"),
  ...stripeConfigFieldsOf(),
  ...storageConfigFields,
};

/**
 * Without PUBLIC_BASE_URL, a start on another PORT is reached on that port: its links, the
 * carrier's webhooks and their signatures say so (the default's 3000 would point elsewhere).
 */
function withLocalBaseUrl(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  if (env.PUBLIC_BASE_URL?.trim() || !env.PORT?.trim()) return env;
  return { ...env, PUBLIC_BASE_URL: `http://localhost:${env.PORT.trim()}` };
}

/** The carrier's account sid and token go together: a `superRefine` for either process's schema. */
export function checkCarrierAccount(
  config: {
    TWILIO_ACCOUNT_SID?: string | undefined;
    TWILIO_AUTH_TOKEN?: string | undefined;
  } & { [K in (typeof SOFTPHONE_KEYS)[number]]?: string | undefined },
  ctx: z.RefinementCtx,
): void {
  if (Boolean(config.TWILIO_ACCOUNT_SID) !== Boolean(config.TWILIO_AUTH_TOKEN)) {
    ctx.addIssue({
      code: "custom",
      path: [config.TWILIO_ACCOUNT_SID ? "TWILIO_AUTH_TOKEN" : "TWILIO_ACCOUNT_SID"],
      message: "TWILIO_ACCOUNT_SID and TWILIO_AUTH_TOKEN go together: set both, or neither",
    });
  }
  checkSoftphoneKeys(config, ctx);
}

const SOFTPHONE_KEYS = ["TWILIO_API_KEY_SID", "TWILIO_API_KEY_SECRET", "TWILIO_TWIML_APP_SID"] as const;

/** The softphone's API key, its secret and the TwiML application go together. */
function checkSoftphoneKeys(
  config: { [K in (typeof SOFTPHONE_KEYS)[number]]?: string | undefined },
  ctx: z.RefinementCtx,
): void {
  const missing = SOFTPHONE_KEYS.filter((key) => !config[key]);
  if (missing.length === 0 || missing.length === SOFTPHONE_KEYS.length) return;
  for (const key of missing)
    ctx.addIssue({
      code: "custom",
      path: [key],
      message: `${SOFTPHONE_KEYS.join(", ")} go together: set all three, or none`,
    });
}

/** The VAPID public and private keys go together. A `superRefine` for either process's schema. */
export function checkVapidKeys(
  config: { VAPID_PUBLIC_KEY?: string | undefined; VAPID_PRIVATE_KEY?: string | undefined },
  ctx: z.RefinementCtx,
): void {
  if (Boolean(config.VAPID_PUBLIC_KEY) !== Boolean(config.VAPID_PRIVATE_KEY)) {
    ctx.addIssue({
      code: "custom",
      path: [config.VAPID_PUBLIC_KEY ? "VAPID_PRIVATE_KEY" : "VAPID_PUBLIC_KEY"],
      message: "VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY go together: set both, or neither",
    });
  }
}

/** The S3 driver needs its bucket; the key id and its secret go together. A `superRefine`. */
export function checkStorageConfig(
  config: {
    STORAGE_DRIVER: "local" | "s3";
    S3_BUCKET?: string | undefined;
    S3_ACCESS_KEY_ID?: string | undefined;
    S3_SECRET_ACCESS_KEY?: string | undefined;
  },
  ctx: z.RefinementCtx,
): void {
  if (config.STORAGE_DRIVER === "s3" && !config.S3_BUCKET) {
    ctx.addIssue({ code: "custom", path: ["S3_BUCKET"], message: "STORAGE_DRIVER=s3 needs S3_BUCKET" });
  }
  if (Boolean(config.S3_ACCESS_KEY_ID) !== Boolean(config.S3_SECRET_ACCESS_KEY)) {
    ctx.addIssue({
      code: "custom",
      path: [config.S3_ACCESS_KEY_ID ? "S3_SECRET_ACCESS_KEY" : "S3_ACCESS_KEY_ID"],
      message: "S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY go together: set both, or neither",
    });
  }
}

/** NODE_ENV=production: a real deployment, refused without what one needs. */
export function isProductionStart(config: { NODE_ENV?: string | undefined }): boolean {
  return config.NODE_ENV === "production";
}

/**
 * A production start delivers e-mail (SMTP_URL), or was told in so many words that mail may stay
 * in the outbox (MAIL_OUTBOX_ONLY=true): confirmations and resets must not vanish silently.
 */
export function checkMailDelivery(
  config: { NODE_ENV?: string | undefined; SMTP_URL?: string | undefined; MAIL_OUTBOX_ONLY: boolean },
  ctx: z.RefinementCtx,
): void {
  if (isProductionStart(config) && !config.SMTP_URL && !config.MAIL_OUTBOX_ONLY) {
    ctx.addIssue({
      code: "custom",
      path: ["SMTP_URL"],
      message:
        "a production start (NODE_ENV=production) needs SMTP_URL to deliver e-mail, or MAIL_OUTBOX_ONLY=true to keep it in the outbox",
    });
  }
}

/** Reads the environment with a process's schema, once at boot: every problem named, or the config. */
export function parseConfig<S extends z.ZodType>(schema: S, env: NodeJS.ProcessEnv): z.output<S> {
  const parsed = schema.safeParse(withLocalBaseUrl(env));
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `  ${i.path.join(".")}: ${i.message}`).join("\n");
    throw new Error(`Invalid configuration:\n${problems}`);
  }
  return parsed.data;
}
