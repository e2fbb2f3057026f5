import { describe, expect, it } from "vitest";
import {
  ALL_PARTY_CONSENT_STATES,
  needsConsentNotice,
  requiresAllPartyConsent,
} from "../src/recording-consent";

const location = (regions: string[]) => ({ country: "US", regions, areaCode: null });

describe("all-party consent states", () => {
  it.each([
    ["CA", true],
    ["CT", true],
    ["DE", true],
    ["FL", true],
    ["IL", true],
    ["MD", true],
    ["MA", true],
    ["MI", true],
    ["MT", true],
    ["NV", true],
    ["NH", true],
    ["OR", true],
    ["PA", true],
    ["WA", true],
    ["NY", false],
    ["TX", false],
    ["GA", false],
    ["NJ", false],
    ["VT", false],
    ["DC", false],
    ["ON", false],
  ])("%s requires all-party consent: %s", (state, expected) => {
    expect(requiresAllPartyConsent(state)).toBe(expected);
    expect(needsConsentNotice(location([state]))).toBe(expected);
  });

  it("every listed state has its statute noted", () => {
    for (const [state, note] of Object.entries(ALL_PARTY_CONSENT_STATES)) {
      expect(state).toMatch(/^[A-Z]{2}$/);
      expect(note.length).toBeGreaterThan(10);
    }
  });

  it.each([
    ["an unknown location", [], true],
    ["a code shared by a one-party and an all-party state", ["NY", "CT"], true],
    ["lower case from the carrier", ["ca"], true],
  ])("notice for %s", (_name, regions, expected) => {
    expect(needsConsentNotice(location(regions))).toBe(expected);
  });
});
