import {
  IMPORT_MODES,
  type ImportMode,
  MERGE_FIELDS,
  type MergeField,
  PLAN_OUTCOMES,
  type PlanOutcome,
  SKIP_REASONS,
  type SkipReason,
} from "@poundline/contracts/crm/import-vocabulary";
import { CONTACT_LIMITS, type CreateContactBody } from "@poundline/contracts/crm/schemas";
import { toE164 } from "@poundline/domain/phone";
import type { ImportRow } from "./csv";
import type { RowProblem } from "./import-person";

export {
  IMPORT_MODES,
  type ImportMode,
  MERGE_FIELDS,
  type MergeField,
  PLAN_OUTCOMES,
  type PlanOutcome,
  SKIP_REASONS,
  type SkipReason,
};

/**
 * What an import does with each row, decided before anything is written: create a contact, merge
 * into the contact that already has the row's phone number (one of the account's, or one an
 * earlier row of the file creates), skip it, or refuse it. A merge fills only the fields that are
 * empty and adds the tags the contact lacks; it never overwrites a filled field, and leaves the
 * contact's source, lead status, type and last-contacted as they are. Pure: no database.
 */

export const MERGE_MESSAGES = {
  tags: `At most ${CONTACT_LIMITS.tags} tags: the rest were left out.`,
  customFields: `At most ${CONTACT_LIMITS.customFields} custom fields: the rest were left out.`,
} as const;

/** What a merge reads of a contact already in the account. */
export interface ExistingContact {
  id: string;
  name: string;
  phone: string;
  email: string | null;
  company: string | null;
  address: string | null;
  notes: string | null;
  followUpDate: Date | null;
  tags: string[];
  customFields: Record<string, string>;
}

/** The contact a merge or skip row met: one of the account's (row null) or an earlier row's. */
export interface PlanTarget {
  name: string;
  phone: string;
  row: number | null;
}

export interface PlannedRow {
  row: number;
  summary: ImportRow["summary"];
  outcome: PlanOutcome;
  /** merge and skip: the contact with the row's phone number. */
  target: PlanTarget | null;
  reason: SkipReason | null;
  /** merge: the empty fields the row fills, the custom fields and the tags it adds. */
  fills: MergeField[];
  fillsCustom: string[];
  addsTags: string[];
  /** error: why the row is refused; otherwise what was left out of it. */
  problems: RowProblem[];
}

/** The fields a merge writes on a contact of the account (undefined: left as it is). */
export type ContactPatch = Partial<Pick<ExistingContact, MergeField | "tags" | "customFields">>;

export interface ImportPlan {
  rows: PlannedRow[];
  /** New contacts, each with what later rows of the file merged into it. */
  creates: { row: number; contact: CreateContactBody }[];
  merges: { contactId: string; patch: ContactPatch }[];
}

/** The fields a merge looks at, as held by a contact in the account or a contact to create. */
interface MergeState {
  name: string;
  phone: string;
  email?: string | null;
  company?: string | null;
  address?: string | null;
  notes?: string | null;
  followUpDate?: Date | null;
  tags: string[];
  customFields: Record<string, string>;
}

/** A contact that calls or texts created is named by its number until someone names it. */
export function isUnnamed(name: string, phone: string): boolean {
  const trimmed = name.trim();
  return !trimmed || trimmed === phone || toE164(trimmed) === phone;
}

const isEmpty = (field: MergeField, state: MergeState) =>
  field === "name" ? isUnnamed(state.name, state.phone) : state[field] == null || state[field] === "";

export interface MergeResult {
  next: MergeState;
  fills: MergeField[];
  fillsCustom: string[];
  addsTags: string[];
  problems: RowProblem[];
}

/** The row merged into `state`: empty fields filled, missing tags and custom fields added. */
export function mergeInto(state: MergeState, row: CreateContactBody): MergeResult {
  const next: MergeState = { ...state, tags: [...state.tags], customFields: { ...state.customFields } };
  const problems: RowProblem[] = [];
  const fills = MERGE_FIELDS.filter((field) => {
    const value = row[field];
    if (value == null || value === "" || !isEmpty(field, state)) return false;
    if (field === "name" && isUnnamed(row.name, state.phone)) return false;
    Object.assign(next, { [field]: value });
    return true;
  });

  const held = new Set(state.tags.map((tag) => tag.toLowerCase()));
  const newTags = (row.tags ?? []).filter((tag) => !held.has(tag.toLowerCase()));
  const addsTags = newTags.slice(0, Math.max(0, CONTACT_LIMITS.tags - state.tags.length));
  if (addsTags.length < newTags.length) problems.push({ field: "tags", message: MERGE_MESSAGES.tags });
  next.tags.push(...addsTags);

  const fillsCustom: string[] = [];
  for (const [name, value] of Object.entries(row.customFields ?? {})) {
    if (next.customFields[name]?.trim() || !value.trim()) continue;
    if (
      !(name in next.customFields) &&
      Object.keys(next.customFields).length >= CONTACT_LIMITS.customFields
    ) {
      if (!problems.some((p) => p.field === "customFields"))
        problems.push({ field: "customFields", message: MERGE_MESSAGES.customFields });
      continue;
    }
    next.customFields[name] = value;
    fillsCustom.push(name);
  }
  return { next, fills, fillsCustom, addsTags, problems };
}

const changes = (merged: MergeResult) =>
  merged.fills.length + merged.fillsCustom.length + merged.addsTags.length > 0;

/** The patch that turns `contact` into `state`: only what a merge changed. */
function patchOf(contact: ExistingContact, state: MergeState): ContactPatch {
  const patch: ContactPatch = {};
  for (const field of MERGE_FIELDS)
    if (state[field] !== contact[field] && state[field] != null)
      Object.assign(patch, { [field]: state[field] });
  if (state.tags.length !== contact.tags.length) patch.tags = state.tags;
  if (
    Object.keys(state.customFields).length !== Object.keys(contact.customFields).length ||
    Object.entries(state.customFields).some(([name, value]) => contact.customFields[name] !== value)
  )
    patch.customFields = state.customFields;
  return patch;
}

type Target =
  | { kind: "existing"; contact: ExistingContact; state: MergeState }
  | { kind: "new"; row: number; contact: CreateContactBody };

function stateOf(target: Target): MergeState {
  if (target.kind === "existing") return target.state;
  const { contact } = target;
  return { ...contact, tags: contact.tags ?? [], customFields: contact.customFields ?? {} };
}

function describe(target: Target): PlanTarget {
  return target.kind === "existing"
    ? { name: target.contact.name, phone: target.contact.phone, row: null }
    : { name: target.contact.name, phone: target.contact.phone, row: target.row };
}

const plannedRow = (row: ImportRow, outcome: PlanOutcome, extra: Partial<PlannedRow> = {}): PlannedRow => ({
  row: row.row,
  summary: row.summary,
  outcome,
  target: null,
  reason: null,
  fills: [],
  fillsCustom: [],
  addsTags: [],
  problems: row.problems,
  ...extra,
});

/**
 * The plan of an import: each row's outcome in the file's order, a row whose phone number an
 * earlier row has going into that row's contact (merged, or skipped in skip mode). `existing`
 * holds the account's contacts with the file's phone numbers, keyed by phone (E.164).
 */
export function planImport(
  rows: readonly ImportRow[],
  existing: ReadonlyMap<string, ExistingContact>,
  mode: ImportMode,
): ImportPlan {
  const targets = new Map<string, Target>();
  const planned = rows.map((row): PlannedRow => {
    const contact = row.contact;
    if (!contact) return plannedRow(row, "error");
    const found = targets.get(contact.phone) ?? existingTarget(existing.get(contact.phone));
    if (!found) {
      targets.set(contact.phone, { kind: "new", row: row.row, contact: { ...contact } });
      return plannedRow(row, "create");
    }
    targets.set(contact.phone, found);
    const target = describe(found);
    if (mode === "skip") return plannedRow(row, "skip", { target, reason: "duplicate" });
    const merged = mergeInto(stateOf(found), contact);
    if (!changes(merged)) return plannedRow(row, "skip", { target, reason: "unchanged" });
    if (found.kind === "existing") found.state = merged.next;
    else Object.assign(found.contact, merged.next);
    const { fills, fillsCustom, addsTags } = merged;
    const problems = [...row.problems, ...merged.problems];
    return plannedRow(row, "merge", { target, fills, fillsCustom, addsTags, problems });
  });

  const creates: ImportPlan["creates"] = [];
  const merges: ImportPlan["merges"] = [];
  for (const target of targets.values()) {
    if (target.kind === "new") creates.push({ row: target.row, contact: target.contact });
    else {
      const patch = patchOf(target.contact, target.state);
      if (Object.keys(patch).length > 0) merges.push({ contactId: target.contact.id, patch });
    }
  }
  return { rows: planned, creates, merges };
}

function existingTarget(contact: ExistingContact | undefined): Target | undefined {
  if (!contact) return undefined;
  const state = { ...contact, tags: [...contact.tags], customFields: { ...contact.customFields } };
  return { kind: "existing", contact, state };
}

/** How many rows have each outcome. */
export function countOutcomes(rows: readonly PlannedRow[]): Record<PlanOutcome, number> {
  const counts = { create: 0, merge: 0, skip: 0, error: 0 };
  for (const row of rows) counts[row.outcome]++;
  return counts;
}
