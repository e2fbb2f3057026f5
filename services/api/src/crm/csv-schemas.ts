import { contactTypes, leadStatuses } from "@poundline/db/enums";
import { z } from "zod";
import { line, text } from "../http/schemas";
import { CSV_COLUMNS, CSV_LIMITS } from "./csv";
import { CONTACT_LIMITS } from "./schemas";

/** Query values sent empty (an unselected filter) count as absent. */
const emptyAsAbsent = (value: unknown) => (value === "" ? undefined : value);

/** POST /contacts/import/preview and /contacts/import: the file's text. */
export const importContactsBodySchema = z.object(
  {
    csv: text({ multiline: true, trim: false, error: "Choose a CSV file to import." })
      .min(1, "Choose a CSV file to import.")
      .max(CSV_LIMITS.bytes, "The file is too large (at most 5 MB)."),
  },
  { error: "Choose a CSV file to import." },
);

const cellsSchema = z.partialRecord(z.enum(CSV_COLUMNS), z.string());

export const importPreviewSchema = z.object({
  columns: z.array(z.enum(CSV_COLUMNS)),
  ignored: z.array(z.string()),
  fileError: z.string().nullable(),
  rows: z.array(
    z.object({
      line: z.number().int(),
      values: cellsSchema,
      errors: z.partialRecord(z.enum([...CSV_COLUMNS, "row"]), z.string()),
      /** A contact of the account already has this phone number: the row will be skipped. */
      existing: z.boolean(),
    }),
  ),
  valid: z.number().int(),
  invalid: z.number().int(),
  existing: z.number().int(),
});

export const importResultSchema = z.object({
  created: z.number().int(),
  /** Rows whose phone number a contact of the account already had: left as they were. */
  skipped: z.number().int(),
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
export type ExportContactsQuery = z.output<typeof exportContactsQuerySchema>;
