import { greetingTypes, ivrMenuActions, ivrOptionActions } from "@poundline/db/enums";
import { IVR_DEFAULTS } from "@poundline/telephony/ivr";
import { z } from "zod";
import { line, multilineText, timestampSchema } from "../http/schemas";

/** Seed 001's defaults of a new menu (the web's New Menu form starts from them). */
export { IVR_DEFAULTS };

export const IVR_MESSAGES = {
  notFound: "IVR menu not found",
  name: "Menu name is required.",
  timeout: "Timeout must be between 3 and 30 seconds.",
  maxInvalid: "Max invalid inputs must be between 1 and 5.",
  key: "The key must be one of 0-9, * or #.",
  keyTwice: "Each key can have only one option.",
  destinationRequired: "Choose a destination.",
  menuMissing: "This IVR menu does not exist.",
  extensionMissing: "This extension does not exist.",
  self: "A menu cannot point at itself.",
  message: "Enter the message to play.",
  recordingMissing: "Upload a recording first.",
} as const;

export const IVR_LIMITS = {
  timeoutSeconds: { min: 3, max: 30 },
  maxInvalidInputs: { min: 1, max: 5 },
  name: 100,
  description: 500,
  greetingTts: 2000,
  message: 1000,
  options: 12,
} as const;

// Imported from the enums alone (not the whole schema) so the web's forms can use these schemas.
const [menuActions, optionActions] = [ivrMenuActions, ivrOptionActions];

export const ivrMenuIdSchema = z.string().regex(/^ivr_[a-z0-9]{1,64}$/, "Invalid IVR menu id.");
export const ivrMenuParamsSchema = z.object({ id: ivrMenuIdSchema });

const optionalText = (max: number) =>
  multilineText("Must be text.")
    .max(max, `Must be at most ${max} characters.`)
    .nullish()
    .transform((value) => value || null);

const destination = line("Must be text.")
  .max(IVR_LIMITS.message, `Must be at most ${IVR_LIMITS.message} characters.`)
  .nullish()
  .transform((value) => value || null);

export const ivrOptionBodySchema = z.object({
  keyPress: z.string({ error: IVR_MESSAGES.key }).regex(/^[0-9*#]$/, IVR_MESSAGES.key),
  action: z.enum(optionActions, { error: `Action must be one of ${optionActions.join(", ")}.` }),
  /** ivr_menu: menu id; extension: extension id; voicemail: optional extension id; play_message: the text. */
  destination,
  description: optionalText(IVR_LIMITS.description),
});

const menuAction = z.enum(menuActions, { error: `Action must be one of ${menuActions.join(", ")}.` });

/**
 * A whole menu with its options: create and update both send it (the editor saves the form). The
 * recording's URL is not part of it: only an upload sets it, so <Play> never fetches a stranger's URL.
 */
export const ivrMenuBodySchema = z.object({
  name: line(IVR_MESSAGES.name)
    .min(1, IVR_MESSAGES.name)
    .max(IVR_LIMITS.name, `Must be at most ${IVR_LIMITS.name} characters.`),
  description: optionalText(IVR_LIMITS.description),
  greetingType: z.enum(greetingTypes, { error: "Greeting type must be tts or recording." }).default("tts"),
  greetingTts: optionalText(IVR_LIMITS.greetingTts).transform((v) => v ?? IVR_DEFAULTS.greetingTts),
  timeoutSeconds: z
    .number({ error: IVR_MESSAGES.timeout })
    .int(IVR_MESSAGES.timeout)
    .min(IVR_LIMITS.timeoutSeconds.min, IVR_MESSAGES.timeout)
    .max(IVR_LIMITS.timeoutSeconds.max, IVR_MESSAGES.timeout)
    .default(IVR_DEFAULTS.timeoutSeconds),
  timeoutAction: menuAction.default(IVR_DEFAULTS.timeoutAction),
  timeoutActionDestination: destination,
  invalidInputAction: menuAction.default("repeat"),
  invalidInputActionDestination: destination,
  maxInvalidInputs: z
    .number({ error: IVR_MESSAGES.maxInvalid })
    .int(IVR_MESSAGES.maxInvalid)
    .min(IVR_LIMITS.maxInvalidInputs.min, IVR_MESSAGES.maxInvalid)
    .max(IVR_LIMITS.maxInvalidInputs.max, IVR_MESSAGES.maxInvalid)
    .default(IVR_DEFAULTS.maxInvalidInputs),
  options: z
    .array(ivrOptionBodySchema, { error: "Must be a list." })
    .max(IVR_LIMITS.options, `At most ${IVR_LIMITS.options} options.`)
    .default([])
    .superRefine((options, ctx) => {
      const seen = new Set<string>();
      options.forEach((o, i) => {
        if (seen.has(o.keyPress))
          ctx.addIssue({ code: "custom", path: [i, "keyPress"], message: IVR_MESSAGES.keyTwice });
        seen.add(o.keyPress);
      });
    }),
});

export const ivrOptionSchema = z.object({
  keyPress: z.string(),
  action: z.enum(optionActions),
  destination: z.string().nullable(),
  description: z.string().nullable(),
});

export const ivrMenuSchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  greetingType: z.enum(greetingTypes),
  greetingTts: z.string().nullable(),
  greetingRecordingUrl: z.string().nullable(),
  timeoutSeconds: z.number().int(),
  timeoutAction: z.enum(menuActions),
  timeoutActionDestination: z.string().nullable(),
  invalidInputAction: z.enum(menuActions),
  invalidInputActionDestination: z.string().nullable(),
  maxInvalidInputs: z.number().int(),
  options: z.array(ivrOptionSchema),
  /** Numbers, geo rules and other menus that send calls to it. */
  usedBy: z.array(z.string()),
  createdAt: timestampSchema,
  updatedAt: timestampSchema,
});

export const ivrMenuListSchema = z.object({ items: z.array(ivrMenuSchema) });

export type IvrMenuBody = z.output<typeof ivrMenuBodySchema>;
export type IvrMenuView = z.output<typeof ivrMenuSchema>;
