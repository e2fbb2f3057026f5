import { messageAutomations, scheduledTextStatuses } from "@poundline/db/enums";
import { templateVariables, unknownVariables } from "@poundline/domain/automations";
import { z } from "zod";
import { line, pageQuery, text, timestampSchema } from "../common";
import { CURSOR_LIMITS, cursorLimit, cursorQuery, nextCursorField } from "../cursor";
import { e164Schema, MESSAGE_LIMITS } from "../messages/schemas";
import { numberIdSchema } from "../numbers/schemas";

/** What the console says about automations, templates and scheduled texts (the web shows the same words). */
export const automationMessages = {
  templateNotFound: "Template not found",
  scheduledTextNotFound: "Scheduled text not found",
  numberNotFound: "Phone number not found",
  name: "Enter a name.",
  nameTaken: "A template with this name exists already.",
  body: "Enter a message.",
  sendAt: "Choose a date and time, e.g. 2026-12-01T09:30.",
  sendAtPast: "Choose a time in the future.",
  notPending: "This text is no longer waiting to be sent.",
  minute: "Enter a time as HH:MM.",
  unknownVariables: (names: string[]) =>
    `Unknown variable${names.length === 1 ? "" : "s"}: ${names.map((n) => `{${n}}`).join(", ")}. Use ${Object.keys(
      templateVariables,
    )
      .map((n) => `{${n}}`)
      .join(", ")}.`,
} as const;

export const AUTOMATION_LIMITS = { name: 80, body: MESSAGE_LIMITS.body, templates: 200 } as const;

/** The default texts, until the business writes its own. */
export const defaultAutomationTemplates = {
  missedCall: "Sorry we missed your call. This is {business_name}. How can we help?",
  afterHours: "Thanks for contacting {business_name}. We're closed right now and will reply when we open.",
  firstContact: "Thanks for your message! This is {business_name}. We'll get back to you shortly.",
} as const;

/** A template's text: not empty, not too long, and only known {variables}. */
export const templateBodySchema = text({ error: automationMessages.body, multiline: true, trim: false })
  .max(AUTOMATION_LIMITS.body, `Must be at most ${AUTOMATION_LIMITS.body} characters.`)
  .refine((body) => body.trim().length > 0, automationMessages.body)
  .superRefine((body, ctx) => {
    const unknown = unknownVariables(body);
    if (unknown.length > 0)
      ctx.addIssue({ code: "custom", message: automationMessages.unknownVariables(unknown) });
  });

/** "HH:MM" as minutes since midnight. */
const minuteOfDaySchema = line(automationMessages.minute)
  .regex(/^([01]\d|2[0-3]):[0-5]\d$/, automationMessages.minute)
  .transform((hhmm) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3)));

export const numberAutomationParamsSchema = z.object({ id: numberIdSchema });

/** PUT /api/numbers/:id/automations: what the number answers by itself. */
export const numberAutomationsBodySchema = z.object({
  missedCallEnabled: z.boolean(),
  missedCallTemplate: templateBodySchema,
  afterHoursEnabled: z.boolean(),
  afterHoursCallsEnabled: z.boolean(),
  afterHoursTemplate: templateBodySchema,
  firstContactEnabled: z.boolean(),
  firstContactTemplate: templateBodySchema,
  quietHoursEnabled: z.boolean(),
  quietStart: minuteOfDaySchema,
  quietEnd: minuteOfDaySchema,
});
export type NumberAutomationsBody = z.output<typeof numberAutomationsBodySchema>;
export type NumberAutomationsInput = z.input<typeof numberAutomationsBodySchema>;

/** The number's automations as the console edits them (quiet hours as "HH:MM"). */
export const numberAutomationsSchema = z.object({
  phoneNumberId: z.string(),
  e164: z.string(),
  /** The zone business hours are read in (the number's routing). */
  timeZone: z.string(),
  missedCallEnabled: z.boolean(),
  missedCallTemplate: z.string(),
  afterHoursEnabled: z.boolean(),
  afterHoursCallsEnabled: z.boolean(),
  afterHoursTemplate: z.string(),
  firstContactEnabled: z.boolean(),
  firstContactTemplate: z.string(),
  quietHoursEnabled: z.boolean(),
  /** "HH:MM" in the recipient's zone. */
  quietStart: z.string(),
  quietEnd: z.string(),
});
export type NumberAutomationsJson = z.output<typeof numberAutomationsSchema>;

export const templateIdSchema = line(automationMessages.templateNotFound).regex(
  /^tpl_[a-z0-9]{1,64}$/,
  automationMessages.templateNotFound,
);
export const templateParamsSchema = z.object({ id: templateIdSchema });

/** POST and PUT /api/text-templates: a saved text. */
export const templateBodyInputSchema = z.object({
  name: line(automationMessages.name)
    .min(1, automationMessages.name)
    .max(AUTOMATION_LIMITS.name, `Must be at most ${AUTOMATION_LIMITS.name} characters.`),
  body: templateBodySchema,
});
export type TemplateBody = z.output<typeof templateBodyInputSchema>;
export type TemplateInput = z.input<typeof templateBodyInputSchema>;

export const textTemplateSchema = z.object({
  id: z.string(),
  name: z.string(),
  body: z.string(),
  createdAt: timestampSchema,
  updatedAt: timestampSchema,
});
export type TextTemplate = z.output<typeof textTemplateSchema>;
export type TextTemplateJson = z.input<typeof textTemplateSchema>;

export const textTemplateListSchema = z.object({
  templates: z.array(textTemplateSchema),
  /** The variables a template may use, with what each is filled with. */
  variables: z.array(z.object({ name: z.string(), description: z.string() })),
});

export const scheduledTextIdSchema = line(automationMessages.scheduledTextNotFound).regex(
  /^stx_[a-z0-9]{1,64}$/,
  automationMessages.scheduledTextNotFound,
);
export const scheduledTextParamsSchema = z.object({ id: scheduledTextIdSchema });

/** GET /api/scheduled-texts: one conversation's texts waiting (and done), and the zone its times are in. */
export const scheduledTextsQuerySchema = z.object({
  from: e164Schema,
  to: e164Schema,
  limit: cursorLimit.default(CURSOR_LIMITS.defaultLimit),
  ...cursorQuery,
});
export type ScheduledTextsQuery = z.output<typeof scheduledTextsQuerySchema>;

/** POST /api/scheduled-texts: a text to send at a wall-clock time in the recipient's zone. */
export const scheduleTextBodySchema = z.object({
  from: e164Schema,
  to: e164Schema,
  body: text({ error: automationMessages.body, multiline: true, trim: false })
    .max(MESSAGE_LIMITS.body, `Must be at most ${MESSAGE_LIMITS.body} characters.`)
    .refine((body) => body.trim().length > 0, automationMessages.body),
  /** "YYYY-MM-DDTHH:MM", read in the zone the list answers for this conversation. */
  sendAt: line(automationMessages.sendAt).regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/, automationMessages.sendAt),
});
export type ScheduleTextBody = z.output<typeof scheduleTextBodySchema>;
export type ScheduleTextInput = z.input<typeof scheduleTextBodySchema>;

export const scheduledTextSchema = z.object({
  id: z.string(),
  automation: z.enum(messageAutomations),
  fromNumber: z.string(),
  toNumber: z.string(),
  body: z.string(),
  sendAt: timestampSchema,
  timeZone: z.string(),
  status: z.enum(scheduledTextStatuses),
  outcome: z.string().nullable(),
  messageId: z.string().nullable(),
  createdAt: timestampSchema,
});
export type ScheduledText = z.output<typeof scheduledTextSchema>;
export type ScheduledTextJson = z.input<typeof scheduledTextSchema>;

export const scheduledTextListSchema = z.object({
  /** The zone a send time is read in: the recipient's (their area code), else the number's. */
  timeZone: z.string(),
  /** The latest send time first. */
  texts: z.array(scheduledTextSchema),
  ...nextCursorField,
});
export type ScheduledTextListJson = z.input<typeof scheduledTextListSchema>;

/** The Scheduled texts view's tabs: what is still to go, what went, what was called off, what did not go. */
export const scheduledTextViews = ["upcoming", "sent", "cancelled", "failed"] as const;
export type ScheduledTextView = (typeof scheduledTextViews)[number];

/** GET /api/scheduled-texts/all: the account's texts of one view, a page at a time. */
export const allScheduledTextsQuerySchema = z.object({
  view: z.preprocess(
    (value) => (value === "" ? undefined : value),
    z
      .enum(scheduledTextViews, { error: `Must be one of: ${scheduledTextViews.join(", ")}.` })
      .default("upcoming"),
  ),
  ...pageQuery(25, 100),
});
export type AllScheduledTextsQuery = z.output<typeof allScheduledTextsQuerySchema>;

export const accountScheduledTextSchema = scheduledTextSchema.extend({
  /** The recipient's contact name, when they are a contact. */
  contactName: z.string().nullable(),
});
export type AccountScheduledText = z.output<typeof accountScheduledTextSchema>;

export const accountScheduledTextListSchema = z.object({
  texts: z.array(accountScheduledTextSchema),
  total: z.number().int(),
  limit: z.number().int(),
  offset: z.number().int(),
});
export type AccountScheduledTextListJson = z.input<typeof accountScheduledTextListSchema>;
