import { describe, expect, it } from "vitest";
import {
  type DestinationPolicy,
  destinationRefusal,
  withOwnNumberCountries,
} from "../src/destination-policy";
import { numberMonthlyCents } from "../src/number-prices";

const US_ONLY: DestinationPolicy = { allowedCountries: ["US"], trialDialable: null };

describe("withOwnNumberCountries", () => {
  it.each([
    { own: [], to: "+442079460958", refused: "country", why: "no number abroad: the UK stays closed" },
    { own: ["+442079460100"], to: "+442079460958", refused: null, why: "a London number opens the UK" },
    {
      own: ["+442079460100"],
      to: "+447400123456",
      refused: null,
      why: "UK mobiles too: the country's own numbers",
    },
    { own: ["+442079460100"], to: "+33140501234", refused: "country", why: "France stays closed" },
    { own: ["+442079460100"], to: "+18765550123", refused: "country", why: "Jamaica stays closed" },
    { own: ["+61255500100"], to: "+61491570123", refused: null, why: "an Australian number opens Australia" },
    { own: ["+442079460100"], to: "+449098790123", refused: "premium", why: "premium stays refused" },
    { own: ["+8821234567890"], to: "+8821234567891", refused: "satellite", why: "satellite never opens" },
    { own: ["+13055550123"], to: "+13055550124", refused: null, why: "home numbers as before" },
  ])("$why", ({ own, to, refused }) => {
    const policy = withOwnNumberCountries(US_ONLY, own);
    expect(destinationRefusal(to, policy)?.code ?? null).toBe(refused);
  });

  it("keeps the trial's limit on top of the countries", () => {
    const trial = { allowedCountries: ["US"], trialDialable: new Set(["+13055550123"]) };
    const policy = withOwnNumberCountries(trial, ["+442079460100"]);
    expect(destinationRefusal("+442079460958", policy)?.code).toBe("trial");
  });
});

describe("numberMonthlyCents", () => {
  it.each([
    { country: "US", type: "local", rows: [], cents: 0, why: "home numbers come with the plan" },
    { country: "CA", type: "toll-free", rows: [], cents: 0, why: "Canadian toll-free too" },
    { country: "GB", type: "local", rows: [], cents: 150, why: "the default abroad" },
    {
      country: "GB",
      type: "local",
      rows: [{ isoCountry: "GB", numberType: "local", monthlyCents: 199 }],
      cents: 199,
      why: "a row overrides it",
    },
    {
      country: "US",
      type: "local",
      rows: [{ isoCountry: "US", numberType: "local", monthlyCents: 100 }],
      cents: 100,
      why: "a row prices home numbers too",
    },
    { country: "MX", type: "mobile", rows: [], cents: null, why: "a type the carrier does not sell there" },
    { country: "JP", type: "local", rows: [], cents: null, why: "a country we do not price" },
  ] as const)("$why", ({ country, type, rows, cents }) => {
    expect(numberMonthlyCents(country, type, rows)).toBe(cents);
  });
});
