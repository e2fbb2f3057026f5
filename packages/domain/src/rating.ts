import destinationRates from "./data/destination-rates.json";
import { describeDestination } from "./destination-policy";

/** Prices in integer cents per unit: a started minute of a call, an SMS segment, an MMS. */
export interface RateTable {
  callInbound: number;
  callOutbound: number;
  callTollFree: number;
  smsSegment: number;
  mmsMessage: number;
}

export const defaultRates: RateTable = {
  callInbound: 1,
  callOutbound: 2,
  callTollFree: 3,
  smsSegment: 1,
  mmsMessage: 3,
};

/** Destinations priced by the rates table (`call_outbound`, `sms_segment`): the home market. */
const DOMESTIC_COUNTRIES = ["US", "CA"] as const;

type CountryRates = { voice: { fixed: number; mobile: number }; sms: number };
const foreignRates: ReadonlyMap<string, CountryRates> = new Map(Object.entries(destinationRates.countries));

/**
 * Every country a call or text can be priced to: the ones an account may be allowed to reach
 * (the console's list of countries).
 */
export const RATED_COUNTRIES: readonly string[] = [...DOMESTIC_COUNTRIES, ...[...foreignRates.keys()].sort()];

export interface OutboundRate {
  country: string;
  /** Integer cents per started minute of a call. */
  perMinuteCents: number;
  /** Integer cents per SMS segment. */
  perSegmentCents: number;
}

/**
 * What a call or text to this number costs: by country, and by number type where the table tells
 * mobile from fixed (a number of unknown type is priced as the dearer of the two, as carriers
 * do). Null when it has no price: premium, satellite, or a country not in the table, none of
 * which may be dialled.
 */
export function outboundRate(e164: string, rates: RateTable): OutboundRate | null {
  const destination = describeDestination(e164);
  const { country } = destination;
  if (!country || destination.satellite || destination.type === "premium") return null;
  if ((DOMESTIC_COUNTRIES as readonly string[]).includes(country))
    return { country, perMinuteCents: rates.callOutbound, perSegmentCents: rates.smsSegment };
  const entry = foreignRates.get(country);
  if (!entry) return null;
  const { fixed, mobile } = entry.voice;
  const perMinuteCents =
    destination.type === "mobile"
      ? mobile
      : destination.type === "fixed" || destination.type === "toll_free"
        ? fixed
        : Math.max(fixed, mobile);
  return { country, perMinuteCents, perSegmentCents: entry.sms };
}

export interface CallToRate {
  direction: "inbound" | "outbound";
  /** Toll-free calls are billed to us whichever way they go. */
  tollFree: boolean;
  durationSeconds: number;
  /** The number an outbound call dialled: priced by its destination (the home price when absent). */
  to?: string;
}

/** What a started minute of the call costs. */
export function perMinuteCents(call: Omit<CallToRate, "durationSeconds">, rates: RateTable): number {
  if (call.tollFree) return rates.callTollFree;
  // A softphone's leg (the console in a browser) goes over the internet: a received minute's price.
  if (call.direction === "inbound" || call.to?.startsWith("client:")) return rates.callInbound;
  const destination = call.to ? outboundRate(call.to, rates) : null;
  return destination?.perMinuteCents ?? rates.callOutbound;
}

/** A call is billed per started minute, as the carrier bills; an unanswered call (0 s) costs nothing. */
export function priceCall(call: CallToRate, rates: RateTable): number {
  if (call.durationSeconds <= 0) return 0;
  return Math.ceil(call.durationSeconds / 60) * perMinuteCents(call, rates);
}

/** GSM-7 basic and extension characters; anything else forces UCS-2. */
const GSM7_BASIC =
  "@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ !\"#¤%&'()*+,-./0123456789:;<=>?¡ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÑÜ§¿abcdefghijklmnopqrstuvwxyzäöñüà";
const GSM7_EXTENDED = "^{}\\[~]|€\f";

/** Segments of an SMS body: 160/153 GSM-7 septets, or 70/67 UCS-2 code units. */
export function countSegments(body: string): number {
  let septets = 0;
  let gsm = true;
  for (const ch of body) {
    if (GSM7_BASIC.includes(ch)) septets += 1;
    else if (GSM7_EXTENDED.includes(ch)) septets += 2;
    else {
      gsm = false;
      break;
    }
  }
  if (gsm) return septets <= 160 ? 1 : Math.ceil(septets / 153);
  const units = body.length; // UTF-16 code units, as carriers count UCS-2
  return units <= 70 ? 1 : Math.ceil(units / 67);
}

/** A text costs per segment, priced by its destination when `to` is given; an MMS is flat. */
export function priceMessage(
  message: { body: string; numMedia: number; to?: string },
  rates: RateTable,
): number {
  if (message.numMedia > 0) return rates.mmsMessage;
  const perSegment =
    (message.to ? outboundRate(message.to, rates)?.perSegmentCents : null) ?? rates.smsSegment;
  return Math.max(1, countSegments(message.body)) * perSegment;
}

/** At most four hours: the carrier's own ceiling on a call's length. */
export const MAX_CALL_SECONDS = 4 * 3600;

/**
 * How long a prepaid call may last: the whole minutes the balance pays at the per-minute price,
 * in seconds, at most the carrier's ceiling (a free call runs to the ceiling). Below 60: not even
 * the first minute is paid for.
 */
export function prepaidSeconds(balanceCents: number, perMinuteCents: number): number {
  const minutes = perMinuteCents > 0 ? Math.floor(balanceCents / perMinuteCents) : MAX_CALL_SECONDS / 60;
  return Math.min(minutes * 60, MAX_CALL_SECONDS);
}
