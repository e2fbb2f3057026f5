/**
 * The countries the simulated carrier sells numbers in, in one place: each number type with the
 * range it offers (ranges libphonenumber knows as that country's and type, a test keeps them so)
 * and what its regulation asks of the buyer before a purchase (the carrier's regulatory bundles).
 * NANP numbers (US, CA) stay in numbers.ts, sold without a bundle as before.
 */
import { createHash } from "node:crypto";

/** The carrier's number types as its AvailablePhoneNumbers paths and regulations name them. */
export type CountryNumberType = "local" | "mobile" | "toll-free";

/** What a regulation asks for: who the end user is, an address in the country, an identity document. */
export interface Requirement {
  address: boolean;
  identity: boolean;
}

export interface CountryOffer {
  /** Digits after the country code; four more digits (0100–0199) complete each number. */
  prefix: string;
  /** Null: sold without a bundle. */
  requirement: Requirement | null;
}

export interface SimCountry {
  isoCountry: string;
  country: string;
  beta: boolean;
  callingCode: string;
  types: Partial<Record<CountryNumberType, CountryOffer>>;
}

const ADDRESS: Requirement = { address: true, identity: false };
const ADDRESS_AND_ID: Requirement = { address: true, identity: true };

export const SIM_COUNTRIES: readonly SimCountry[] = [
  {
    isoCountry: "GB",
    country: "United Kingdom",
    beta: false,
    callingCode: "44",
    types: {
      local: { prefix: "207946", requirement: ADDRESS },
      mobile: { prefix: "740012", requirement: ADDRESS_AND_ID },
      "toll-free": { prefix: "808157", requirement: null },
    },
  },
  {
    isoCountry: "AU",
    country: "Australia",
    beta: false,
    callingCode: "61",
    types: {
      local: { prefix: "25550", requirement: ADDRESS },
      mobile: { prefix: "49157", requirement: ADDRESS_AND_ID },
      "toll-free": { prefix: "180016", requirement: null },
    },
  },
  {
    isoCountry: "DE",
    country: "Germany",
    beta: false,
    callingCode: "49",
    types: {
      local: { prefix: "301234", requirement: ADDRESS_AND_ID },
      mobile: { prefix: "1511234", requirement: ADDRESS_AND_ID },
      "toll-free": { prefix: "800123", requirement: ADDRESS },
    },
  },
  {
    isoCountry: "FR",
    country: "France",
    beta: false,
    callingCode: "33",
    types: {
      local: { prefix: "14050", requirement: ADDRESS_AND_ID },
      mobile: { prefix: "61234", requirement: ADDRESS_AND_ID },
    },
  },
  {
    isoCountry: "IE",
    country: "Ireland",
    beta: false,
    callingCode: "353",
    types: {
      local: { prefix: "1234", requirement: ADDRESS },
      mobile: { prefix: "85123", requirement: ADDRESS_AND_ID },
      "toll-free": { prefix: "180012", requirement: null },
    },
  },
  {
    isoCountry: "NL",
    country: "Netherlands",
    beta: false,
    callingCode: "31",
    types: {
      local: { prefix: "20123", requirement: ADDRESS },
      mobile: { prefix: "61234", requirement: ADDRESS_AND_ID },
    },
  },
  {
    isoCountry: "ES",
    country: "Spain",
    beta: false,
    callingCode: "34",
    types: {
      local: { prefix: "91234", requirement: ADDRESS_AND_ID },
      mobile: { prefix: "61234", requirement: ADDRESS_AND_ID },
      "toll-free": { prefix: "90012", requirement: ADDRESS },
    },
  },
  {
    isoCountry: "MX",
    country: "Mexico",
    beta: false,
    callingCode: "52",
    types: {
      local: { prefix: "551234", requirement: ADDRESS_AND_ID },
      "toll-free": { prefix: "800123", requirement: ADDRESS },
    },
  },
];

export const simCountry = (iso: string): SimCountry | undefined =>
  SIM_COUNTRIES.find((c) => c.isoCountry === iso.toUpperCase());

/** Subscriber endings offered in every range: 0100 to 0199. */
export const COUNTRY_LINES = Array.from({ length: 100 }, (_, i) => String(100 + i).padStart(4, "0"));

/** The numbers a country offers of a type, in order. */
export function countryNumbers(country: SimCountry, type: CountryNumberType): string[] {
  const offer = country.types[type];
  if (!offer) return [];
  return COUNTRY_LINES.map((line) => `+${country.callingCode}${offer.prefix}${line}`);
}

/** Which country and type sells this number, if any. */
export function offerOf(e164: string): { country: SimCountry; type: CountryNumberType } | null {
  for (const country of SIM_COUNTRIES)
    for (const [type, offer] of Object.entries(country.types) as [CountryNumberType, CountryOffer][]) {
      const start = `+${country.callingCode}${offer.prefix}`;
      if (e164.startsWith(start) && COUNTRY_LINES.includes(e164.slice(start.length)))
        return { country, type };
    }
  return null;
}

export type EndUserType = "individual" | "business";

/** A regulation's sid, the same on every start: RN and 32 hex digits of its key. */
export function regulationSid(iso: string, type: CountryNumberType, endUserType: EndUserType): string {
  const hex = createHash("sha256").update(`${iso}/${type}/${endUserType}`).digest("hex").slice(0, 32);
  return `RN${hex}`;
}

export interface SimRegulation {
  sid: string;
  isoCountry: string;
  country: string;
  numberType: CountryNumberType;
  endUserType: EndUserType;
  requirement: Requirement;
}

/** Every regulation: one per country, type that needs a bundle, and end user type. */
export const SIM_REGULATIONS: readonly SimRegulation[] = SIM_COUNTRIES.flatMap((country) =>
  (Object.entries(country.types) as [CountryNumberType, CountryOffer][]).flatMap(([numberType, offer]) =>
    offer.requirement
      ? (["individual", "business"] as const).map((endUserType) => ({
          sid: regulationSid(country.isoCountry, numberType, endUserType),
          isoCountry: country.isoCountry,
          country: country.country,
          numberType,
          endUserType,
          requirement: offer.requirement as Requirement,
        }))
      : [],
  ),
);
