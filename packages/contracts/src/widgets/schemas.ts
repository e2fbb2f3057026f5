import {
  WIDGET_DAILY_CAP,
  widgetAttemptKinds,
  widgetAttemptOutcomes,
  widgetPositions,
  widgetTypes,
} from "@poundline/db/enums";
import { z } from "zod";
import { line, pageQuery, text, timestampSchema } from "../common";

export const WIDGET_NOT_FOUND_MESSAGE = "Widget not found";
/** The seed's message when the widget has no licensed number. */
export const LICENSED_NUMBER_MESSAGE = "Please select a licensed number.";
export const COLOR_MESSAGE = "Enter a colour as #RRGGBB.";
export const ORIGIN_MESSAGE = "Enter a website origin such as https://www.example.com.";

export const WIDGET_DEFAULTS = {
  name: "Website widget",
  type: "combined",
  callText: "Call Us Now",
  smsText: "Text Us Now",
  primaryColor: "#007bff",
  textColor: "#ffffff",
  position: "bottom-right",
  dailyCap: WIDGET_DAILY_CAP.default,
} as const;

export const WIDGET_LIMITS = {
  name: 100,
  buttonText: 40,
  origins: 20,
  origin: 253,
  dailyCap: WIDGET_DAILY_CAP,
} as const;

export const widgetIdSchema = z.string().regex(/^wgt_[a-z0-9]{1,64}$/, "Invalid widget id.");
export const widgetParamsSchema = z.object({ id: widgetIdSchema });

/** A colour as #rrggbb (stored lower case); the seed's "white" is #ffffff. */
export const colorSchema = line(COLOR_MESSAGE)
  .transform((value) => (value.trim().toLowerCase() === "white" ? "#ffffff" : value.trim().toLowerCase()))
  .pipe(z.string().regex(/^#[0-9a-f]{6}$/, COLOR_MESSAGE));

/** A website origin: http(s), a host, an optional port, nothing after it. Stored as the URL's origin. */
export const originSchema = line(ORIGIN_MESSAGE)
  .max(WIDGET_LIMITS.origin, ORIGIN_MESSAGE)
  .transform((value, ctx) => {
    const trimmed = value.trim();
    let url: URL | null = null;
    try {
      url = new URL(trimmed);
    } catch {
      url = null;
    }
    const bare =
      url &&
      (url.protocol === "https:" || url.protocol === "http:") &&
      url.hostname !== "" &&
      !url.username &&
      !url.password &&
      (url.pathname === "/" || url.pathname === "") &&
      !url.search &&
      !url.hash &&
      !trimmed.endsWith("?") &&
      !trimmed.endsWith("#");
    if (url && bare) return url.origin;
    ctx.addIssue({ code: "custom", message: ORIGIN_MESSAGE });
    return z.NEVER;
  });

/** A number of the account (num_…) or one of its territory licences (lic_…). */
export const licensedNumberIdSchema = z
  .string({ error: LICENSED_NUMBER_MESSAGE })
  .regex(/^(num|lic)_[a-z0-9]{1,64}$/, LICENSED_NUMBER_MESSAGE);

const buttonText = (required: string) =>
  line(required)
    .trim()
    .min(1, required)
    .max(WIDGET_LIMITS.buttonText, `Must be at most ${WIDGET_LIMITS.buttonText} characters.`);

const dailyCapSchema = z
  .number({ error: "Must be a whole number." })
  .int("Must be a whole number.")
  .min(
    WIDGET_LIMITS.dailyCap.min,
    `Must be between ${WIDGET_LIMITS.dailyCap.min} and ${WIDGET_LIMITS.dailyCap.max}.`,
  )
  .max(
    WIDGET_LIMITS.dailyCap.max,
    `Must be between ${WIDGET_LIMITS.dailyCap.min} and ${WIDGET_LIMITS.dailyCap.max}.`,
  );

const widgetFields = {
  name: line("Name is required.")
    .trim()
    .min(1, "Name is required.")
    .max(WIDGET_LIMITS.name, `Must be at most ${WIDGET_LIMITS.name} characters.`),
  type: z.enum(widgetTypes, { error: "Choose call, sms or combined." }),
  callText: buttonText("Button text is required."),
  smsText: buttonText("Button text is required."),
  primaryColor: colorSchema,
  textColor: colorSchema,
  position: z.enum(widgetPositions, { error: "Choose bottom-right, bottom-left or inline." }),
  allowedOrigins: z
    .array(originSchema, { error: "Must be a list." })
    .max(WIDGET_LIMITS.origins, `At most ${WIDGET_LIMITS.origins} websites.`)
    .transform((list) => [...new Set(list)]),
  dailyCap: dailyCapSchema,
};

export const createWidgetBodySchema = z.object({
  name: widgetFields.name.default(WIDGET_DEFAULTS.name),
  type: widgetFields.type.default(WIDGET_DEFAULTS.type),
  callText: widgetFields.callText.default(WIDGET_DEFAULTS.callText),
  smsText: widgetFields.smsText.default(WIDGET_DEFAULTS.smsText),
  primaryColor: widgetFields.primaryColor.default(WIDGET_DEFAULTS.primaryColor),
  textColor: widgetFields.textColor.default(WIDGET_DEFAULTS.textColor),
  position: widgetFields.position.default(WIDGET_DEFAULTS.position),
  allowedOrigins: widgetFields.allowedOrigins.default([]),
  dailyCap: widgetFields.dailyCap.default(WIDGET_DEFAULTS.dailyCap),
  licensedNumberId: licensedNumberIdSchema,
});

/** Only the fields given change. */
export const updateWidgetBodySchema = z.object({
  name: widgetFields.name.optional(),
  type: widgetFields.type.optional(),
  callText: widgetFields.callText.optional(),
  smsText: widgetFields.smsText.optional(),
  primaryColor: widgetFields.primaryColor.optional(),
  textColor: widgetFields.textColor.optional(),
  position: widgetFields.position.optional(),
  allowedOrigins: widgetFields.allowedOrigins.optional(),
  dailyCap: widgetFields.dailyCap.optional(),
  licensedNumberId: licensedNumberIdSchema.optional(),
});

export const licensedNumberSchema = z.object({
  id: z.string(),
  kind: z.enum(["phone_number", "territory_license"]),
  /** E.164 of the number, or the carrier number a pound code dials into. */
  e164: z.string(),
  /** The pound code (#4LAW) of a licence, or the number's friendly name. */
  label: z.string(),
});

export const licensedNumberListSchema = z.object({ items: z.array(licensedNumberSchema) });

export const widgetSchema = z.object({
  id: z.string(),
  name: z.string(),
  type: z.enum(widgetTypes),
  callText: z.string(),
  smsText: z.string(),
  primaryColor: z.string(),
  textColor: z.string(),
  position: z.enum(widgetPositions),
  allowedOrigins: z.array(z.string()),
  dailyCap: z.number().int(),
  /** Null once the number or licence it used is gone: the widget then needs a new one. */
  licensedNumber: licensedNumberSchema.nullable(),
  publicKey: z.string(),
  createdAt: timestampSchema,
  updatedAt: timestampSchema,
});

export const widgetListSchema = z.object({ items: z.array(widgetSchema) });

export type CreateWidgetBody = z.output<typeof createWidgetBodySchema>;
export type UpdateWidgetBody = z.output<typeof updateWidgetBodySchema>;
export type WidgetView = z.output<typeof widgetSchema>;
export type LicensedNumber = z.output<typeof licensedNumberSchema>;

export const ORIGIN_NOT_ALLOWED_MESSAGE = "This website is not allowed to use this widget.";

export const publicKeyParamsSchema = z.object({
  publicKey: z.string().regex(/^wk_[a-z0-9]{1,64}$/, "Invalid widget key."),
});

/** What a website may learn of a widget: its looks, never its number or account. */
export const publicWidgetSchema = widgetSchema
  .pick({
    publicKey: true,
    type: true,
    callText: true,
    smsText: true,
    primaryColor: true,
    textColor: true,
    position: true,
  })
  .extend({
    /** False while the widget has no licensed number: the buttons are then not shown. */
    available: z.boolean(),
  });

export type PublicWidget = z.output<typeof publicWidgetSchema>;

export const listAttemptsQuerySchema = z.object(pageQuery(50, 200));

export const widgetAttemptSchema = z.object({
  id: z.string(),
  kind: z.enum(widgetAttemptKinds),
  outcome: z.enum(widgetAttemptOutcomes),
  origin: z.string().nullable(),
  ip: z.string().nullable(),
  visitorNumber: z.string().nullable(),
  detail: z.string().nullable(),
  createdAt: timestampSchema,
});

export const widgetAttemptListSchema = z.object({
  items: z.array(widgetAttemptSchema),
  total: z.number().int(),
});

export type WidgetAttemptView = z.output<typeof widgetAttemptSchema>;

/** What the widget shows the visitor when an attempt is refused or taken (the seed has no wording). */
export const VISITOR_MESSAGES = {
  callAccepted: "Thank you! We are calling the business now: your phone will ring as soon as they answer.",
  textAccepted: "Thank you! Your message has been sent.",
  rateLimited: (minutes: number) =>
    `Too many requests. Please try again in ${minutes} minute${minutes === 1 ? "" : "s"}.`,
  dailyCap: "This business is not taking more requests from its website today. Please try again tomorrow.",
  challengeExpired: "The security check expired. Please try again.",
  challengeFailed: "The security check failed. Please try again.",
  challengeReplayed: "This security check was already used. Please try again.",
  unavailable: "This service is not available right now. Please call or text the business directly.",
  wrongKind: "This widget does not take that kind of request.",
  carrierFailed: "We could not reach the business right now. Please try again later.",
} as const;

export const TEXT_MESSAGE_LIMIT = 500;

export const challengeSchema = z.object({
  challenge: z.string(),
  /** Leading zero bits SHA-256(`${challenge}:${solution}`) must have. */
  difficulty: z.number().int(),
  expiresAt: timestampSchema,
});

const proofFields = {
  challenge: z.string({ error: VISITOR_MESSAGES.challengeFailed }).min(1).max(512),
  solution: z
    .string({ error: VISITOR_MESSAGES.challengeFailed })
    .regex(/^[0-9]{1,20}$/, VISITOR_MESSAGES.challengeFailed),
  /**
   * As the visitor typed it: checked (and logged) by the handler. Here only what no number holds
   * and no column takes: a NUL or any other control character is a 400 before anything is read.
   */
  visitorNumber: line("Enter your phone number.")
    .min(1, "Enter your phone number.")
    .max(40, "Enter a valid phone number."),
};

export const callbackBodySchema = z.object(proofFields);

export const visitorTextBodySchema = z.object({
  ...proofFields,
  message: text({ error: "Enter a message.", multiline: true })
    .min(1, "Enter a message.")
    .max(TEXT_MESSAGE_LIMIT, `Must be at most ${TEXT_MESSAGE_LIMIT} characters.`),
});

/** The sentence the widget shows after an accepted attempt. */
export const attemptAcceptedSchema = z.object({ message: z.string() });

export const embedScriptSchema = z.object({
  /** The script's address with its version: the snippet's `src`. */
  scriptUrl: z.string(),
});

export type CallbackBody = z.output<typeof callbackBodySchema>;
export type VisitorTextBody = z.output<typeof visitorTextBodySchema>;
