import { toE164 } from "@poundline/domain/phone";
import { z } from "zod";
import { line, timestampSchema } from "../common";

/** A verification code: six digits, good for a few minutes and a few guesses (codes.ts checks them). */
export const VERIFICATION_CODE = {
  digits: 6,
  /** How long a sent code may be typed back. */
  lifetimeMs: 10 * 60 * 1000,
  /** Wrong guesses before the code dies and a new one must be sent. */
  maxAttempts: 5,
} as const;

/** What the console says about verified numbers, in one place (the web shows the same words). */
export const verifiedNumberMessages = {
  notFound: "Verified number not found",
  invalidPhone: "Enter a valid phone number.",
  channel: "Choose Text message or Voice call.",
  code: `Enter the ${VERIFICATION_CODE.digits}-digit code.`,
  wrongCode: "That code is not right. Check it and try again.",
  expired: "This code has expired. Send a new code.",
  noCode: "No code is waiting for this number. Send a new code.",
  tooManyAttempts: "Too many wrong codes. Send a new code and try again.",
  alreadyVerified: "This number is already verified.",
  addedMeanwhile: "This number was just added: wait for its code, or send a new one.",
  ownNumber: "This is one of this account's own numbers: it needs no verification.",
  tooManySends: (minutes: number) =>
    `Too many codes sent. Please try again in ${minutes} minute${minutes === 1 ? "" : "s"}.`,
  notConfigured: "Number verification is not configured: set VERIFICATION_CALLER_ID.",
} as const;

export const VERIFIED_NUMBER_LIMITS = { phone: 32, perAccount: 20 } as const;

export const verificationChannelSchema = z.enum(["sms", "call"], { error: verifiedNumberMessages.channel });
export type VerificationChannel = z.output<typeof verificationChannelSchema>;

export const verifiedNumberParamsSchema = z.object({
  id: line(verifiedNumberMessages.notFound).regex(/^vn_[a-z0-9]{1,64}$/, verifiedNumberMessages.notFound),
});

/** A phone number as typed (US numbers without +1 accepted), normalised to E.164. */
const phoneInput = line(verifiedNumberMessages.invalidPhone)
  .max(VERIFIED_NUMBER_LIMITS.phone, verifiedNumberMessages.invalidPhone)
  .transform((typed, ctx) => {
    const e164 = toE164(typed);
    if (e164 === null) ctx.addIssue({ code: "custom", message: verifiedNumberMessages.invalidPhone });
    return e164 ?? z.NEVER;
  });

/** POST /api/verified-numbers: add a number and send it a code. */
export const addVerifiedNumberBodySchema = z.object({
  e164: phoneInput,
  channel: verificationChannelSchema,
});
export type AddVerifiedNumberBody = z.output<typeof addVerifiedNumberBodySchema>;

/** POST /api/verified-numbers/:id/code: send a new code. */
export const sendCodeBodySchema = z.object({ channel: verificationChannelSchema });

/** POST /api/verified-numbers/:id/verify: the code typed back. */
export const confirmCodeBodySchema = z.object({
  code: line(verifiedNumberMessages.code).regex(/^\d{6}$/, verifiedNumberMessages.code),
});

export const verifiedNumberSchema = z.object({
  id: z.string(),
  e164: z.string(),
  status: z.enum(["pending", "verified"]),
  verifiedAt: timestampSchema.nullable(),
  channel: verificationChannelSchema.nullable(),
  codeSentAt: timestampSchema.nullable(),
  /** Until when the pending code may be typed back; null when none is pending. */
  codeExpiresAt: timestampSchema.nullable(),
  createdAt: timestampSchema,
});
export type VerifiedNumber = z.output<typeof verifiedNumberSchema>;

export const verifiedNumberListSchema = z.object({
  numbers: z.array(verifiedNumberSchema),
  /** The account is on an unpaid trial: it dials and texts only these and its own numbers. */
  unpaidTrial: z.boolean(),
});
