import { countryName, RATED_COUNTRIES } from "@poundline/domain";
import { z } from "zod";

export const DESTINATION_POLICY_MESSAGES = {
  countries: "Choose at least one country.",
  country: "Choose a country from the list.",
  saved: "Allowed countries saved.",
} as const;

/** The countries an account may be allowed to reach: every country the rate table prices. */
export const SELECTABLE_COUNTRIES = RATED_COUNTRIES.map((code) => ({ code, name: countryName(code) }));

/** PUT /api/destination-policy: the whole list of allowed countries. */
export const destinationPolicyBodySchema = z.object({
  allowedCountries: z
    .array(z.enum(RATED_COUNTRIES as [string, ...string[]], { error: DESTINATION_POLICY_MESSAGES.country }), {
      error: DESTINATION_POLICY_MESSAGES.countries,
    })
    .min(1, DESTINATION_POLICY_MESSAGES.countries)
    .max(RATED_COUNTRIES.length, DESTINATION_POLICY_MESSAGES.countries)
    .transform((list) => [...new Set(list)]),
});

export const destinationPolicySchema = z.object({
  allowedCountries: z.array(z.string()),
  /** Every country that can be allowed, with its name in English. */
  countries: z.array(z.object({ code: z.string(), name: z.string() })),
  /** Owners and admins edit; members read. */
  canEdit: z.boolean(),
});

export type DestinationPolicyBody = z.output<typeof destinationPolicyBodySchema>;
export type DestinationPolicyView = z.output<typeof destinationPolicySchema>;
