import { type CallStep, routeIncomingCall } from "./call-flow";
import { callerLocation } from "./call-owner";
import { compileGeoRules, type GeoRule } from "./geo-rules";
import type { CallerLocation } from "./location";
import { locationPromptFor, renderLocationPrompt } from "./location-prompt";
import { locateByPostalCode } from "./postal-codes";
import type { RoutingTable, SharedNumberRoute } from "./routing-table";
import { renderStep, type TwimlOptions } from "./twiml";

/** What "test a caller" is given: a phone number, a state or province code, or a ZIP/postal code. */
export type CallerProbe =
  | { kind: "number"; value: string }
  | { kind: "region"; value: string; country: "US" | "CA" }
  | { kind: "postalCode"; value: string };

/** Where the probed caller is, located as a real call would be; null for a postal code we cannot place. */
export function locateProbe(probe: CallerProbe): CallerLocation | null {
  switch (probe.kind) {
    case "number":
      return callerLocation({ from: probe.value });
    case "region":
      return { country: probe.country, regions: [probe.value.toUpperCase()], areaCode: null };
    case "postalCode":
      return locateByPostalCode(probe.value);
  }
}

/**
 * The routing table with one shared number's rules replaced (the unsaved draft), compiled as the
 * routing table compiles them: rules to an account without an active licence are left out.
 */
export function withDraftRules(
  table: RoutingTable,
  sharedNumberId: string,
  rules: readonly GeoRule[],
  licensedAccountIds: readonly string[],
  askLocation?: boolean,
): RoutingTable {
  const current = [...table.byPoundCode.values()].find((s) => s.sharedNumberId === sharedNumberId);
  if (!current) return table;
  const licensed = new Set(licensedAccountIds);
  const shared: SharedNumberRoute = {
    ...current,
    rules: compileGeoRules(rules.filter((r) => licensed.has(r.targetAccountId))),
    ...(askLocation === undefined ? {} : { askLocation }),
  };
  const byNumber = new Map(table.byNumber);
  byNumber.set(shared.e164, { kind: "shared", shared });
  const byPoundCode = new Map(table.byPoundCode);
  byPoundCode.set(shared.poundCode.toUpperCase(), shared);
  return { ...table, byNumber, byPoundCode };
}

export interface ProbeResult {
  location: CallerLocation;
  /** The rule that matched, or null when the number's default licensee answers. */
  ruleId: string | null;
  /** The account that answers, or null when nobody does (the caller hears "not in service"). */
  accountId: string | null;
  twiml: string;
  /** The first verb of the answer (Gather, Dial, Enqueue, Record, Say…). */
  firstVerb: string | null;
  /** What happens first, in a customer's words: what the caller hears or where the call goes. */
  firstStep: string;
  /** The caller is first asked for a ZIP or postal code (the number asks callers it cannot place). */
  asksLocation: boolean;
}

/** The first answer a call from `location` to the shared number gets: the incoming-call code itself. */
export function probeSharedNumber(
  table: RoutingTable,
  e164: string,
  from: string,
  location: CallerLocation,
  now: Date,
  twiml: TwimlOptions,
): ProbeResult {
  if (locationPromptFor(table, e164, location)) {
    const prompt = renderLocationPrompt(twiml, 1);
    return {
      location,
      ruleId: null,
      accountId: null,
      twiml: prompt,
      firstVerb: firstTwimlVerb(prompt),
      firstStep: "The caller is asked for their ZIP or postal code.",
      asksLocation: true,
    };
  }
  const routed = routeIncomingCall(table, { to: e164, from }, location, now);
  const xml = renderStep(routed.step, twiml, {
    from,
    to: e164,
    callSid: "CA00000000000000000000000000000000",
  });
  return {
    location,
    ruleId: routed.geoRuleId ?? null,
    accountId: routed.accountId,
    twiml: xml,
    firstVerb: firstTwimlVerb(xml),
    firstStep: describeFirstStep(routed.step),
    asksLocation: false,
  };
}

const shortQuote = (text: string) => `“${text.length > 80 ? `${text.slice(0, 77)}...` : text}”`;

/** What a call step does, as the console tells the customer (never TwiML's verbs). */
export function describeFirstStep(step: CallStep): string {
  switch (step.kind) {
    case "menu": {
      const greeting = step.menu.greetingType === "tts" && step.menu.greetingTts;
      return greeting
        ? `The caller hears the menu “${step.menu.name}”: ${shortQuote(greeting)}`
        : `The caller hears the menu “${step.menu.name}” (its recorded greeting).`;
    }
    case "dial":
      return step.numbers.length === 0
        ? "Nobody is available to ring: the call goes on as unanswered."
        : `The call rings ${step.numbers.length === 1 ? "1 phone" : `${step.numbers.length} phones`}.`;
    case "queue":
      return "The caller hears hold music while the ring group's members are called.";
    case "voicemail":
      return "The caller hears the voicemail greeting and can leave a message.";
    case "reject":
      return "The caller is blocked: the call is rejected unanswered.";
    case "screen":
      return "The caller is screened: they must press 1 to be put through.";
    case "say_goodbye":
      return `The caller hears ${shortQuote(step.message)} and the call ends.`;
    case "end":
      return "The call ends.";
  }
}

/** The name of the first element inside <Response>. */
export function firstTwimlVerb(xml: string): string | null {
  return /<Response>\s*<([A-Za-z]+)/.exec(xml)?.[1] ?? null;
}
