import { greetingTypes, ivrMenuActions, ivrOptionActions } from "@poundline/db/enums";
import { IVR_DEFAULTS } from "@poundline/domain/ivr";
import { isSayLanguage, isSayVoice, SAY_LANGUAGES, SAY_VOICES } from "@poundline/domain/say-voices";
import { z } from "zod";
import { line, multilineText, timestampSchema } from "../common";

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
  voice: "Choose a voice from the list.",
  language: "Choose a language from the list.",
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
  /** The carrier's text-to-speech voice and language (GET /api/ivr-menus/voices lists them). */
  greetingVoice: z
    .string({ error: IVR_MESSAGES.voice })
    .refine(isSayVoice, IVR_MESSAGES.voice)
    .default(IVR_DEFAULTS.greetingVoice),
  greetingLanguage: z
    .string({ error: IVR_MESSAGES.language })
    .refine(isSayLanguage, IVR_MESSAGES.language)
    .default(IVR_DEFAULTS.greetingLanguage),
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
  greetingVoice: z.string(),
  greetingLanguage: z.string(),
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

export const VERSION_MESSAGES = {
  notFound: "IVR version not found",
  nothingToPublish: "There are no unpublished changes.",
  note: "The note must be at most 500 characters.",
  diffSide: "Must be a version id, draft or live.",
} as const;

export const ivrVersionIdSchema = z.string().regex(/^ivrv_[a-z0-9]{1,64}$/, "Invalid IVR version id.");
export const ivrVersionParamsSchema = z.object({ id: ivrVersionIdSchema });

export const ivrPublishBodySchema = z
  .object({
    note: multilineText("Must be text.")
      .max(500, VERSION_MESSAGES.note)
      .nullish()
      .transform((v) => v?.trim() || null),
  })
  .default({ note: null });

const diffSide = z.union([z.literal("draft"), z.literal("live"), ivrVersionIdSchema], {
  error: VERSION_MESSAGES.diffSide,
});
export const ivrDiffQuerySchema = z.object({ from: diffSide, to: diffSide });

const publisherSchema = z.object({ id: z.string(), name: z.string(), email: z.string() }).nullable();

export const ivrVersionSummarySchema = z.object({
  id: z.string(),
  version: z.number().int(),
  publishedAt: timestampSchema,
  /** Null for the version back-filled at migration and the demo seed's. */
  publishedBy: publisherSchema,
  note: z.string().nullable(),
  /** The version calls follow now. */
  live: z.boolean(),
});

/** A published menu: the menu as the API shows it, without what belongs to the draft rows. */
export const ivrSnapshotSchema = z.object({
  menus: z.array(ivrMenuSchema.omit({ usedBy: true, createdAt: true, updatedAt: true })),
});

export const ivrVersionSchema = ivrVersionSummarySchema.extend({ snapshot: ivrSnapshotSchema });
export const ivrVersionListSchema = z.object({ items: z.array(ivrVersionSummarySchema) });

export const ivrDraftStatusSchema = z.object({
  liveVersionId: z.string().nullable(),
  liveVersion: z.number().int().nullable(),
  hasUnpublishedChanges: z.boolean(),
});

export const ivrPublishedSchema = z.object({ id: z.string(), version: z.number().int() });

const scalar = z.union([z.string(), z.number()]).nullable();
export const ivrDiffSchema = z.object({
  from: z.object({ ref: z.string(), versionId: z.string().nullable(), version: z.number().int().nullable() }),
  to: z.object({ ref: z.string(), versionId: z.string().nullable(), version: z.number().int().nullable() }),
  identical: z.boolean(),
  menus: z.array(
    z.object({
      menuId: z.string(),
      name: z.string(),
      change: z.enum(["added", "removed", "changed"]),
      fields: z.array(z.object({ field: z.string(), label: z.string(), from: scalar, to: scalar })),
      options: z.array(
        z.object({
          keyPress: z.string(),
          change: z.enum(["added", "removed", "changed"]),
          from: ivrOptionSchema.nullable(),
          to: ivrOptionSchema.nullable(),
          summary: z.string(),
        }),
      ),
      summary: z.array(z.string()),
    }),
  ),
});

export type IvrVersionSummary = z.output<typeof ivrVersionSummarySchema>;
export type IvrDraftStatus = z.output<typeof ivrDraftStatusSchema>;

export const TRY_MESSAGES = {
  notFound: "Try-it call not found",
  ended: "The call has ended.",
  tooManyKeys: "Too many keys for one try-it call: start a new one.",
  nothingPublished: "Nothing is published yet: publish the menus first.",
  noMenus: "There are no IVR menus to try.",
  digits: "Press up to 20 keys: 0-9, * or # (none: wait for the timeout).",
  target: "Target must be draft or live.",
} as const;

export const ivrTryBodySchema = z.object({
  target: z.enum(["draft", "live"], { error: TRY_MESSAGES.target }).default("draft"),
  /** The menu the call starts in; default the menu the account's first number answers with, else the first. */
  menuId: ivrMenuIdSchema.nullish(),
});

export const ivrTryParamsSchema = z.object({
  tryId: z.string().regex(/^try_[a-f0-9]{20}$/, "Invalid try-it call id."),
});

export const ivrTryKeysBodySchema = z.object({
  /** Keys pressed one after the other, one per menu; "" waits for the menu's timeout. */
  digits: z.string({ error: TRY_MESSAGES.digits }).regex(/^[0-9*#]{0,20}$/, TRY_MESSAGES.digits),
});

const heardSchema = z.discriminatedUnion("kind", [
  z.object({
    kind: z.literal("say"),
    text: z.string(),
    voice: z.string().optional(),
    language: z.string().optional(),
  }),
  z.object({ kind: z.literal("play"), url: z.string() }),
  z.object({ kind: z.literal("pause"), seconds: z.number() }),
  z.object({ kind: z.literal("dial"), text: z.string() }),
  z.object({ kind: z.literal("record") }),
  z.object({ kind: z.literal("queue") }),
  z.object({ kind: z.literal("hangup") }),
]);

const nodeSchema = z.discriminatedUnion("kind", [
  z.object({ kind: z.literal("menu"), menuId: z.string() }),
  z.object({ kind: z.literal("extension"), id: z.string() }),
  z.object({ kind: z.literal("forward") }),
  z.object({ kind: z.literal("ring_group") }),
  z.object({ kind: z.literal("voicemail") }),
  z.object({ kind: z.literal("hangup") }),
  z.object({ kind: z.literal("error"), detail: z.string() }),
]);

export const ivrTrySchema = z.object({
  tryId: z.string(),
  target: z.enum(["draft", "live"]),
  /** The live version tried (null for the draft). */
  versionId: z.string().nullable(),
  /** What the caller heard since the previous step, in order. */
  heard: z.array(heardSchema),
  /** Where the call is: the menu waiting for a key, or where it ended. */
  node: nodeSchema,
  ended: z.boolean(),
});

/** The carrier's voices and languages for a greeting, with what a menu uses when none is chosen. */
export const ivrVoicesSchema = z.object({
  voices: z.array(z.object({ id: z.string(), label: z.string(), languages: z.array(z.string()) })),
  languages: z.array(z.object({ code: z.string(), label: z.string() })),
  defaults: z.object({ voice: z.string(), language: z.string() }),
});

export const IVR_VOICES = {
  voices: SAY_VOICES.map((v) => ({ ...v, languages: [...v.languages] })),
  languages: [...SAY_LANGUAGES],
  defaults: { voice: IVR_DEFAULTS.greetingVoice, language: IVR_DEFAULTS.greetingLanguage },
};
