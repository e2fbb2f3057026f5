import { textingRegistrationStages } from "@poundline/db/enums";
import { z } from "zod";
import { EMAIL_PATTERN, regionsOf } from "../auth/schemas";
import { timestampSchema } from "../common";
import { line, multilineText } from "../input";

/**
 * Texting registration (A2P 10DLC): the business profile and campaign the account registers so
 * its local US numbers may text, and where the carrier's review of them stands.
 */
export const textingRegistrationMessages = {
  required: "This field is required.",
  ein: "Enter the 9-digit EIN, e.g. 12-3456789.",
  website: "Enter the full address of your website, starting with https://",
  region: "Choose a US state.",
  postalCode: "Enter a 5-digit ZIP code.",
  email: "Enter a valid email address.",
  phone: "Enter the phone number in international format, e.g. +15125550100.",
  description: "Describe the campaign in 40 to 4096 characters.",
  messageFlow: "Describe how people opt in, in 40 to 2048 characters.",
  samples: "Give 2 to 5 sample messages of 20 to 1024 characters each.",
  already: "This account's texting registration is already submitted.",
  lowBalance: (cents: number) =>
    `Your wallet cannot pay the registration fees of $${(cents / 100).toFixed(2)}: add funds in Billing first.`,
  /** Why a text from an unregistered local number is refused, and what to do. */
  unregistered:
    "US carriers only deliver texts from local numbers registered for A2P 10DLC. Register your business in Settings → Texting registration, then send again.",
  pending:
    "Your texting registration is still under review by the carrier: local numbers can text once it is approved (see Settings → Texting registration).",
  rejected:
    "The carrier rejected your texting registration: see Settings → Texting registration for the reason, and submit it again.",
} as const;

const m = textingRegistrationMessages;

/**
 * The carrier's business types and campaign use cases (its trust hub `business_type` attribute
 * and its A2P use cases, GET /v1/Services/Usecases): the description lists them in prose only.
 */
export const businessTypes = [
  "Sole Proprietorship",
  "Partnership",
  "Limited Liability Corporation",
  "Co-operative",
  "Non-profit Corporation",
  "Corporation",
] as const;
export const businessIndustries = [
  "TECHNOLOGY",
  "HEALTHCARE",
  "RETAIL",
  "REAL_ESTATE",
  "PROFESSIONAL_SERVICES",
  "HOSPITALITY",
  "CONSTRUCTION",
  "EDUCATION",
  "FINANCIAL",
  "NOT_FOR_PROFIT",
] as const;
export const campaignUseCases = [
  "LOW_VOLUME",
  "MIXED",
  "CUSTOMER_CARE",
  "ACCOUNT_NOTIFICATION",
  "DELIVERY_NOTIFICATION",
  "MARKETING",
  "2FA",
] as const;

const required = (max = 200) => line(m.required).min(1, m.required).max(max, m.required);

const businessSchema = z.object({
  legalName: required(),
  ein: line(m.ein).regex(/^\d{2}-?\d{7}$/, m.ein),
  businessType: z.enum(businessTypes, { error: m.required }),
  industry: z.enum(businessIndustries, { error: m.required }),
  website: line(m.website)
    .max(500, m.website)
    .refine((value) => URL.canParse(value) && new URL(value).protocol === "https:", m.website),
  street: required(),
  city: required(100),
  region: line(m.region).refine((value) => regionsOf("US").includes(value), m.region),
  postalCode: line(m.postalCode).regex(/^\d{5}$/, m.postalCode),
  contact: z.object({
    firstName: required(100),
    lastName: required(100),
    title: required(100),
    email: line(m.email).max(254, m.email).regex(EMAIL_PATTERN, m.email),
    phone: line(m.phone).regex(/^\+1\d{10}$/, m.phone),
  }),
});

const campaignSchema = z.object({
  useCase: z.enum(campaignUseCases, { error: m.required }),
  description: multilineText(m.description).min(40, m.description).max(4096, m.description),
  messageSamples: z
    .array(multilineText(m.samples).min(20, m.samples).max(1024, m.samples), { error: m.samples })
    .min(2, m.samples)
    .max(5, m.samples),
  messageFlow: multilineText(m.messageFlow).min(40, m.messageFlow).max(2048, m.messageFlow),
  hasEmbeddedLinks: z.boolean({ error: m.required }),
  hasEmbeddedPhone: z.boolean({ error: m.required }),
});

export const textingRegistrationBodySchema = z.object({ business: businessSchema, campaign: campaignSchema });
export type TextingRegistrationBody = z.infer<typeof textingRegistrationBodySchema>;

export const textingRegistrationFeesSchema = z.object({
  brandCents: z.number().int(),
  campaignVettingCents: z.number().int(),
  totalCents: z.number().int(),
  /** Each month the campaign is active, from the wallet: most use cases. */
  campaignMonthlyCents: z.number().int(),
  /** The same for the low-volume use case. */
  lowVolumeCampaignMonthlyCents: z.number().int(),
});

export const textingRegistrationSchema = z.object({
  id: z.string(),
  stage: z.enum(textingRegistrationStages),
  legalName: z.string(),
  useCase: z.string(),
  /** The carrier's words for each part, null until it is submitted. */
  profileStatus: z.string().nullable(),
  /** The A2P messaging profile (the carrier's trust product) the brand names. */
  trustProductStatus: z.string().nullable(),
  brandStatus: z.string().nullable(),
  campaignStatus: z.string().nullable(),
  failureReason: z.string().nullable(),
  joinedNumbers: z.array(z.string()),
  feeCents: z.number().int(),
  createdAt: timestampSchema,
  updatedAt: timestampSchema,
});
export type TextingRegistration = z.infer<typeof textingRegistrationSchema>;

export const textingRegistrationResponseSchema = z.object({
  registration: textingRegistrationSchema.nullable(),
  fees: textingRegistrationFeesSchema,
});
export type TextingRegistrationResponse = z.infer<typeof textingRegistrationResponseSchema>;
