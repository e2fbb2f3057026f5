import type { ImportContactsBody } from "@poundline/contracts/crm/csv-schemas";
import { CONTACT_NOT_FOUND_MESSAGE, DUPLICATE_PHONE_MESSAGE } from "@poundline/contracts/crm/schemas";
import { AppError } from "@poundline/contracts/errors";
import { CSV_LIMITS, type ParsedImport, readContactsFile } from "@poundline/modules/crm/csv";
import { countOutcomes, type PlannedRow } from "@poundline/modules/crm/import-plan";

export const contactNotFound = () => new AppError("NOT_FOUND", CONTACT_NOT_FOUND_MESSAGE);
export const duplicatePhone = () =>
  new AppError("CONFLICT", DUPLICATE_PHONE_MESSAGE, { "body.phone": [DUPLICATE_PHONE_MESSAGE] });

/** A file of CSV_LIMITS.bytes in base64 inside JSON, with room for the mapping. */
export const IMPORT_BODY_LIMIT = CSV_LIMITS.bytes * 2;

/** The file of a request: its bytes (the encoding found here) or the text a client sent. */
export function readBody(body: ImportContactsBody): ParsedImport {
  const input =
    body.file !== undefined ? { bytes: Buffer.from(body.file, "base64") } : { text: body.csv ?? "" };
  return readContactsFile(input, body.mapping);
}

export const rowJson = ({ summary, ...row }: PlannedRow) => ({ ...row, ...summary });

/** The four counts of the preview and the report, by the words the dialog uses. */
export function countsOf(rows: readonly PlannedRow[]) {
  const counts = countOutcomes(rows);
  return { created: counts.create, merged: counts.merge, skipped: counts.skip, refused: counts.error };
}
