import { greetingCallStatuses, greetingCallTargets, greetingKinds, greetingSlots } from "@poundline/db/enums";
import { IVR_DEFAULTS } from "@poundline/domain/ivr";
import { toE164 } from "@poundline/domain/phone";
import { isSayLanguage, isSayVoice } from "@poundline/domain/say-voices";
import { z } from "zod";
import { numberParamsSchema } from "../call-routing/schemas";
import { line, multilineText, timestampSchema } from "../common";
import { extensionIdSchema } from "../extensions/schemas";

export const GREETING_MESSAGES = {
  text: "Enter the words of the greeting.",
  voice: "Choose a voice from the list.",
  language: "Choose a language from the list.",
  slot: "Choose the voicemail or the after-hours greeting.",
  phone: "Enter a phone number in E.164 format, e.g. +15551234567.",
  callNotFound: "Greeting call not found",
  noNumber: "Buy a phone number first: the call to your phone comes from one of the account's numbers.",
} as const;

export const GREETING_LIMITS = { text: 2000, phone: 30 } as const;

/** The labels of the slots (the console's headings). */
export const GREETING_SLOT_LABELS: Record<(typeof greetingSlots)[number], string> = {
  voicemail: "Voicemail greeting",
  after_hours: "After-hours greeting",
};

export const greetingSlotSchema = z.enum(greetingSlots, { error: GREETING_MESSAGES.slot });

export const numberGreetingParamsSchema = numberParamsSchema.extend({ slot: greetingSlotSchema });
export const extensionGreetingParamsSchema = z.object({ id: extensionIdSchema });

/** A greeting said by text to speech: its words, in one of the carrier's voices and languages. */
export const greetingTextBodySchema = z.object({
  text: multilineText(GREETING_MESSAGES.text)
    .min(1, GREETING_MESSAGES.text)
    .max(GREETING_LIMITS.text, `Must be at most ${GREETING_LIMITS.text} characters.`),
  voice: z
    .string({ error: GREETING_MESSAGES.voice })
    .refine(isSayVoice, GREETING_MESSAGES.voice)
    .default(IVR_DEFAULTS.greetingVoice),
  language: z
    .string({ error: GREETING_MESSAGES.language })
    .refine(isSayLanguage, GREETING_MESSAGES.language)
    .default(IVR_DEFAULTS.greetingLanguage),
});

export const greetingSchema = z.object({
  /** The number's (or the extension's) id: one of the two is set. */
  numberId: z.string().nullable(),
  extensionId: z.string().nullable(),
  slot: z.enum(greetingSlots),
  /** tts: `text` is said in `voice` and `language`; audio: the recording at `audioUrl` is played. */
  kind: z.enum(greetingKinds),
  text: z.string().nullable(),
  voice: z.string(),
  language: z.string(),
  audioUrl: z.string().nullable(),
  updatedAt: timestampSchema,
});

export const greetingListSchema = z.object({ items: z.array(greetingSchema) });

/** Record by phone: the phone the carrier calls (the member's own). */
export const greetingCallBodySchema = z.object({
  phone: line(GREETING_MESSAGES.phone)
    .max(GREETING_LIMITS.phone, GREETING_MESSAGES.phone)
    .transform((typed, ctx) => {
      const e164 = toE164(typed);
      if (e164 === null) ctx.addIssue({ code: "custom", message: GREETING_MESSAGES.phone });
      return e164 ?? z.NEVER;
    }),
});

export const greetingCallParamsSchema = z.object({
  id: z.string().regex(/^grc_[a-z0-9]{1,64}$/, "Invalid greeting call id."),
});

/**
 * A greeting recorded by phone: `calling` (the phone rings), `recording`, `recorded` (played back,
 * waiting for 1 to save or 2 to record again), `saving`, `saved` (the greeting is set),
 * `cancelled` (hung up before saving), `failed`.
 */
export const greetingCallSchema = z.object({
  id: z.string(),
  targetType: z.enum(greetingCallTargets),
  targetId: z.string(),
  slot: z.enum(greetingSlots),
  phone: z.string(),
  status: z.enum(greetingCallStatuses),
  audioUrl: z.string().nullable(),
  createdAt: timestampSchema,
  updatedAt: timestampSchema,
});

export type GreetingTextBody = z.output<typeof greetingTextBodySchema>;
export type GreetingView = z.output<typeof greetingSchema>;
export type GreetingCallView = z.output<typeof greetingCallSchema>;
