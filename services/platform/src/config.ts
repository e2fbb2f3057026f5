import { z } from "zod";

/** A setting that may be absent: blank counts as absent, and the value is trimmed. */
export const optionalString = z
  .string()
  .optional()
  .transform((v) => (v?.trim() ? v.trim() : undefined));

/**
 * The settings both processes read (the API and `npm run workers`): the same names, defaults and
 * checks in both, so one environment configures the two alike.
 */
export const sharedConfigFields = {
  /** Where browsers and the carrier reach us; used for links in e-mails and webhook signatures. */
  PUBLIC_BASE_URL: z.url().default("http://localhost:3000"),
  /** Prefix of every key in Redis (the BullMQ queues, rate limits, login throttling). */
  QUEUE_PREFIX: z.string().default("poundline"),
  SMTP_URL: optionalString,
  MAIL_FROM: z.string().default("Poundline <no-reply@poundline.local>"),
  /** The carrier account; without it the built-in carrier simulator stands in. */
  TWILIO_ACCOUNT_SID: optionalString,
  TWILIO_AUTH_TOKEN: optionalString,
  /** Ask the carrier to transcribe voicemail (its own transcription). */
  CARRIER_TRANSCRIPTION: z
    .enum(["true", "false"])
    .default("false")
    .transform((v) => v === "true"),
  /** Where notices of contact-form messages are e-mailed. */
  CONTACT_INBOX: z.email().default("sales@poundline.com"),
  /** Where customers' replies to their support tickets are e-mailed. */
  SUPPORT_INBOX: z.email().default("support@poundline.com"),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
};

/** The carrier's account sid and token go together: a `superRefine` for either process's schema. */
export function checkCarrierAccount(
  config: { TWILIO_ACCOUNT_SID?: string | undefined; TWILIO_AUTH_TOKEN?: string | undefined },
  ctx: z.RefinementCtx,
): void {
  if (Boolean(config.TWILIO_ACCOUNT_SID) !== Boolean(config.TWILIO_AUTH_TOKEN)) {
    ctx.addIssue({
      code: "custom",
      path: [config.TWILIO_ACCOUNT_SID ? "TWILIO_AUTH_TOKEN" : "TWILIO_ACCOUNT_SID"],
      message: "TWILIO_ACCOUNT_SID and TWILIO_AUTH_TOKEN go together: set both, or neither",
    });
  }
}

/** Reads the environment with a process's schema, once at boot: every problem named, or the config. */
export function parseConfig<S extends z.ZodType>(schema: S, env: NodeJS.ProcessEnv): z.output<S> {
  const parsed = schema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `  ${i.path.join(".")}: ${i.message}`).join("\n");
    throw new Error(`Invalid configuration:\n${problems}`);
  }
  return parsed.data;
}
