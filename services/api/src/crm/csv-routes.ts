import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { requireAccount } from "../auth/context";
import { sendCsv } from "../http/csv-export";
import { AppError } from "../http/errors";
import { CSV_COLUMNS, CSV_LIMITS, type ImportRow, type ParsedImport, readContactsFile } from "./csv";
import {
  exportContactsQuerySchema,
  type ImportContactsBody,
  importContactsBodySchema,
  importPreviewSchema,
  importResultSchema,
} from "./csv-schemas";
import { existingPhones, exportContactRows, importContacts } from "./transfer";

/** A file of CSV_LIMITS.bytes in base64 inside JSON, with room for the mapping. */
const IMPORT_BODY_LIMIT = CSV_LIMITS.bytes * 2;

/** The file of a request: its bytes (the encoding found here) or the text a client sent. */
function readBody(body: ImportContactsBody): ParsedImport {
  const input =
    body.file !== undefined ? { bytes: Buffer.from(body.file, "base64") } : { text: body.csv ?? "" };
  return readContactsFile(input, body.mapping);
}

const summaryOf = (row: ImportRow) => ({ row: row.row, ...row.summary, problems: row.problems });

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
      const parsed = readBody(request.body);
      const phones = parsed.rows.flatMap((row) => (row.contact ? [row.contact.phone] : []));
      const existing = await existingPhones(request.server.deps.db.db, account.id, phones);
      const rows = parsed.rows.map((row) => ({
        ...summaryOf(row),
        outcome: !row.contact
          ? ("skipped" as const)
          : existing.has(row.contact.phone)
            ? ("existing" as const)
            : ("ready" as const),
      }));
      const count = (outcome: string) => rows.filter((row) => row.outcome === outcome).length;
      return {
        format: parsed.format,
        encoding: parsed.encoding,
        columns: parsed.columns,
        fileError: parsed.fileError,
        rows,
        ready: count("ready"),
        existing: count("existing"),
        skipped: count("skipped"),
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
      const results = await importContacts(db.db, account.id, parsed.rows, { userId: user.id, now: clock() });
      const created = results.filter((r) => r.outcome === "created").length;
      return {
        created,
        skipped: results.length - created,
        rows: results
          .filter(({ row, outcome }) => outcome !== "created" || row.problems.length > 0)
          .map(({ row, outcome }) => ({ ...summaryOf(row), outcome })),
      };
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
