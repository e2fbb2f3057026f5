import { describe, expect, it } from "vitest";
import {
  DESTINATION_MESSAGES,
  type DestinationPolicy,
  describeDestination,
  destinationRefusal,
  firstDestinationRefusal,
} from "../src/destination-policy";

const US_CA: DestinationPolicy = { allowedCountries: ["US", "CA"] };
const US_ONLY: DestinationPolicy = { allowedCountries: ["US"] };

describe("destinationRefusal", () => {
  it.each([
    ["+13055550123", US_CA, "a US geographic number"],
    ["+14165550123", US_CA, "a Canadian number"],
    ["+15551234567", US_ONLY, "the fictional 555 numbers of the demo"],
    ["+18005550123", US_ONLY, "US toll-free"],
    ["+17875550123", US_ONLY, "Puerto Rico, domestic US numbering"],
    ["+18765550123", { allowedCountries: ["US", "JM"] }, "Jamaica when allowed"],
    ["+442079460958", { allowedCountries: ["GB"] }, "a London number when the UK is allowed"],
  ] as const)("accepts %s (%s)", (e164, policy, _why) => {
    expect(destinationRefusal(e164, policy)).toBeNull();
  });

  it.each([
    ["+19005550123", US_CA, "premium", "NANP 900"],
    ["+13059760123", US_CA, "premium", "a 976 exchange"],
    ["+8821234567890", { allowedCountries: ["US"] }, "satellite", "+882 international networks"],
    ["+881612345678", US_CA, "satellite", "+881 satellite phones"],
    ["+8831234567890", US_CA, "satellite", "+883 international networks"],
    ["+870772123456", US_CA, "satellite", "+870 Inmarsat"],
    ["+97912345678", US_CA, "satellite", "+979 international premium rate"],
    [
      "+448712345678",
      { allowedCountries: ["GB"] },
      "premium",
      "a UK premium number even with the UK allowed",
    ],
    ["+18765550123", US_CA, "country", "Jamaica (Caribbean NANP) by default"],
    ["+18095550123", US_CA, "country", "the Dominican Republic (Caribbean NANP)"],
    ["+12425550123", US_CA, "country", "the Bahamas (Caribbean NANP)"],
    ["+14415550123", US_CA, "country", "Bermuda (NANP)"],
    ["+5352345678", US_CA, "country", "Cuba"],
    ["+442079460958", US_CA, "country", "the UK when not allowed"],
    ["+14165550123", US_ONLY, "country", "Canada on a US-only account"],
    ["15551234567", US_CA, "invalid", "not E.164"],
    ["+", US_CA, "invalid", "nothing"],
  ] as const)("refuses %s as %s (%s)", (e164, policy, code, _why) => {
    expect(destinationRefusal(e164, policy)?.code).toBe(code);
  });

  it("names the country refused", () => {
    expect(destinationRefusal("+18765550123", US_CA)?.message).toBe(DESTINATION_MESSAGES.country("JM"));
    expect(DESTINATION_MESSAGES.country("JM")).toContain("Jamaica");
  });

  it("keeps an unpaid trial to its dialable numbers", () => {
    const trial = { ...US_CA, trialDialable: new Set(["+13055550100"]) };
    expect(destinationRefusal("+13055550100", trial)).toBeNull();
    expect(destinationRefusal("+13055550101", trial)?.code).toBe("trial");
    // The ranges refused always stay refused, even when listed.
    expect(
      destinationRefusal("+19005550123", { ...US_CA, trialDialable: new Set(["+19005550123"]) })?.code,
    ).toBe("premium");
    expect(destinationRefusal("+13055550101", { ...US_CA, trialDialable: null })).toBeNull();
  });

  it("says which of several numbers is refused", () => {
    expect(firstDestinationRefusal(["+13055550123", "+19005550123"], US_CA)).toMatchObject({
      number: "+19005550123",
      code: "premium",
    });
    expect(firstDestinationRefusal(["+13055550123"], US_CA)).toBeNull();
  });
});

describe("describeDestination", () => {
  it.each([
    ["+13055550123", "US", "fixed"],
    ["+18005550123", "US", "toll_free"],
    ["+14165550123", "CA", "fixed"],
    ["+18765550123", "JM", "mobile"],
    ["+447400123456", "GB", "mobile"],
    ["+442079460958", "GB", "fixed"],
    ["+4915112345678", "DE", "mobile"],
  ] as const)("%s is %s %s", (e164, country, type) => {
    expect(describeDestination(e164)).toMatchObject({ country, type });
  });
});
