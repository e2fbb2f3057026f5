/**
 * Unwanted callers: the account's block list (numbers and prefixes), and rules for withheld
 * callers and for callers whose caller ID the carrier could not verify (STIR/SHAKEN). Compiled
 * once per routing table; a call's decision is a few set lookups.
 */

/** What a rule does with the caller: reject (never answered), voicemail, or a press-1 screening. */
export const blockActions = ["reject", "voicemail", "screen"] as const;
export type BlockAction = (typeof blockActions)[number];

/** A rule's setting: one of the actions, or let the call through. */
export const blockRuleSettings = ["allow", ...blockActions] as const;
export type BlockRuleSetting = (typeof blockRuleSettings)[number];

/** Which rule caught a call. */
export const blockRules = ["list", "withheld", "unverified"] as const;
export type BlockRule = (typeof blockRules)[number];

export const blockedCallerKinds = ["number", "prefix"] as const;
export type BlockedCallerKind = (typeof blockedCallerKinds)[number];

export interface BlockingRules {
  /** What a caller on the block list gets. */
  list: BlockAction;
  withheld: BlockRuleSetting;
  unverified: BlockRuleSetting;
}

export const DEFAULT_BLOCKING_RULES: BlockingRules = {
  list: "reject",
  withheld: "allow",
  unverified: "allow",
};

export interface CompiledBlocking {
  rules: BlockingRules;
  numbers: ReadonlySet<string>;
  prefixes: ReadonlySet<string>;
  /** The longest prefix: a caller is looked up at each length up to it. */
  longestPrefix: number;
}

export function compileBlocking(
  rules: BlockingRules,
  entries: readonly { kind: BlockedCallerKind; value: string }[],
): CompiledBlocking {
  const numbers = new Set<string>();
  const prefixes = new Set<string>();
  for (const entry of entries) (entry.kind === "number" ? numbers : prefixes).add(entry.value);
  const longestPrefix = Math.max(0, ...[...prefixes].map((p) => p.length));
  return { rules, numbers, prefixes, longestPrefix };
}

/** Whether the caller's number is on the list, as itself or under one of its prefixes. */
export function onBlockList(blocking: CompiledBlocking, from: string): boolean {
  if (blocking.numbers.has(from)) return true;
  const longest = Math.min(blocking.longestPrefix, from.length);
  for (let length = 2; length <= longest; length++)
    if (blocking.prefixes.has(from.slice(0, length))) return true;
  return false;
}

/** What carriers put in From when the caller withholds their number (Twilio: "Anonymous", +266696687...). */
const WITHHELD_CALLER_IDS = new Set([
  "",
  "anonymous",
  "restricted",
  "private",
  "unknown",
  "unavailable",
  "+266696687",
  "+86282452253",
  "+7378742833",
  "+2562533",
  "+8656696",
]);

export function isWithheldCaller(from: string): boolean {
  return WITHHELD_CALLER_IDS.has(from.trim().toLowerCase());
}

/**
 * The carrier's verdict on the caller ID (Twilio's `StirVerstat`): `TN-Validation-Passed-A/B/C`
 * verified; `TN-Validation-Failed[-A/B/C]` and `No-TN-Validation` failed; absent or anything
 * else unknown (most calls from outside the US carry none, so unknown is never blocked).
 */
export type CallerVerification = "passed" | "failed" | "unknown";

export function callerVerification(stirVerstat: string | null | undefined): CallerVerification {
  if (!stirVerstat) return "unknown";
  if (/^TN-Validation-Passed(-[ABC])?$/.test(stirVerstat)) return "passed";
  if (/^TN-Validation-Failed(-[ABC])?$/.test(stirVerstat) || stirVerstat === "No-TN-Validation")
    return "failed";
  return "unknown";
}

export interface BlockDecision {
  rule: BlockRule;
  action: BlockAction;
}

/** The rule that catches the caller and what it does, or null to let the call through. The list first. */
export function blockDecision(
  blocking: CompiledBlocking | undefined,
  call: { from: string; stirVerstat?: string | null },
): BlockDecision | null {
  if (!blocking) return null;
  const { rules } = blocking;
  if (onBlockList(blocking, call.from)) return { rule: "list", action: rules.list };
  if (rules.withheld !== "allow" && isWithheldCaller(call.from))
    return { rule: "withheld", action: rules.withheld };
  if (rules.unverified !== "allow" && callerVerification(call.stirVerstat) === "failed")
    return { rule: "unverified", action: rules.unverified };
  return null;
}

/** A prefix a block list accepts: "+" and 1 to 14 digits. */
export const BLOCK_PREFIX_PATTERN = /^\+[1-9][0-9]{0,13}$/;

/** The screening prompt: the caller presses 1 to be put through. */
export const SCREENING_PROMPT = "Please press 1 to be connected.";
