import { randomBytes } from "node:crypto";

/** Carrier resource prefixes: CA call, SM/MM message, RE recording, TR transcription, PN number, QU queue, AD address. */
export type SidPrefix = "CA" | "SM" | "MM" | "RE" | "TR" | "PN" | "QU" | "AD" | "CF";

/** A carrier SID: two-letter prefix and 32 lower-case hex digits. */
export function newSid(prefix: SidPrefix): string {
  return prefix + randomBytes(16).toString("hex");
}
