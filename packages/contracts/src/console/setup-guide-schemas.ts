import { z } from "zod";

/** The setup guide's steps, in the order a new business takes them. */
export const setupStepKeys = [
  "number",
  "e911",
  "hours",
  "greeting",
  "people",
  "test_call",
  "widget",
] as const;
export type SetupStepKey = (typeof setupStepKeys)[number];

export const setupGuideSchema = z.object({
  steps: z.array(z.object({ key: z.enum(setupStepKeys), done: z.boolean() })),
  allDone: z.boolean(),
  /** This person put the guide away in this account. */
  dismissed: z.boolean(),
  /** How the test call is made: by the built-in simulator, or from the user's own phone to `number`. */
  testCall: z.object({ via: z.enum(["simulator", "phone"]), number: z.string().nullable() }),
});
export type SetupGuide = z.output<typeof setupGuideSchema>;

export const setupGuideDismissalBodySchema = z.object({
  dismissed: z.boolean({ error: "Say whether the setup guide is dismissed." }),
});

export const testCallOutcomes = ["answered", "voicemail", "refused", "failed"] as const;
export type TestCallOutcome = (typeof testCallOutcomes)[number];

/** Why a refused call was refused: the billing gate's state, or a number that does not answer. */
export const refusalReasons = [
  "trial_ended",
  "wallet_empty",
  "trial_allowance_used",
  "spend_cap",
  "suspended",
  "not_in_service",
] as const;
export type RefusalReason = (typeof refusalReasons)[number];

export const testCallResultSchema = z.object({
  outcome: z.enum(testCallOutcomes),
  /** What the console says about it, in words. */
  message: z.string(),
  reason: z.enum(refusalReasons).nullable(),
  callSid: z.string(),
  from: z.string(),
  to: z.string(),
  /** What the caller heard, in order. */
  heard: z.array(z.string()),
  /** Seconds of voicemail left (outcome voicemail). */
  voicemailSeconds: z.number().int().nullable(),
});
export type TestCallResult = z.output<typeof testCallResultSchema>;

export const setupGuideMessages = {
  noNumber: "Get a phone number first: the test call rings it.",
  callFromPhone: (e164: string) =>
    `Your calls go through the carrier: call ${e164} from your own phone to test it.`,
} as const;
