import { numberTypes, requestStatuses, ringStrategies, routeTargets } from "@poundline/db/enums";
import { z } from "zod";
import { line, timestampSchema } from "../common";

/** What the console says, in one place (the web shows the same words). */
export const numberMessages = {
  notFound: "Phone number not found",
  requestNotFound: "Phone number request not found",
  requestClosed: "This phone number request has already been fulfilled or declined.",
  areaCode: "Enter a 3-digit area code.",
  state: "Choose a state or province.",
  searchBy: "Search local numbers by area code or by state.",
  e164: "Enter a phone number in E.164 form, e.g. +14075550123.",
  friendlyName: "Friendly name must be at most 64 characters.",
  required: "This field is required.",
  postalCode: "Enter a valid ZIP or postal code.",
  region: "Choose a state or province of the country.",
  noE911: "This number has no E911 address: add one on the Phone Numbers page before calling from it.",
  notAvailable: "That number is no longer available. Search again and pick another.",
} as const;

export const NUMBER_LIMITS = { friendlyName: 64, searchResults: 20, addressField: 120 } as const;

export const numberIdSchema = z.string().regex(/^num_[a-z0-9]{1,64}$/, numberMessages.notFound);
export const numberParamsSchema = z.object({ id: numberIdSchema });

const e164Schema = line(numberMessages.e164).regex(/^\+1[2-9]\d{2}[2-9]\d{6}$/, numberMessages.e164);
const friendlyNameSchema = line(numberMessages.friendlyName).max(
  NUMBER_LIMITS.friendlyName,
  numberMessages.friendlyName,
);

/** GET /api/numbers/available: local by area code or by state, or toll-free. */
export const availableQuerySchema = z
  .object({
    type: z.enum(numberTypes, { error: "Choose Local or Toll-Free." }).default("local"),
    areaCode: line(numberMessages.areaCode)
      .regex(/^[2-9]\d{2}$/, numberMessages.areaCode)
      .optional(),
    state: line(numberMessages.state)
      .regex(/^[A-Z]{2}$/, numberMessages.state)
      .optional(),
  })
  .superRefine((query, ctx) => {
    if (query.type === "local" && !query.areaCode && !query.state)
      ctx.addIssue({ code: "custom", path: ["areaCode"], message: numberMessages.searchBy });
  });
export type AvailableQuery = z.output<typeof availableQuerySchema>;

export const availableNumberSchema = z.object({
  e164: z.string(),
  region: z.string().nullable(),
  numberType: z.enum(numberTypes),
  capabilities: z.object({ voice: z.boolean(), sms: z.boolean(), mms: z.boolean() }),
});
/** What one more number costs a month (numbers/pricing.ts), and the plan that includes it. */
export const numberPriceSchema = z.object({
  monthlyCents: z.number().int(),
  plan: z.string(),
  /** Numbers the plan includes; null: no limit. */
  includedNumbers: z.number().int().nullable(),
  /** Numbers the account holds now. */
  held: z.number().int(),
});
export type NumberPrice = z.output<typeof numberPriceSchema>;

export const availableListSchema = z.object({
  numbers: z.array(availableNumberSchema),
  price: numberPriceSchema,
});

/** POST /api/numbers: buy a number found by the search, optionally fulfilling a request. */
export const buyNumberBodySchema = z.object({
  e164: e164Schema,
  friendlyName: friendlyNameSchema.optional(),
  requestId: line("Invalid request id.")
    .regex(/^nreq_[a-z0-9]{1,64}$/, "Invalid request id.")
    .optional(),
});
export type BuyNumberBody = z.output<typeof buyNumberBodySchema>;

/** PATCH /api/numbers/:id. */
export const updateNumberBodySchema = z.object({ friendlyName: friendlyNameSchema });

const addressLine = (max: number = NUMBER_LIMITS.addressField) =>
  line(numberMessages.required)
    .min(1, numberMessages.required)
    .max(max, `Must be at most ${max} characters.`);

/** PUT /api/numbers/:id/e911: the number's emergency address, validated by the carrier. */
export const emergencyAddressBodySchema = z
  .object({
    customerName: addressLine(),
    street: addressLine(),
    streetSecondary: line()
      .max(NUMBER_LIMITS.addressField, `Must be at most ${NUMBER_LIMITS.addressField} characters.`)
      .nullish()
      .transform((value) => value || null),
    city: addressLine(),
    region: line(numberMessages.region)
      .regex(/^[A-Za-z]{2}$/, numberMessages.region)
      .toUpperCase(),
    postalCode: line(numberMessages.postalCode).toUpperCase(),
    isoCountry: z.enum(["US", "CA"], { error: "Choose United States or Canada." }).default("US"),
  })
  .superRefine((body, ctx) => {
    const pattern = body.isoCountry === "US" ? /^\d{5}(-\d{4})?$/ : /^[A-Z]\d[A-Z] ?\d[A-Z]\d$/;
    if (!pattern.test(body.postalCode))
      ctx.addIssue({ code: "custom", path: ["postalCode"], message: numberMessages.postalCode });
  });
export type EmergencyAddressBody = z.output<typeof emergencyAddressBodySchema>;

export const emergencyAddressSchema = z.object({
  customerName: z.string(),
  street: z.string(),
  streetSecondary: z.string().nullable(),
  city: z.string(),
  region: z.string(),
  postalCode: z.string(),
  isoCountry: z.string(),
});

export const routingSummarySchema = z.object({
  /** False while the number answers with the defaults (voicemail). */
  configured: z.boolean(),
  ringStrategy: z.enum(ringStrategies),
  businessHoursTarget: z.enum(routeTargets),
  afterHoursTarget: z.enum(routeTargets),
});

export const phoneNumberSchema = z.object({
  id: z.string(),
  e164: z.string(),
  friendlyName: z.string(),
  numberType: z.enum(numberTypes),
  capabilities: z.object({ voice: z.boolean(), sms: z.boolean() }),
  e911: emergencyAddressSchema.nullable(),
  routing: routingSummarySchema,
  createdAt: timestampSchema,
});
export type PhoneNumberJson = z.input<typeof phoneNumberSchema>;

export const planUsageSchema = z.object({
  plan: z.string(),
  /** Most numbers the plan holds; null: no limit. */
  maxNumbers: z.number().int().nullable(),
  tollFree: z.boolean(),
  used: z.number().int(),
});

export const numberListSchema = z.object({
  numbers: z.array(phoneNumberSchema),
  usage: planUsageSchema,
  /** The address given at registration (company settings since): where a new E911 address starts. */
  registeredAddress: emergencyAddressSchema.nullable(),
});

/** The public "request a phone number" rows of the account (seed 000). */
export const numberRequestSchema = z.object({
  id: z.string(),
  numberType: z.enum(numberTypes),
  areaCode: z.string().nullable(),
  quantity: z.number().int(),
  purpose: z.string().nullable(),
  status: z.enum(requestStatuses),
  createdAt: timestampSchema,
});
export const numberRequestListSchema = z.object({ requests: z.array(numberRequestSchema) });
