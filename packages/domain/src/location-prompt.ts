import VoiceResponse from "twilio/lib/twiml/VoiceResponse";
import { type IncomingCall, type RoutedCall, routeIncomingCall } from "./call-flow";
import type { CallerLocation } from "./location";
import { locateByPostalCode } from "./postal-codes";
import type { RoutingTable, SharedNumberRoute } from "./routing-table";
import { type TwimlOptions, voicePaths } from "./twiml";

/**
 * The location prompt of a shared number: a caller the carrier and the area code table cannot
 * place (withheld, not a NANP number, no state) is asked for a ZIP or postal code, keyed in or
 * said, and routed by it; a code we cannot place is asked for once more, then the caller is routed
 * as unknown (the number's default licensee).
 */
export const LOCATION_PROMPT = {
  ask: "To reach the office nearest you, please enter your five digit ZIP code, or say your postal code.",
  again: "Sorry, we could not find that code.",
  /** Times the caller is asked at most. */
  attempts: 2,
  timeoutSeconds: 8,
} as const;

/** Whether the rules have nothing to go on: no state or province for the caller. */
export function locationUnknown(location: CallerLocation): boolean {
  return location.regions.length === 0;
}

/** The shared number dialled, when it asks for the location of this caller; else null. */
export function locationPromptFor(
  table: RoutingTable,
  to: string,
  location: CallerLocation,
): SharedNumberRoute | null {
  const entry = table.byNumber.get(to);
  if (entry?.kind !== "shared" || !entry.shared.askLocation || !locationUnknown(location)) return null;
  return entry.shared;
}

/** <Gather> of five digits or speech; its action carries the attempt (signed with the URL by the carrier). */
export function renderLocationPrompt(options: TwimlOptions, attempt: number): string {
  const response = new VoiceResponse();
  const gather = response.gather({
    input: ["dtmf", "speech"],
    numDigits: 5,
    timeout: LOCATION_PROMPT.timeoutSeconds,
    action: `${options.baseUrl}${voicePaths.location}?attempt=${attempt}`,
    method: "POST",
    actionOnEmptyResult: true,
    hints: "ZIP code, postal code",
  });
  gather.say(attempt > 1 ? `${LOCATION_PROMPT.again} ${LOCATION_PROMPT.ask}` : LOCATION_PROMPT.ask);
  return response.toString();
}

/** The caller's answer as a code: the digits keyed in, else what was said, letters and digits only. */
export function postalAnswer(digits: string | undefined, speech: string | undefined): string {
  const raw = digits?.trim() || speech || "";
  return raw.toUpperCase().replace(/[^0-9A-Z]/g, "");
}

export type LocationAnswer =
  | { kind: "ask_again"; attempt: number }
  | { kind: "routed"; routed: RoutedCall; location: CallerLocation; postalCode: string | null };

/**
 * What follows the caller's answer: the call routed by the code's location; the question again
 * when the code places nowhere and an attempt is left; else routed as the caller was (unknown).
 */
export function answerLocation(
  table: RoutingTable,
  call: IncomingCall,
  unknown: CallerLocation,
  code: string,
  attempt: number,
  now: Date,
): LocationAnswer {
  const located = code ? locateByPostalCode(code) : null;
  if (!located && attempt < LOCATION_PROMPT.attempts) return { kind: "ask_again", attempt: attempt + 1 };
  const location = located ?? unknown;
  return {
    kind: "routed",
    routed: routeIncomingCall(table, call, location, now),
    location,
    postalCode: located ? code : null,
  };
}
