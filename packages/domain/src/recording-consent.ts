import type { CallerLocation } from "./location";

/**
 * US states whose law requires every party's consent to record a telephone call (or where the
 * courts read it so for some calls). Kept as data: a state joins or leaves the list here, and
 * its test is a row of the table in recording-consent.test.ts.
 *
 * Where the law is disputed the state is on the list: a notice costs the caller a few seconds,
 * a missing one costs the customer a lawsuit.
 */
export const ALL_PARTY_CONSENT_STATES: Readonly<Record<string, string>> = {
  CA: "California: Penal Code § 632 (confidential communications), § 632.7 (cellular calls)",
  CT: "Connecticut: Gen. Stat. § 52-570d (civil liability for recording a telephone call without all parties' consent)",
  DE: "Delaware: 11 Del. C. § 1335 (privacy statute read as all-party; § 2402 is one-party: disputed)",
  FL: "Florida: Stat. § 934.03",
  IL: "Illinois: 720 ILCS 5/14-2 (private conversations)",
  MD: "Maryland: Cts. & Jud. Proc. § 10-402",
  MA: "Massachusetts: G.L. c. 272 § 99",
  MI: "Michigan: MCL 750.539c (courts allow a participant to record: disputed)",
  MT: "Montana: MCA § 45-8-213",
  NV: "Nevada: NRS 200.620 (telephone calls, Lane v. Allstate)",
  NH: "New Hampshire: RSA 570-A:2",
  OR: "Oregon: ORS 165.540 (in-person conversations all-party; telephone one-party: disputed)",
  PA: "Pennsylvania: 18 Pa.C.S. § 5703",
  WA: "Washington: RCW 9.73.030",
};

/** What a caller hears first when the call may be recorded and their state asks for consent. */
export const RECORDING_CONSENT_NOTICE =
  "This call may be recorded. By staying on the line you consent to the recording.";

export function requiresAllPartyConsent(state: string): boolean {
  return Object.hasOwn(ALL_PARTY_CONSENT_STATES, state.trim().toUpperCase());
}

/**
 * Whether the consent notice is played to this caller: when any state the caller may be in
 * requires all-party consent, and when we cannot tell where the caller is (withheld, outside
 * the NANP, an area code we do not know).
 */
export function needsConsentNotice(location: CallerLocation): boolean {
  if (location.regions.length === 0) return true;
  return location.regions.some(requiresAllPartyConsent);
}
