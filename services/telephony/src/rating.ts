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

export interface CallToRate {
  direction: "inbound" | "outbound";
  /** Toll-free calls are billed to us whichever way they go. */
  tollFree: boolean;
  durationSeconds: number;
}

/** A call is billed per started minute; an unanswered call (0 s) costs nothing. */
export function priceCall(call: CallToRate, rates: RateTable): number {
  if (call.durationSeconds <= 0) return 0;
  const minutes = Math.ceil(call.durationSeconds / 60);
  const perMinute = call.tollFree
    ? rates.callTollFree
    : call.direction === "inbound"
      ? rates.callInbound
      : rates.callOutbound;
  return minutes * perMinute;
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

export function priceMessage(message: { body: string; numMedia: number }, rates: RateTable): number {
  if (message.numMedia > 0) return rates.mmsMessage;
  return Math.max(1, countSegments(message.body)) * rates.smsSegment;
}
