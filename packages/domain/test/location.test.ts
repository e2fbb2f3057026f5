import { describe, expect, it } from "vitest";
import { countryOfNumber, nanpAreaCodes } from "../src/area-codes";
import { type CallerLocation, locateCaller } from "../src/location";

const locate = (from: string, fromState?: string, fromCountry?: string) =>
  locateCaller({ from, fromState, fromCountry }, nanpAreaCodes, countryOfNumber);

const nowhere: CallerLocation = { country: null, regions: [], areaCode: null };

describe("locateCaller", () => {
  it.each<[string, [string, string?, string?], CallerLocation]>([
    ["carrier fields win", ["+13055551234", "GA", "US"], { country: "US", regions: ["GA"], areaCode: "305" }],
    [
      "empty carrier fields fall back to the area code",
      ["+13055551234", "", ""],
      { country: "US", regions: ["FL"], areaCode: "305" },
    ],
    ["Canadian area code", ["+14165551234"], { country: "CA", regions: ["ON"], areaCode: "416" }],
    ["Houston, TX", ["+17135551234"], { country: "US", regions: ["TX"], areaCode: "713" }],
    ["Houston's newest code, 621", ["+16215551234"], { country: "US", regions: ["TX"], areaCode: "621" }],
    [
      "a code shared by Nova Scotia and Prince Edward Island",
      ["+19025551234"],
      { country: "CA", regions: ["NS", "PE"], areaCode: "902" },
    ],
    ["782, its overlay", ["+17825551234"], { country: "CA", regions: ["NS", "PE"], areaCode: "782" }],
    [
      "the three northern territories' code",
      ["+18675551234"],
      { country: "CA", regions: ["NT", "YT", "NU"], areaCode: "867" },
    ],
    [
      "a carrier province narrows a shared code",
      ["+19025551234", "PE", "CA"],
      { country: "CA", regions: ["PE"], areaCode: "902" },
    ],
    [
      "spelled-out carrier state falls back to the area code",
      ["+12125551234", "New York", "US"],
      { country: "US", regions: ["NY"], areaCode: "212" },
    ],
    ["Puerto Rico", ["+17875551234"], { country: "PR", regions: ["PR"], areaCode: "787" }],
    [
      "Caribbean NANP number: country from the number",
      ["+12425551234"],
      { country: "BS", regions: [], areaCode: "242" },
    ],
    ["toll-free: no region", ["+18005551234"], { country: "US", regions: [], areaCode: "800" }],
    ["international number", ["+442071234567"], { country: "GB", regions: [], areaCode: null }],
    ["anonymous caller", ["anonymous"], nowhere],
    ["Anonymous, as the carrier spells it", ["Anonymous", "", ""], nowhere],
    ["Restricted", ["Restricted"], nowhere],
    // The stand-ins spelled on a keypad look like numbers of real countries, and the carrier
    // locates them there: neither the digits nor its fields say where the caller is.
    ["ANONYMOUS on a keypad, not Lesotho", ["+266696687", "", "LS"], nowhere],
    ["RESTRICTED on a keypad, not Russia", ["+7378742833", "", "RU"], nowhere],
    ["UNKNOWN on a keypad", ["+8656696"], nowhere],
    ["BLOCKED on a keypad", ["+2562533"], nowhere],
    ["a SIP address", ["sip:alice@example.com", "FL", "US"], nowhere],
    ["a client", ["client:alice"], nowhere],
    ["an alphanumeric sender", ["Poundline"], nowhere],
    ["a short code", ["12345", "", "US"], nowhere],
  ])("%s", (_name, [from, state, country], expected) => {
    expect(locate(from, state, country)).toEqual(expected);
  });
});
