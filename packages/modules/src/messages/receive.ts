import {
  type CallOwner,
  contactableNumber,
  countSegments,
  isE164,
  type LocationInput,
} from "@poundline/domain";
import type { LiveEvent } from "@poundline/platform/events/live";

/** Whole-body keywords the carrier honours on long codes (trimmed, any case). */
const OPT_OUT_KEYWORDS = new Set([
  "STOP",
  "STOPALL",
  "UNSUBSCRIBE",
  "CANCEL",
  "END",
  "QUIT",
  "REVOKE",
  "OPTOUT",
]);
const OPT_IN_KEYWORDS = new Set(["START", "UNSTOP", "YES"]);

export type Keyword = "opt-out" | "opt-in" | null;

/** What a whole message body asks for; HELP and INFO change nothing (the carrier replies to them). */
export function keywordOf(body: string): Keyword {
  const word = body.trim().toUpperCase();
  if (OPT_OUT_KEYWORDS.has(word)) return "opt-out";
  if (OPT_IN_KEYWORDS.has(word)) return "opt-in";
  return null;
}

/** Our numbers that take opt-out keywords: real E.164 numbers (not a short code). */

/** An incoming SMS or MMS as the carrier delivered it (read from its webhook by the route). */
export interface IncomingText {
  /** The carrier's MessageSid (or its older names); absent when it sent none. */
  messageSid: string | undefined;
  from: string;
  /** Our number. */
  to: string;
  /** Where the sender is, as the carrier located them: chooses the licensee of a pound-code number. */
  caller: LocationInput;
  body: string;
  numMedia: number;
  mediaUrls: string[];
  /** The carrier's MediaContentType of each of mediaUrls (same order). */
  mediaContentTypes: string[];
  /** The carrier's count of segments (at most MAX_SEGMENTS); 0 or absent when it did not say. */
  numSegments: number | undefined;
}

/** What is written for one incoming text, in one transaction. */
export interface InboundTextRecord {
  accountId: string;
  phoneNumberId: string | null;
  messageSid: string;
  from: string;
  to: string;
  body: string;
  numSegments: number;
  numMedia: number;
  mediaUrls: string[];
  mediaContentTypes: string[];
  receivedAt: Date;
  /** The sender made (or kept) a contact of the account: a real number, else null. */
  contactPhone: string | null;
  /** The sender opts out of texts from `to` ("add"), back in ("remove"), or neither. */
  optOut: "add" | "remove" | null;
}

/** Where incoming texts are kept; `record` is one transaction. */
export interface InboundTexts {
  /**
   * "stored"; "duplicate" when a text with that MessageSid is stored already (nothing changes);
   * "account_gone" when the account was deleted meanwhile (nothing is stored).
   */
  record(text: InboundTextRecord): Promise<"stored" | "duplicate" | "account_gone">;
}

export interface ReceivePorts {
  /** Which account owns our number (for a pound-code number: the licensee chosen for the sender). */
  ownerOf(ourNumber: string, caller: LocationInput): CallOwner | null;
  texts: InboundTexts;
  clock: () => Date;
  /** Live views, best effort: never awaited. */
  publish(accountId: string, event: LiveEvent): void;
  /**
   * Whether the account's texts are refused now (its trial ended without a subscription, its
   * spend cap is reached, it is suspended): such a text is not delivered to it.
   */
  refused?(accountId: string): boolean;
}

export type ReceiveResult =
  | { ok: true; accountId: string; messageSid: string }
  /** No MessageSid, sender or recipient: nothing to store. */
  | { ok: false; reason: "incomplete" }
  | { ok: false; reason: "no_owner"; messageSid: string; to: string }
  | { ok: false; reason: "duplicate"; accountId: string; messageSid: string }
  | { ok: false; reason: "account_gone"; accountId: string; messageSid: string }
  | { ok: false; reason: "refused"; accountId: string; messageSid: string };

/** The longest text the carrier takes is 1,600 characters: never more segments than that. */
export const MAX_SEGMENTS = 1600;

/**
 * Receives a text: stored once per MessageSid in the account that owns our number, its sender
 * made a contact (when it is a number: not a withheld, alphanumeric or short-code sender), opt-out
 * keywords applied to our number, all in one transaction (see InboundTexts); the account's live
 * views told of a text stored. A repeated delivery stores and changes nothing.
 */
export async function receiveText(ports: ReceivePorts, text: IncomingText): Promise<ReceiveResult> {
  const { messageSid, from, to, body } = text;
  if (!messageSid || !from || !to) return { ok: false, reason: "incomplete" };
  const owner = ports.ownerOf(to, text.caller);
  if (!owner) return { ok: false, reason: "no_owner", messageSid, to };

  const sender = contactableNumber(from);
  const keyword = sender && isE164(to) ? keywordOf(body) : null;
  // Opt-outs and opt-ins are honoured even while the account's texts are refused.
  if (keyword === null && ports.refused?.(owner.accountId))
    return { ok: false, reason: "refused", accountId: owner.accountId, messageSid };
  const outcome = await ports.texts.record({
    accountId: owner.accountId,
    phoneNumberId: owner.phoneNumberId,
    messageSid,
    from,
    to,
    body,
    numSegments: text.numSegments || countSegments(body),
    numMedia: text.numMedia,
    mediaUrls: text.mediaUrls,
    mediaContentTypes: text.mediaContentTypes,
    receivedAt: ports.clock(),
    contactPhone: sender,
    optOut: keyword === "opt-out" ? "add" : keyword === "opt-in" ? "remove" : null,
  });
  if (outcome !== "stored") return { ok: false, reason: outcome, accountId: owner.accountId, messageSid };
  ports.publish(owner.accountId, { type: "message.received", messageSid, from, to, body });
  return { ok: true, accountId: owner.accountId, messageSid };
}
