import {
  TOLL_FREE_OPT_IN_TYPES,
  TOLL_FREE_USE_CASE_CATEGORIES,
  TOLL_FREE_VERIFICATION_STATUSES,
} from "@poundline/domain/toll-free-verification";
import { z } from "zod";
import { line, multilineText, timestampSchema } from "../common";

/** What the console says about toll-free verification, in one place (the web shows the same words). */
export const tollFreeMessages = {
  notFound: "Phone number not found",
  notTollFree: "Only toll-free numbers are verified this way.",
  notBought: "This number is not set up at the carrier yet.",
  alreadySubmitted: "This number's verification is already submitted.",
  notSubmitted: "Submit this number's verification first.",
  notEditable: "Only a rejected verification may be corrected and resubmitted.",
  required: "Required.",
  tooLong: (max: number) => `At most ${max} characters.`,
  email: "Enter an e-mail address.",
  url: "Enter a full web address, starting with https://",
  phone: "Enter the phone number in international format, e.g. +14155550100.",
  categories: "Choose at least one use case.",
  category: "Unknown use case.",
  optInType: "Choose how people agree to receive your texts.",
  optInImages: "Add at least one link to an image of how people opt in.",
  volume: "Enter the number of texts a month, e.g. 1000.",
} as const;

const field = (max: number) =>
  line(tollFreeMessages.required).min(1, tollFreeMessages.required).max(max, tollFreeMessages.tooLong(max));
const optional = (max: number) => line().max(max, tollFreeMessages.tooLong(max)).default("");
const email = field(254).regex(/^[^\s@]+@[^\s@]+\.[^\s@]+$/, tollFreeMessages.email);
const webAddress = field(500).refine(
  (value) => URL.canParse(value) && /^https?:$/.test(new URL(value).protocol),
  tollFreeMessages.url,
);

/** POST and PUT /api/numbers/:id/toll-free-verification: the business profile submitted to the carrier. */
export const tollFreeProfileSchema = z.object({
  businessName: field(100),
  businessWebsite: webAddress,
  businessStreetAddress: field(200),
  businessCity: field(100),
  businessStateProvinceRegion: field(100),
  businessPostalCode: field(20),
  businessCountry: field(2).regex(/^[A-Z]{2}$/, "Enter the two-letter country code, e.g. US."),
  businessContactFirstName: field(100),
  businessContactLastName: field(100),
  businessContactEmail: email,
  businessContactPhone: field(16).regex(/^\+[1-9]\d{6,14}$/, tollFreeMessages.phone),
  notificationEmail: email,
  useCaseCategories: z
    .array(z.enum(TOLL_FREE_USE_CASE_CATEGORIES, { error: tollFreeMessages.category }), {
      error: tollFreeMessages.categories,
    })
    .min(1, tollFreeMessages.categories)
    .transform((categories) => [...new Set(categories)]),
  useCaseSummary: multilineText(tollFreeMessages.required)
    .min(1, tollFreeMessages.required)
    .max(1000, tollFreeMessages.tooLong(1000)),
  productionMessageSample: multilineText(tollFreeMessages.required)
    .min(1, tollFreeMessages.required)
    .max(1000, tollFreeMessages.tooLong(1000)),
  optInType: z.enum(TOLL_FREE_OPT_IN_TYPES, { error: tollFreeMessages.optInType }),
  optInImageUrls: z
    .array(webAddress, { error: tollFreeMessages.optInImages })
    .min(1, tollFreeMessages.optInImages)
    .max(5, "At most 5 images."),
  messageVolume: field(12).regex(/^[1-9]\d{0,9}$/, tollFreeMessages.volume),
  additionalInformation: optional(1000),
});
export type TollFreeProfileBody = z.output<typeof tollFreeProfileSchema>;

/** The profile as stored and answered (the submitted one, already checked). */
const tollFreeProfileViewSchema = z.object({
  businessName: z.string(),
  businessWebsite: z.string(),
  businessStreetAddress: z.string(),
  businessCity: z.string(),
  businessStateProvinceRegion: z.string(),
  businessPostalCode: z.string(),
  businessCountry: z.string(),
  businessContactFirstName: z.string(),
  businessContactLastName: z.string(),
  businessContactEmail: z.string(),
  businessContactPhone: z.string(),
  notificationEmail: z.string(),
  useCaseCategories: z.array(z.enum(TOLL_FREE_USE_CASE_CATEGORIES)),
  useCaseSummary: z.string(),
  productionMessageSample: z.string(),
  optInType: z.enum(TOLL_FREE_OPT_IN_TYPES),
  optInImageUrls: z.array(z.string()),
  messageVolume: z.string(),
  additionalInformation: z.string(),
});

export const tollFreeVerificationSchema = z.object({
  id: z.string(),
  /** The carrier's status: PENDING_REVIEW, IN_REVIEW, TWILIO_APPROVED or TWILIO_REJECTED. */
  status: z.enum(TOLL_FREE_VERIFICATION_STATUSES),
  rejectionReason: z.string().nullable(),
  /** Rejected: the profile may be corrected and resubmitted. */
  editable: z.boolean(),
  profile: tollFreeProfileViewSchema,
  submittedAt: timestampSchema,
  decidedAt: timestampSchema.nullable(),
});
export type TollFreeVerification = z.output<typeof tollFreeVerificationSchema>;

/** GET /api/numbers/:id/toll-free-verification: the number, its verification if any, and the fee. */
export const tollFreeVerificationStateSchema = z.object({
  number: z.object({ id: z.string(), e164: z.string(), friendlyName: z.string() }),
  verification: tollFreeVerificationSchema.nullable(),
  /** What submitting costs, in cents (the carrier charges nothing today). */
  feeCents: z.number().int(),
});
export type TollFreeVerificationState = z.output<typeof tollFreeVerificationStateSchema>;
