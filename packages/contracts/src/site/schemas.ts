import { companySizes, numberTypes } from "@poundline/db/enums";
import { z } from "zod";
import { EMAIL_PATTERN } from "../auth/schemas";
import { line, text } from "../input";

/**
 * Request and response schemas of the public site's API (/api/site, /api/content, /api/faq and
 * the three public forms), shared with the web so its forms show the same messages. The messages
 * are the seed's words where it gives them.
 */
export const siteMessages = {
  nameRequired: "Full Name is required.",
  emailRequired: "Email Address is required.",
  invalidEmail: "Please enter a valid email address.",
  messageRequired: "Message is required.",
  invalidCompanySize: "Please choose a company size from the list.",
  featureFieldsRequired: "Please fill in all fields to submit your feature request.",
  phoneFieldsRequired: "Please fill in all required fields.",
  tooManyNumbers: "You can request at most 100 numbers at a time.",
  invalidContentKeys: "keys must be a comma-separated list of up to 100 content keys (a-z, 0-9, _).",
  invalidFaqOrder: 'order must be "display" or "category".',
  tooLong: (label: string, max: number) => `${label} must be at most ${max} characters.`,
} as const;

export const SITE_LIMITS = {
  name: 200,
  email: 254,
  phone: 40,
  company: 200,
  message: 5000,
  featureName: 200,
  description: 5000,
  purpose: 500,
  quantity: 100,
  contentKeys: 100,
  userAgent: 500,
} as const;

/** The company sizes of the contact form; the form starts at (and resets to) the first one. */
export const COMPANY_SIZES = companySizes;
export type CompanySize = (typeof companySizes)[number];
export const DEFAULT_COMPANY_SIZE: CompanySize = "1-10";

/** A content key as stored in the editable content table. */
export const CONTENT_KEY_PATTERN = /^[a-z0-9_]{1,100}$/;
/** Area codes are three digits (the web keeps at most 3 of them). */
export const AREA_CODE_PATTERN = /^[0-9]{3}$/;

interface TextShape {
  /** Keeps line breaks and tabs (a message, a description). */
  multiline?: boolean;
}

/** A trimmed string whose absence, wrong type or emptiness all give `requiredMessage`. */
const requiredText = (requiredMessage: string, label: string, max: number, shape: TextShape = {}) =>
  text({ error: requiredMessage, ...shape })
    .min(1, requiredMessage)
    .max(max, siteMessages.tooLong(label, max));

/** Optional text: absent, null or blank is stored as null. */
const optionalText = (label: string, max: number, shape: TextShape = {}) =>
  text({ error: `${label} must be text.`, ...shape })
    .max(max, siteMessages.tooLong(label, max))
    .nullish()
    .transform((value) => value || null);

/** An optional e-mail address: absent, null or blank is null; anything else must look like one. */
const optionalEmail = line(siteMessages.invalidEmail)
  .max(SITE_LIMITS.email, siteMessages.tooLong("Email Address", SITE_LIMITS.email))
  .refine((email) => email === "" || EMAIL_PATTERN.test(email), siteMessages.invalidEmail)
  .nullish()
  .transform((value) => value || null);

/** GET /api/site: the public settings of this deployment. */
export const siteConfigSchema = z.object({
  nonprofitDomain: z.string(),
  stripePublishableKey: z.string().nullable(),
  prices: z.object({ subscription: z.string(), nonprofitSubscription: z.string(), walletTopUp: z.string() }),
});
export type SiteConfigResponse = z.output<typeof siteConfigSchema>;

/** GET /api/content?keys=a,b: the keys, trimmed and without duplicates. */
export const contentQuerySchema = z.object(
  {
    keys: text({ error: siteMessages.invalidContentKeys, trim: false })
      .transform((keys) => [...new Set(keys.split(",").map((key) => key.trim()))])
      .pipe(
        z
          .array(z.string().regex(CONTENT_KEY_PATTERN, siteMessages.invalidContentKeys))
          .min(1, siteMessages.invalidContentKeys)
          .max(SITE_LIMITS.contentKeys, siteMessages.invalidContentKeys),
      ),
  },
  { error: siteMessages.invalidContentKeys },
);
export type ContentQuery = z.output<typeof contentQuerySchema>;

/** Only the keys that have a non-empty value: the page keeps its own default for the others. */
export const contentResponseSchema = z.object({ values: z.record(z.string(), z.string()) });
export type ContentResponse = z.output<typeof contentResponseSchema>;

/** display: display_order ascending (help centre); category: category, then display_order (Q&A). */
export const faqOrders = ["display", "category"] as const;
export type FaqOrder = (typeof faqOrders)[number];
export const faqQuerySchema = z.object({
  order: z.enum(faqOrders, { error: siteMessages.invalidFaqOrder }).default("display"),
});

export const faqItemSchema = z.object({
  id: z.string(),
  question: z.string(),
  answer: z.string(),
  category: z.string(),
  displayOrder: z.number().int(),
});
export const faqResponseSchema = z.object({ items: z.array(faqItemSchema) });
export type FaqItem = z.output<typeof faqItemSchema>;
export type FaqResponse = z.output<typeof faqResponseSchema>;

/** POST /api/contact: the "Send Us a Message" form. */
export const contactBodySchema = z.object(
  {
    name: requiredText(siteMessages.nameRequired, "Full Name", SITE_LIMITS.name),
    email: requiredText(siteMessages.emailRequired, "Email Address", SITE_LIMITS.email).refine(
      (email) => email === "" || EMAIL_PATTERN.test(email),
      siteMessages.invalidEmail,
    ),
    phone: optionalText("Phone", SITE_LIMITS.phone),
    company: optionalText("Company", SITE_LIMITS.company),
    message: requiredText(siteMessages.messageRequired, "Message", SITE_LIMITS.message, { multiline: true }),
    employees: z
      .enum(companySizes, { error: siteMessages.invalidCompanySize })
      .nullish()
      .transform((size) => size ?? DEFAULT_COMPANY_SIZE),
  },
  { error: siteMessages.nameRequired },
);
export type ContactInput = z.input<typeof contactBodySchema>;
export type ContactBody = z.output<typeof contactBodySchema>;

/** POST /api/feature-requests. */
export const featureRequestBodySchema = z.object(
  {
    featureName: requiredText(siteMessages.featureFieldsRequired, "Feature Name", SITE_LIMITS.featureName),
    description: requiredText(siteMessages.featureFieldsRequired, "Description", SITE_LIMITS.description, {
      multiline: true,
    }),
    email: optionalEmail,
  },
  { error: siteMessages.featureFieldsRequired },
);
export type FeatureRequestInput = z.input<typeof featureRequestBodySchema>;
export type FeatureRequestBody = z.output<typeof featureRequestBodySchema>;

/**
 * POST /api/phone-number-requests. The area code belongs to local numbers only: it is required
 * (three digits) for them and dropped for toll-free ones.
 */
export const phoneNumberRequestBodySchema = z
  .object(
    {
      numberType: z.enum(numberTypes, { error: siteMessages.phoneFieldsRequired }),
      areaCode: line(siteMessages.phoneFieldsRequired)
        .nullish()
        .transform((code) => code || null),
      quantity: z
        .number({ error: siteMessages.phoneFieldsRequired })
        .int(siteMessages.phoneFieldsRequired)
        .min(1, siteMessages.phoneFieldsRequired)
        .max(SITE_LIMITS.quantity, siteMessages.tooManyNumbers),
      purpose: optionalText("Purpose", SITE_LIMITS.purpose),
      email: optionalEmail,
    },
    { error: siteMessages.phoneFieldsRequired },
  )
  .superRefine((body, ctx) => {
    if (body.numberType === "local" && !AREA_CODE_PATTERN.test(body.areaCode ?? ""))
      ctx.addIssue({ code: "custom", path: ["areaCode"], message: siteMessages.phoneFieldsRequired });
  })
  .transform((body) => ({ ...body, areaCode: body.numberType === "local" ? body.areaCode : null }));
export type PhoneNumberRequestInput = z.input<typeof phoneNumberRequestBodySchema>;
export type PhoneNumberRequestBody = z.output<typeof phoneNumberRequestBodySchema>;

/** 201 of the three forms: the id of the saved row. */
export const createdResponseSchema = z.object({ id: z.string() });
export type CreatedResponse = z.output<typeof createdResponseSchema>;
