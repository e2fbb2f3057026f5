import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { requireAccount } from "../auth/context";
import { sendCsv } from "../http/csv-export";
import { AppError } from "../http/errors";
import { CSV_COLUMNS, CSV_LIMITS, type ParsedImport, readContactsFile } from "./csv";
import {
  exportContactsQuerySchema,
  type ImportContactsBody,
  importContactsBodySchema,
  importPreviewSchema,
  importResultSchema,
} from "./csv-schemas";
import { countOutcomes, type PlannedRow } from "./import-plan";
import { exportContactRows, importContacts, previewImport } from "./transfer";

/** A file of CSV_LIMITS.bytes in base64 inside JSON, with room for the mapping. */
const IMPORT_BODY_LIMIT = CSV_LIMITS.bytes * 2;

/** The file of a request: its bytes (the encoding found here) or the text a client sent. */
function readBody(body: ImportContactsBody): ParsedImport {
  const input =
    body.file !== undefined ? { bytes: Buffer.from(body.file, "base64") } : { text: body.csv ?? "" };
  return readContactsFile(input, body.mapping);
}

const rowJson = ({ summary, ...row }: PlannedRow) => ({ ...row, ...summary });

/** The four counts of the preview and the report, by the words the dialog uses. */
function countsOf(rows: readonly PlannedRow[]) {
  const counts = countOutcomes(rows);
  return { created: counts.create, merged: counts.merge, skipped: counts.skip, refused: counts.error };
}

/** The report lists what did not simply become a new contact as the file had it. */
const worthReporting = (row: PlannedRow) => row.outcome !== "create" || row.problems.length > 0;

/** Contacts import (preview, then the rows that make contacts) and CSV export, mounted under /api. */
export async function contactCsvRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.addHook("onRequest", async (request) => {
    requireAccount(request);
  });

  app.post(
    "/contacts/import/preview",
    {
      config: { permission: "contacts.edit" },
      bodyLimit: IMPORT_BODY_LIMIT,
      schema: { body: importContactsBodySchema, response: { 200: importPreviewSchema } },
    },
    async (request) => {
      const { account } = requireAccount(request);
      const { mode } = request.body;
      const parsed = readBody(request.body);
      const { rows } = await previewImport(request.server.deps.db.db, account.id, parsed.rows, mode);
      return {
        format: parsed.format,
        encoding: parsed.encoding,
        mode,
        columns: parsed.columns,
        fileError: parsed.fileError,
        rows: rows.map(rowJson),
        counts: countsOf(rows),
      };
    },
  );

  app.post(
    "/contacts/import",
    {
      config: { permission: "contacts.edit" },
      bodyLimit: IMPORT_BODY_LIMIT,
      schema: { body: importContactsBodySchema, response: { 200: importResultSchema } },
    },
    async (request) => {
      const { account, user } = requireAccount(request);
      const { db, clock } = request.server.deps;
      const parsed = readBody(request.body);
      if (parsed.fileError)
        throw new AppError("BAD_REQUEST", parsed.fileError, { "body.file": [parsed.fileError] });
      const { mode } = request.body;
      const { rows } = await importContacts(db.db, account.id, parsed.rows, {
        mode,
        userId: user.id,
        now: clock(),
      });
      return { mode, counts: countsOf(rows), rows: rows.filter(worthReporting).map(rowJson) };
    },
  );

  app.get(
    "/contacts/export.csv",
    { schema: { querystring: exportContactsQuerySchema } },
    async (request, reply) => {
      const { account } = requireAccount(request);
      const day = request.server.deps.clock().toISOString().slice(0, 10);
      return sendCsv(reply, {
        fileName: `contacts-${day}.csv`,
        header: CSV_COLUMNS,
        rows: exportContactRows(request.server.deps.db.db, account.id, request.query),
      });
    },
  );
}
