import { isIP } from "node:net";
import { isE164 } from "@poundline/domain/phone";
import { z } from "zod";
import {
  checkCarrierAccount,
  checkMailDelivery,
  checkStorageConfig,
  checkVapidKeys,
  isProductionStart,
  optionalString,
  parseConfig,
  sharedConfigFields,
} from "./config";

export { isProductionStart } from "./config";

/** Everything the API reads from the environment, validated once at boot. */
export const configSchema = z
  .object({
    HOST: z.string().default("0.0.0.0"),
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    ...sharedConfigFields,
    /** Extra origins allowed to make cookie-authenticated writes (comma-separated), e.g. the Vite dev server. */
    ALLOWED_ORIGINS: optionalString,
    DATABASE_URL: optionalString,
    REDIS_URL: optionalString,
    GOOGLE_CLIENT_ID: optionalString,
    GOOGLE_CLIENT_SECRET: optionalString,
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
    /** The seller on every invoice: legal name, postal address (lines separated by "|"), tax id. */
    SELLER_LEGAL_NAME: z.string().trim().min(1).default("Poundline, Inc."),
    SELLER_ADDRESS: z
      .string()
      .default("")
      .transform((raw) =>
        raw
          .split("|")
          .map((line) => line.trim())
          .filter(Boolean),
      ),
    SELLER_TAX_ID: optionalString,
    /** Lets a monitor read /healthz's details (`Authorization: Bearer <token>`); anyone else sees up or down. */
    HEALTH_TOKEN: optionalString.refine((v) => v === undefined || v.length >= 16, {
      message: "HEALTH_TOKEN must be at least 16 characters",
    }),
    /**
     * The reverse proxies in front: how many (their X-Forwarded-For entries are read from the
     * right), or their addresses; false for none. See `parseTrustProxy`.
     */
    TRUST_PROXY: z
      .string()
      .optional()
      .transform((raw, ctx) => {
        const parsed = parseTrustProxy(raw);
        if (typeof parsed === "object" && "problem" in parsed) {
          ctx.addIssue({ code: "custom", message: parsed.problem });
          return z.NEVER;
        }
        return parsed;
      }),
    /** Seeds the demo into an empty database on start; default: only on the embedded database. */
    SEED_DEMO: z.preprocess(
      (v) => (typeof v === "string" && v.trim() === "" ? undefined : v),
      z
        .enum(["true", "false"])
        .optional()
        .transform((v) => (v === undefined ? undefined : v === "true")),
    ),
    /**
     * Signs the website widgets' proof-of-work challenges. Every API instance must share it;
     * without it each process draws its own (fine for one instance).
     */
    WIDGET_CHALLENGE_SECRET: optionalString.refine((v) => v === undefined || v.length >= 16, {
      message: "WIDGET_CHALLENGE_SECRET must be at least 16 characters",
    }),
    /** Leading zero bits a widget visitor's browser must find before a callback or text (about 2^n hashes). */
    WIDGET_POW_DIFFICULTY: z.coerce.number().int().min(1).max(28).default(18),
    /**
     * Requests one address may make to the console API in a minute. The end-to-end tests run
     * many people's browsers from one address and raise it.
     */
    API_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).default(600),
    /** Requests one API key may make to the public API (/v1) in a minute. */
    PUBLIC_API_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).default(300),
    /**
     * Requests with a key that is not valid (unknown, expired, revoked) one address may make to
     * the public API in 15 minutes, before its keys are looked up no more until the window ends.
     */
    PUBLIC_API_BAD_KEYS_PER_ADDRESS: z.coerce.number().int().min(1).default(30),
    /**
     * Encrypts the TOTP keys of two-factor authentication at rest (32 characters or more). A
     * production start refuses to run without it; elsewhere a published development secret
     * stands in (see auth/totp-key-cipher.ts). Changing it makes the stored keys unreadable.
     */
    TOTP_KEY_SECRET: optionalString.refine((v) => v === undefined || v.length >= 32, {
      message: "TOTP_KEY_SECRET must be at least 32 characters",
    }),
    /**
     * The bearer token `npm run call` and `npm run text` may send to the embedded carrier
     * simulator from another machine (16 characters or more); none: from this machine only.
     */
    CARRIER_SIM_TOKEN: optionalString.refine((v) => v === undefined || v.length >= 16, {
      message: "CARRIER_SIM_TOKEN must be at least 16 characters",
    }),
    /**
     * The platform's own number that sends verification codes (texts and calls) to the numbers
     * customers verify; a number of the carrier account that no customer holds. Without it, and
     * without a carrier account, the simulator's own number (+15005550006) sends them.
     */
    VERIFICATION_CALLER_ID: optionalString.refine((v) => v === undefined || isE164(v), {
      message: "VERIFICATION_CALLER_ID must be an E.164 number, e.g. +14075550100",
    }),
  })
  .superRefine(checkCarrierAccount)
  .superRefine(checkStorageConfig)
  .superRefine(checkVapidKeys)
  .superRefine(checkMailDelivery)
  .superRefine((config, ctx) => {
    if (isProductionStart(config) && !config.TOTP_KEY_SECRET)
      ctx.addIssue({
        code: "custom",
        path: ["TOTP_KEY_SECRET"],
        message: "a production start (NODE_ENV=production) needs TOTP_KEY_SECRET (32 characters or more)",
      });
  })
  // A database of one's own (DATABASE_URL) is a real deployment: no demo logins unless asked for.
  .transform((config) => ({ ...config, SEED_DEMO: config.SEED_DEMO ?? config.DATABASE_URL === undefined }));

export type Config = z.output<typeof configSchema>;

/** The proxies in front: none, how many, or their addresses (IPs, CIDRs, proxy-addr's names). */
export type TrustProxy = false | number | string[];

/**
 * TRUST_PROXY as Fastify's `trustProxy`. A hop count becomes "trust the n nearest hops" (the
 * socket's peer is hop 0): Fastify 5 takes a bare number as trusting nothing.
 */
export function trustProxyOption(
  value: TrustProxy,
): boolean | string[] | ((address: string, hop: number) => boolean) {
  if (typeof value !== "number") return value;
  const hops = value;
  return (_address, hop) => hop < hops;
}

const PROXY_ADDRESS_NAMES = new Set(["loopback", "linklocal", "uniquelocal"]);

function isProxyAddress(entry: string): boolean {
  if (PROXY_ADDRESS_NAMES.has(entry)) return true;
  const [address = "", bits, ...rest] = entry.split("/");
  const family = isIP(address);
  if (!family || rest.length > 0) return false;
  if (bits === undefined) return true;
  return /^\d{1,3}$/.test(bits) && Number(bits) <= (family === 4 ? 32 : 128);
}

/**
 * TRUST_PROXY: unset, empty, `false` or `0` trusts no proxy (the socket's address is the
 * client's); a number trusts that many proxies in front (`1`: the right-most X-Forwarded-For
 * entry, the one our own proxy wrote, is the client); a comma-separated list trusts proxies at
 * those addresses or CIDRs. `true` is refused: it would take the left-most entry, which the
 * client chooses, and so let anyone pick the address rate limits and throttles count.
 */
export function parseTrustProxy(raw: string | undefined): TrustProxy | { problem: string } {
  const value = raw?.trim() ?? "";
  if (value === "" || value === "false" || value === "0") return false;
  if (value === "true") {
    return {
      problem:
        "TRUST_PROXY=true would trust a client-chosen X-Forwarded-For: give the number of proxies in front (e.g. TRUST_PROXY=1) or their addresses (e.g. TRUST_PROXY=10.0.0.0/8)",
    };
  }
  if (/^\d+$/.test(value)) {
    const hops = Number(value);
    return hops <= 20 ? hops : { problem: `TRUST_PROXY=${value}: at most 20 proxy hops` };
  }
  const entries = value.split(",").map((entry) => entry.trim());
  const bad = entries.filter((entry) => !isProxyAddress(entry));
  if (bad.length > 0) {
    return {
      problem: `TRUST_PROXY: not a number of hops nor proxy addresses (IP or CIDR): ${bad.join(", ") || "(empty entry)"}`,
    };
  }
  return entries;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  return parseConfig(configSchema, env);
}

/** A configuration for tests: defaults, with the given overrides. */
export function testConfig(overrides: Partial<Record<keyof Config, string>> = {}): Config {
  // Tests deliver webhooks to a receiver on 127.0.0.1 over http.
  return configSchema.parse({
    LOG_LEVEL: "silent",
    SEED_DEMO: "false",
    WEBHOOKS_ALLOW_PRIVATE_ADDRESSES: "true",
    WEBHOOKS_ALLOW_HTTP: "true",
    ...overrides,
  });
}
