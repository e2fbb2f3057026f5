import { randomBytes } from "node:crypto";

/**
 * Carrier resource prefixes: CA call, SM/MM message, RE recording, TR transcription, GT real-time
 * transcription, PN number, QU queue, AD address, CF conference, HH toll-free verification, BU
 * bundle, IT end user, RD supporting document, BV item assignment, EL evaluation, KW port-in
 * request, PU its phone number.
 */
export type SidPrefix =
  | "CA"
  | "SM"
  | "MM"
  | "RE"
  | "TR"
  | "GT"
  | "PN"
  | "QU"
  | "AD"
  | "CF"
  | "HH"
  | "BU"
  | "IT"
  | "RD"
  | "BV"
  | "EL"
  | "KW"
  | "PU";

/** A carrier SID: two-letter prefix and 32 lower-case hex digits. */
export function newSid(prefix: SidPrefix): string {
  return prefix + randomBytes(16).toString("hex");
}
