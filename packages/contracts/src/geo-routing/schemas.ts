import { canadianProvinces, locationTypes, usStates } from "@poundline/db/enums";
import { z } from "zod";
import { line } from "../common";

/** Seed 001's words. */
export const GEO_MESSAGES = {
  missingTitle: "Missing Information",
  missing: "Please provide location value and select a client/licensee.",
  noNumberTitle: "No Number Selected",
  noNumber: "Please select a shared number to save rules for.",
  noSharedNumbers: "No Shared Numbers Found.",
  sharedNumbersFailed: "Could not fetch shared numbers.",
  clientsFailed: "Could not fetch licensed clients for this number.",
  // Ours: the seed names the pickers, not their messages.
  state: "Pick one of the 50 US state codes.",
  province: "Pick one of the 13 Canadian province and territory codes.",
  areaCode: "Enter 3-digit area codes separated by commas.",
  country: "Enter a 2-letter ISO country code.",
  notFound: "Shared number not found",
  notManager: "Only the licensee that manages this number can change its rules.",
  notClient: "Pick one of the licensed clients of this number.",
  menu: "Pick one of your IVR menus (a menu answers only your own calls).",
  tooMany: "At most 10,000 rules per number.",
} as const;

/** The pickers' codes: 50 US states, 13 Canadian provinces and territories. */
export { canadianProvinces as CANADIAN_PROVINCES, usStates as US_STATES } from "@poundline/db/enums";

export const GEO_LIMITS = { rules: 10_000, areaCodesPerRule: 200, probe: 64 } as const;

export const LOCATION_TYPE_LABELS: Record<(typeof locationTypes)[number], string> = {
  state: "US State",
  province: "Canadian Province",
  areaCode: "Area Code",
  country: "Country",
};

/** Region codes that name no country (the European Union, the United Nations, unknown). */
const NOT_COUNTRIES = new Set(["EU", "EZ", "UN", "QO", "ZZ", "XA", "XB"]);
const regionNames = new Intl.DisplayNames(["en"], { type: "region", fallback: "none" });

/** A 2-letter ISO 3166 country code that names a country. */
export function isIsoCountry(code: string): boolean {
  if (!/^[A-Z]{2}$/.test(code) || NOT_COUNTRIES.has(code)) return false;
  try {
    return regionNames.of(code) !== undefined;
  } catch {
    return false;
  }
}

const stateSet = new Set<string>(usStates);
const provinceSet = new Set<string>(canadianProvinces);

/**
 * The stored form of a location value (upper case; area codes as "407, 321"), or the message
 * that says what the type expects.
 */
export function normalizeLocationValue(
  type: (typeof locationTypes)[number],
  raw: string,
): { value: string } | { error: string } {
  const value = raw.trim().toUpperCase();
  switch (type) {
    case "state":
      return stateSet.has(value) ? { value } : { error: GEO_MESSAGES.state };
    case "province":
      return provinceSet.has(value) ? { value } : { error: GEO_MESSAGES.province };
    case "areaCode": {
      const codes = value.split(",").map((c) => c.trim());
      if (codes.length > GEO_LIMITS.areaCodesPerRule || !codes.every((c) => /^[2-9][0-9]{2}$/.test(c)))
        return { error: GEO_MESSAGES.areaCode };
      return { value: [...new Set(codes)].join(", ") };
    }
    case "country":
      return isIsoCountry(value) ? { value } : { error: GEO_MESSAGES.country };
  }
}

const idOf = (prefix: string, message: string) =>
  z.string({ error: message }).regex(new RegExp(`^${prefix}_[a-z0-9]{1,64}$`), message);

export const sharedNumberIdSchema = idOf("shn", GEO_MESSAGES.notFound);
export const sharedNumberParamsSchema = z.object({ id: sharedNumberIdSchema });

/** One rule as the editor sends it: its priority is its place in the list. */
export const geoRuleInputSchema = z
  .object({
    locationType: z.enum(locationTypes, { error: `Must be one of: ${locationTypes.join(", ")}.` }),
    locationValue: line(GEO_MESSAGES.missing).min(1, GEO_MESSAGES.missing).max(1200, GEO_MESSAGES.areaCode),
    targetAccountId: line(GEO_MESSAGES.missing)
      .min(1, GEO_MESSAGES.missing)
      .regex(/^acct_[a-z0-9]{1,64}$/, GEO_MESSAGES.notClient),
    ivrMenuId: z
      .string({ error: GEO_MESSAGES.menu })
      .regex(/^ivr_[a-z0-9]{1,64}$/, GEO_MESSAGES.menu)
      .nullable()
      .default(null),
  })
  .transform((rule, ctx) => {
    const normalized = normalizeLocationValue(rule.locationType, rule.locationValue);
    if ("error" in normalized) {
      ctx.addIssue({ code: "custom", message: normalized.error, path: ["locationValue"] });
      return z.NEVER;
    }
    return { ...rule, locationValue: normalized.value };
  });
export type GeoRuleInput = z.output<typeof geoRuleInputSchema>;

const rulesSchema = z
  .array(geoRuleInputSchema, { error: "Expected a list of rules." })
  .max(GEO_LIMITS.rules, GEO_MESSAGES.tooMany);

/** PUT …/rules: the whole list, in the order arranged (priority 1 first). */
export const saveRulesBodySchema = z.object(
  {
    rules: rulesSchema,
    /** Ask callers the number cannot place for a ZIP or postal code; unchanged when left out. */
    askLocation: z.boolean({ error: "Must be true or false." }).optional(),
  },
  { error: "Expected a JSON object with the rules." },
);
/** POST …/coverage: the draft rules, checked before saving. */
export const coverageBodySchema = z.object(
  { rules: rulesSchema },
  { error: "Expected a JSON object with the rules." },
);

export const probeKinds = ["number", "region", "postalCode"] as const;

/** POST …/test: a caller (a phone number, a state or province, a ZIP or postal code) against the draft rules. */
export const probeBodySchema = z.object({
  rules: rulesSchema,
  /** The draft's setting of the location prompt; the saved one when left out. */
  askLocation: z.boolean({ error: "Must be true or false." }).optional(),
  caller: z.object({
    kind: z.enum(probeKinds, { error: `Must be one of: ${probeKinds.join(", ")}.` }),
    value: line("Enter a phone number, a state or a ZIP/postal code.")
      .min(1, "Enter a phone number, a state or a ZIP/postal code.")
      .max(GEO_LIMITS.probe, `Must be at most ${GEO_LIMITS.probe} characters.`),
  }),
});

export const sharedNumberSchema = z.object({
  id: z.string(),
  poundCode: z.string(),
  e164: z.string(),
  /** Whether this account manages the number's rules (the licensee the number falls back to). */
  canEdit: z.boolean(),
});

export const sharedNumberListSchema = z.object({ sharedNumbers: z.array(sharedNumberSchema) });

export const licensedClientSchema = z.object({
  licenseeId: z.string(),
  companyName: z.string(),
  contactName: z.string().nullable(),
  territory: z.string(),
  category: z.string(),
});

export const geoRuleSchema = z.object({
  id: z.string(),
  locationType: z.enum(locationTypes),
  locationValue: z.string(),
  targetAccountId: z.string(),
  ivrMenuId: z.string().nullable(),
  priority: z.number().int(),
});

export const sharedNumberDetailSchema = z.object({
  sharedNumber: sharedNumberSchema.extend({
    defaultLicenseeId: z.string().nullable(),
    askLocation: z.boolean(),
  }),
  /** One entry per licensee (several territories of one licensee merged). */
  clients: z.array(licensedClientSchema),
  rules: z.array(geoRuleSchema),
  /** The account's own menus, for its own rules. */
  menus: z.array(z.object({ id: z.string(), name: z.string() })),
});

export const savedRulesSchema = z.object({ rules: z.array(geoRuleSchema), askLocation: z.boolean() });

export const coverageSchema = z.object({
  states: z.array(z.string()),
  provinces: z.array(z.string()),
  areaCodes: z.array(z.string()),
  /** Rules (by their place in the list, 0 first) that can never match, and the earlier ones that take their callers. */
  shadowed: z.array(z.object({ index: z.number().int(), takenBy: z.array(z.number().int()) })),
});

export const probeResultSchema = z.object({
  location: z.object({
    country: z.string().nullable(),
    regions: z.array(z.string()),
    areaCode: z.string().nullable(),
  }),
  /** The matching rule's place in the list, or null when the default licensee answers. */
  ruleIndex: z.number().int().nullable(),
  licensee: z.object({ id: z.string(), companyName: z.string() }).nullable(),
  firstVerb: z.string().nullable(),
  /** What happens first, in the customer's words ("The caller hears the menu “Main”: …"). */
  firstStep: z.string(),
  /** The caller is first asked for a ZIP or postal code. */
  asksLocation: z.boolean(),
  twiml: z.string(),
});

export type SharedNumberJson = z.input<typeof sharedNumberSchema>;
export type SharedNumberDetailJson = z.input<typeof sharedNumberDetailSchema>;
export type CoverageJson = z.input<typeof coverageSchema>;
export type ProbeResultJson = z.input<typeof probeResultSchema>;
