import { contactTypes, leadStatuses } from "@poundline/db/enums";
import { z } from "zod";
import { line, text } from "../common";
import { CSV_LIMITS, IMPORT_FIELDS, IMPORT_FORMATS } from "./import-columns";
import {
  IMPORT_ENCODINGS,
  IMPORT_MODES,
  MERGE_FIELDS,
  PLAN_OUTCOMES,
  SKIP_REASONS,
} from "./import-vocabulary";
import { CONTACT_LIMITS } from "./schemas";

/** Query values sent empty (an unselected filter) count as absent. */
const emptyAsAbsent = (value: unknown) => (value === "" ? undefined : value);

const FILE_MESSAGE = "Choose a CSV or vCard file to import.";
const TOO_LARGE_MESSAGE = "The file is too large (at most 5 MB).";

/**
 * POST /contacts/import/preview and /contacts/import: the file's bytes in base64 (`file`: the
 * server finds the encoding), or its text (`csv`); and, once the person has changed it, the
 * field each column fills (null: not imported), in the file's column order; and what a row whose
 * phone number is already a contact's does (merge, the default, or skip).
 */
export const importContactsBodySchema = z
  .object(
    {
      file: z
        .string({ error: FILE_MESSAGE })
        .min(1, FILE_MESSAGE)
        .max(Math.ceil(CSV_LIMITS.bytes / 3) * 4, TOO_LARGE_MESSAGE)
        .regex(/^[A-Za-z0-9+/]*={0,2}$/, "The file must be sent in base64.")
        .optional(),
      csv: text({ multiline: true, trim: false, error: FILE_MESSAGE })
        .min(1, FILE_MESSAGE)
        .max(CSV_LIMITS.bytes, TOO_LARGE_MESSAGE)
        .optional(),
      mapping: z
        .array(z.enum(IMPORT_FIELDS, { error: `Must be one of: ${IMPORT_FIELDS.join(", ")}.` }).nullable(), {
          error: "The mapping is a list of fields, one per column.",
        })
        .max(1000, "At most 1,000 columns.")
        .optional(),
      mode: z.enum(IMPORT_MODES, { error: `Must be one of: ${IMPORT_MODES.join(", ")}.` }).default("merge"),
    },
    { error: FILE_MESSAGE },
  )
  .refine((body) => body.file !== undefined || body.csv !== undefined, {
    message: FILE_MESSAGE,
    path: ["file"],
  });

const problemSchema = z.object({ field: z.string(), message: z.string() });

/** One row and what the import does (preview) or did (import) with it. */
const plannedRowSchema = z.object({
  row: z.number().int(),
  name: z.string(),
  phone: z.string(),
  email: z.string(),
  /** create; merge into target; skip (target has the phone); error: refused, see problems. */
  outcome: z.enum(PLAN_OUTCOMES),
  /** The contact with the row's phone number: the account's (row null) or one an earlier row creates. */
  target: z.object({ name: z.string(), phone: z.string(), row: z.number().int().nullable() }).nullable(),
  /** A skip's reason: duplicate (skip was chosen) or unchanged (the contact has all the row holds). */
  reason: z.enum(SKIP_REASONS).nullable(),
  /** A merge's empty fields filled, custom fields and tags added. */
  fills: z.array(z.enum(MERGE_FIELDS)),
  fillsCustom: z.array(z.string()),
  addsTags: z.array(z.string()),
  /** Why an error row is refused, or what another row leaves out. */
  problems: z.array(problemSchema),
});

/** Rows by what the import does with them: the same four in the preview and in the report. */
const countsSchema = z.object({
  created: z.number().int(),
  merged: z.number().int(),
  skipped: z.number().int(),
  refused: z.number().int(),
});

export const importPreviewSchema = z.object({
  format: z.enum(IMPORT_FORMATS),
  encoding: z.enum(IMPORT_ENCODINGS),
  mode: z.enum(IMPORT_MODES),
  /** A CSV's columns, the field each fills (null: not imported) and a sample value; none for vCard. */
  columns: z.array(
    z.object({ header: z.string(), field: z.enum(IMPORT_FIELDS).nullable(), sample: z.string() }),
  ),
  fileError: z.string().nullable(),
  rows: z.array(plannedRowSchema),
  /** What importing now would do. */
  counts: countsSchema,
});

export const importResultSchema = z.object({
  mode: z.enum(IMPORT_MODES),
  /** What the import did, counted from the rows it wrote. */
  counts: countsSchema,
  /** Every row not simply created, and every created row that left a value out. */
  rows: z.array(plannedRowSchema),
});

/** GET /contacts/export.csv: the list's filters. */
export const exportContactsQuerySchema = z.object({
  q: z.preprocess(
    emptyAsAbsent,
    line().max(CONTACT_LIMITS.search, `Must be at most ${CONTACT_LIMITS.search} characters.`).optional(),
  ),
  leadStatus: z.preprocess(
    emptyAsAbsent,
    z.enum(leadStatuses, { error: `Must be one of: ${leadStatuses.join(", ")}.` }).optional(),
  ),
  contactType: z.preprocess(
    emptyAsAbsent,
    z.enum(contactTypes, { error: `Must be one of: ${contactTypes.join(", ")}.` }).optional(),
  ),
  tag: z.preprocess(
    emptyAsAbsent,
    line().max(CONTACT_LIMITS.tag, `A tag must be at most ${CONTACT_LIMITS.tag} characters.`).optional(),
  ),
});

export type ImportPreviewJson = z.input<typeof importPreviewSchema>;
export type ImportResultJson = z.input<typeof importResultSchema>;
export type ImportContactsBody = z.output<typeof importContactsBodySchema>;
export type ExportContactsQuery = z.output<typeof exportContactsQuerySchema>;
