import {
  bundleEndUserTypes,
  bundleStates,
  numberTypes,
  phoneNumberTypes,
  requestStatuses,
  ringStrategies,
  routeTargets,
} from "@poundline/db/enums";
import { z } from "zod";
import { line, timestampSchema } from "../common";
import { cursorQuery, nextCursorField, optionalLimitQuery } from "../cursor";

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

/** A NANP number as before, or a number of another country (E.164). */
const e164Schema = line(numberMessages.e164).regex(
  /^(\+1[2-9]\d{2}[2-9]\d{6}|\+[2-9]\d{6,14})$/,
  numberMessages.e164,
);
const friendlyNameSchema = line(numberMessages.friendlyName).max(
  NUMBER_LIMITS.friendlyName,
  numberMessages.friendlyName,
);

/** GET /api/numbers/available: local by area code or by state, or toll-free; abroad, by country and type. */
export const availableQuerySchema = z
  .object({
    country: line("Choose a country the carrier sells numbers in.")
      .regex(/^[A-Z]{2}$/, "Choose a country the carrier sells numbers in.")
      .default("US"),
    type: z.enum(phoneNumberTypes, { error: "Choose Local, Mobile or Toll-Free." }).default("local"),
    areaCode: line(numberMessages.areaCode)
      .regex(/^[2-9]\d{2}$/, numberMessages.areaCode)
      .optional(),
    state: line(numberMessages.state)
      .regex(/^[A-Z]{2}$/, numberMessages.state)
      .optional(),
  })
  .superRefine((query, ctx) => {
    const home = query.country === "US" || query.country === "CA";
    if (home && query.type === "mobile")
      ctx.addIssue({ code: "custom", path: ["type"], message: "Choose Local or Toll-Free." });
    if (home && query.type === "local" && !query.areaCode && !query.state)
      ctx.addIssue({ code: "custom", path: ["areaCode"], message: numberMessages.searchBy });
  });
export type AvailableQuery = z.output<typeof availableQuerySchema>;

export const availableNumberSchema = z.object({
  e164: z.string(),
  region: z.string().nullable(),
  isoCountry: z.string(),
  numberType: z.enum(phoneNumberTypes),
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
  /** Abroad: the approved regulatory information (a bundle) the number is bought with. */
  bundleId: line("Regulatory information not found")
    .regex(/^bnd_[a-z0-9]{1,64}$/, "Regulatory information not found")
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
  numberType: z.enum(phoneNumberTypes),
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

/** GET /numbers: every number, or a page of them (the public API's cursor pagination). */
export const listNumbersQuerySchema = z.object({ ...optionalLimitQuery, ...cursorQuery });
export type ListNumbersQuery = z.output<typeof listNumbersQuerySchema>;

export const numberListSchema = z.object({
  numbers: z.array(phoneNumberSchema),
  ...nextCursorField,
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

/** Numbers abroad: what the console says of them. */
export const abroadMessages = {
  country: "Choose a country the carrier sells numbers in.",
  type: "Choose Local, Mobile or Toll-Free.",
  notSold: "Numbers of this type are not sold in this country.",
  bundleRequired: "Numbers of this country and type need approved regulatory information first.",
  bundleNotFound: "Regulatory information not found",
  bundleNotApproved: "This regulatory information is not approved yet.",
  bundleMismatch: "This regulatory information is for another country or number type.",
  noRequirement: "Numbers of this country and type are sold without regulatory information.",
  document: "Attach the identity document (PDF, PNG or JPEG, at most 2 MB).",
  funds: "Your balance does not cover this number's first month: top up your wallet first.",
} as const;

export const BUNDLE_LIMITS = { documentBytes: 2 * 1024 * 1024, field: 120 } as const;
export const DOCUMENT_TYPES = ["application/pdf", "image/png", "image/jpeg"] as const;

const isoCountrySchema = line(abroadMessages.country).regex(/^[A-Z]{2}$/, abroadMessages.country);
const abroadTypeSchema = z.enum(phoneNumberTypes, { error: abroadMessages.type });
const bundleIdSchema = line(abroadMessages.bundleNotFound).regex(
  /^bnd_[a-z0-9]{1,64}$/,
  abroadMessages.bundleNotFound,
);

/** GET /api/numbers/countries: where the carrier sells numbers, with their monthly price by type. */
export const countryOnSaleSchema = z.object({
  isoCountry: z.string(),
  name: z.string(),
  types: z.array(z.object({ numberType: z.enum(phoneNumberTypes), monthlyCents: z.number().int() })),
});
export const countryListSchema = z.object({ countries: z.array(countryOnSaleSchema) });

/** GET /api/numbers/requirements: what the regulation of a country and type asks. */
export const requirementsQuerySchema = z.object({
  country: isoCountrySchema,
  type: abroadTypeSchema,
  endUserType: z.enum(bundleEndUserTypes, { error: "Choose business or individual." }).default("business"),
});
export type RequirementsQuery = z.output<typeof requirementsQuerySchema>;
export const requirementsSchema = z.object({
  /** False: sold without a bundle. */
  required: z.boolean(),
  endUserFields: z.array(z.object({ name: z.string(), label: z.string() })),
  address: z.boolean(),
  identityDocuments: z.array(z.object({ type: z.string(), label: z.string() })),
});

const bundleField = line(numberMessages.required)
  .min(1, numberMessages.required)
  .max(BUNDLE_LIMITS.field, `Must be at most ${BUNDLE_LIMITS.field} characters.`);

/** POST /api/numbers/bundles: the end user, their address and identity document, for review. */
export const submitBundleBodySchema = z.object({
  country: isoCountrySchema,
  type: abroadTypeSchema,
  endUserType: z.enum(bundleEndUserTypes, { error: "Choose business or individual." }),
  endUser: z.record(z.string().regex(/^[a-z_]{1,40}$/), bundleField),
  address: z.object({ street: bundleField, city: bundleField, postalCode: bundleField }).nullish(),
  document: z
    .object({
      type: line(abroadMessages.document).min(1, abroadMessages.document).max(60),
      name: bundleField,
      contentType: z.enum(DOCUMENT_TYPES, { error: abroadMessages.document }),
      /** The file, base64; at most BUNDLE_LIMITS.documentBytes once decoded. */
      dataBase64: z
        .string()
        .regex(/^[A-Za-z0-9+/]+=*$/, abroadMessages.document)
        .max(Math.ceil((BUNDLE_LIMITS.documentBytes * 4) / 3) + 4, abroadMessages.document),
    })
    .nullish(),
});
export type SubmitBundleBody = z.output<typeof submitBundleBodySchema>;

export const bundleSchema = z.object({
  id: z.string(),
  isoCountry: z.string(),
  numberType: z.enum(phoneNumberTypes),
  endUserType: z.enum(bundleEndUserTypes),
  /** The end user's name as given (business or person). */
  name: z.string(),
  state: z.enum(bundleStates),
  createdAt: timestampSchema,
});
export const bundleListSchema = z.object({ bundles: z.array(bundleSchema) });
export { bundleIdSchema };
