/** The words of a contact import that the API and the console share. */
export const IMPORT_ENCODINGS = ["utf-8", "utf-16le", "utf-16be", "windows-1252"] as const;
export type ImportEncoding = (typeof IMPORT_ENCODINGS)[number];
export const IMPORT_MODES = ["merge", "skip"] as const;
/** merge: a row whose phone is already a contact's completes that contact; skip: it is left out. */
export type ImportMode = (typeof IMPORT_MODES)[number];
export const PLAN_OUTCOMES = ["create", "merge", "skip", "error"] as const;
export type PlanOutcome = (typeof PLAN_OUTCOMES)[number];
/** Why a row is skipped: its phone is already a contact's (skip chosen), or it adds nothing. */
export const SKIP_REASONS = ["duplicate", "unchanged"] as const;
export type SkipReason = (typeof SKIP_REASONS)[number];
/** The contact fields a merge may fill when they are empty. */
export const MERGE_FIELDS = ["name", "email", "company", "address", "notes", "followUpDate"] as const;
export type MergeField = (typeof MERGE_FIELDS)[number];
