import { toE164 } from "@poundline/domain/phone";
import { z } from "zod";
import { line, timestampSchema } from "../common";

export const EXTENSION_NOT_FOUND_MESSAGE = "Extension not found";
export const DUPLICATE_EXTENSION_MESSAGE = "This extension number is already in use.";
export const EXTENSION_NUMBER_LOCKED_MESSAGE = "The extension number cannot be changed.";
export const FORWARDING_MESSAGE = "Enter a phone number (E.164), a sip: address or a client: name.";

export const EXTENSION_LIMITS = {
  number: { min: 1, max: 99_999 },
  name: 100,
  email: 254,
  department: 100,
  /** The carrier rings at most ten destinations in one <Dial>. */
  forwardingNumbers: 10,
  forwardingNumber: 200,
  search: 100,
} as const;

export const extensionIdSchema = z.string().regex(/^ext_[a-z0-9]{1,64}$/, "Invalid extension id.");
export const extensionParamsSchema = z.object({ id: extensionIdSchema });

const SIP = /^sips?:[^\s@]+@[^\s@]+$/i;
const CLIENT = /^client:[A-Za-z0-9_.@-]{1,100}$/;

/** A destination an extension rings: a phone number (stored E.164), a SIP address or a carrier client. */
export const forwardingNumberSchema = line(FORWARDING_MESSAGE)
  .min(1, FORWARDING_MESSAGE)
  .max(EXTENSION_LIMITS.forwardingNumber, FORWARDING_MESSAGE)
  .transform((value, ctx) => {
    if (SIP.test(value) || CLIENT.test(value)) return value;
    const e164 = value.startsWith("+") || /^[\d\s().-]+$/.test(value) ? toE164(value) : null;
    if (e164) return e164;
    ctx.addIssue({ code: "custom", message: FORWARDING_MESSAGE });
    return z.NEVER;
  });

const optionalLine = (max: number, message = "Must be text.") =>
  line(message)
    .max(max, `Must be at most ${max} characters.`)
    .nullish()
    .transform((value) => value || null);

const emailSchema = line("Enter a valid email address.")
  .max(EXTENSION_LIMITS.email, `Must be at most ${EXTENSION_LIMITS.email} characters.`)
  .pipe(
    z.union([z.literal(""), z.email("Enter a valid email address.")], {
      error: "Enter a valid email address.",
    }),
  )
  .nullish()
  .transform((value) => value || null);

const extensionFields = {
  name: line("Name is required.")
    .min(1, "Name is required.")
    .max(EXTENSION_LIMITS.name, `Must be at most ${EXTENSION_LIMITS.name} characters.`),
  email: emailSchema,
  department: optionalLine(EXTENSION_LIMITS.department),
  forwardingNumbers: z
    .array(forwardingNumberSchema, { error: "Must be a list." })
    .max(
      EXTENSION_LIMITS.forwardingNumbers,
      `At most ${EXTENSION_LIMITS.forwardingNumbers} forwarding numbers.`,
    )
    .default([])
    .refine((list) => new Set(list).size === list.length, "Each forwarding number only once."),
  voicemailEnabled: z.boolean({ error: "Must be true or false." }).default(true),
  callForwarding: z.boolean({ error: "Must be true or false." }).default(false),
};

export const extensionNumberSchema = z.coerce
  .number({ error: "Enter an extension number." })
  .int("Enter a whole number.")
  .min(
    EXTENSION_LIMITS.number.min,
    `Must be between ${EXTENSION_LIMITS.number.min} and ${EXTENSION_LIMITS.number.max}.`,
  )
  .max(
    EXTENSION_LIMITS.number.max,
    `Must be between ${EXTENSION_LIMITS.number.min} and ${EXTENSION_LIMITS.number.max}.`,
  );

export const createExtensionBodySchema = z.object({
  extensionNumber: extensionNumberSchema,
  ...extensionFields,
});

/** The extension number is the extension's id to callers: it cannot change once created. */
export const updateExtensionBodySchema = z.object({
  ...extensionFields,
  extensionNumber: extensionNumberSchema.optional(),
});

export const listExtensionsQuerySchema = z.object({
  search: line()
    .max(EXTENSION_LIMITS.search, `Must be at most ${EXTENSION_LIMITS.search} characters.`)
    .optional(),
});

export const extensionSchema = z.object({
  id: z.string(),
  extensionNumber: z.number().int(),
  name: z.string(),
  email: z.string().nullable(),
  department: z.string().nullable(),
  forwardingNumbers: z.array(z.string()),
  voicemailEnabled: z.boolean(),
  callForwarding: z.boolean(),
  /** Menus, ring groups and numbers that send calls to it. */
  usedBy: z.array(z.string()),
  createdAt: timestampSchema,
  updatedAt: timestampSchema,
});

export const extensionListSchema = z.object({ items: z.array(extensionSchema) });

export type CreateExtensionBody = z.output<typeof createExtensionBodySchema>;
export type UpdateExtensionBody = z.output<typeof updateExtensionBodySchema>;
export type ExtensionView = z.output<typeof extensionSchema>;
