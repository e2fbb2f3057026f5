import { dayOf } from "../../ui/format";

/** Pure pieces of the Messages screen: numbers, conversation keys, delivery statuses, days. */

export interface ConversationKey {
  ourNumber: string;
  peerNumber: string;
}

/**
 * The conversation a text belongs to, as the server groups them: the account's number (the
 * recipient of an inbound text, the sender of an outbound one) and the other party.
 */
export function conversationKeyOf(message: {
  direction: "inbound" | "outbound";
  fromNumber: string;
  toNumber: string;
}): ConversationKey {
  return message.direction === "inbound"
    ? { ourNumber: message.toNumber, peerNumber: message.fromNumber }
    : { ourNumber: message.fromNumber, peerNumber: message.toNumber };
}

export const sameConversation = (a: ConversationKey | null, b: ConversationKey | null) =>
  a !== null && b !== null && a.ourNumber === b.ourNumber && a.peerNumber === b.peerNumber;

/**
 * A number as typed ("(555) 123-4567", "1 555 123 4567", "+44 20 7946 0958") in E.164, or null.
 * Ten digits are a North American number.
 */
export function toE164(typed: string): string | null {
  const trimmed = typed.trim();
  if (!/^\+?[\d\s().-]+$/.test(trimmed)) return null;
  const digits = trimmed.replace(/\D/g, "");
  if (trimmed.startsWith("+")) return /^[1-9]\d{6,14}$/.test(digits) ? `+${digits}` : null;
  if (digits.length === 10 && /^[2-9]/.test(digits)) return `+1${digits}`;
  if (digits.length === 11 && digits.startsWith("1")) return `+${digits}`;
  return null;
}

const STATUS_LABELS: Record<string, string> = {
  accepted: "Queued",
  queued: "Queued",
  sending: "Sending",
  sent: "Sent",
  delivered: "Delivered",
  read: "Read",
  failed: "Failed",
  undelivered: "Undelivered",
  received: "Received",
  receiving: "Receiving",
};

export const deliveryLabel = (status: string) => STATUS_LABELS[status] ?? status;

export const isDeliveryFailure = (status: string) => status === "failed" || status === "undelivered";

/** The carrier's messaging error codes the console explains (others show their number). */
const CARRIER_ERRORS: Record<number, string> = {
  21211: "Invalid 'To' phone number",
  21408: "Permission to send to this region is not enabled",
  21610: "The recipient has opted out (STOP)",
  21612: "The carrier cannot route to this number",
  21614: "'To' number is not a valid mobile number",
  30001: "Queue overflow",
  30002: "Account suspended",
  30003: "Unreachable destination handset",
  30004: "Message blocked",
  30005: "Unknown destination handset",
  30006: "Landline or unreachable carrier",
  30007: "Message filtered by the carrier",
  30008: "Unknown error",
  30034: "Sender not registered for messaging (A2P 10DLC)",
};

/** "Error 30003: Unreachable destination handset"; null without a code. */
export function carrierErrorText(code: number | null): string | null {
  if (code === null) return null;
  const meaning = CARRIER_ERRORS[code];
  return meaning ? `Error ${code}: ${meaning}` : `Error ${code}`;
}

/** Consecutive messages of the same calendar day (in the account's time zone), oldest first. */
export function groupByDay<T extends { sentAt: Date | string }>(
  messages: readonly T[],
  timeZone?: string,
): { day: string; messages: T[] }[] {
  const groups: { day: string; messages: T[] }[] = [];
  for (const message of messages) {
    const day = dayOf(message.sentAt, timeZone);
    const last = groups.at(-1);
    if (last?.day === day) last.messages.push(message);
    else groups.push({ day, messages: [message] });
  }
  return groups;
}

/** Whether a key press in the composer sends: Enter alone (Shift+Enter is a new line; not while composing). */
export function sendsOnKey(event: { key: string; shiftKey: boolean; isComposing?: boolean }): boolean {
  return event.key === "Enter" && !event.shiftKey && !event.isComposing;
}
