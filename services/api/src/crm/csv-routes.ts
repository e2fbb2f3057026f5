import { Readable } from "node:stream";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { requireAccount } from "../auth/context";
import { AppError, type FieldErrors } from "../http/errors";
import { CSV_LIMITS, type ParsedCsv, parseContactsCsv } from "./csv";
import {
  exportContactsQuerySchema,
  importContactsBodySchema,
  importPreviewSchema,
  importResultSchema,
} from "./csv-schemas";
import { existingPhones, exportContactsCsv, importContacts } from "./transfer";

/** A file of CSV_LIMITS.bytes in a JSON string, with room for its escapes. */
const IMPORT_BODY_LIMIT = CSV_LIMITS.bytes * 2;

export const IMPORT_REFUSED_MESSAGE =
  "Nothing was imported: fix the rows marked in the preview and try again.";

/** The errors of a file that cannot be imported, by "line N.column", or null when it can. */
function refusalOf(parsed: ParsedCsv): FieldErrors | null {
  if (parsed.fileError) return { "body.csv": [parsed.fileError] };
  const fields: FieldErrors = {};
  for (const row of parsed.rows)
    for (const [column, message] of Object.entries(row.errors))
      fields[`line ${row.line}.${column}`] = [message];
  return Object.keys(fields).length > 0 ? fields : null;
}

/** Contacts CSV import (preview, then all or nothing) and export, mounted under /api. */
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
      const parsed = parseContactsCsv(request.body.csv);
      const phones = parsed.rows.flatMap((row) => (row.contact ? [row.contact.phone] : []));
      const existing = await existingPhones(request.server.deps.db.db, account.id, phones);
      const rows = parsed.rows.map((row) => ({
        line: row.line,
        values: row.values,
        errors: row.errors,
        existing: row.contact !== null && existing.has(row.contact.phone),
      }));
      const valid = parsed.rows.filter((row) => row.contact).length;
      return {
        columns: parsed.columns,
        ignored: parsed.ignored,
        fileError: parsed.fileError,
        rows,
        valid,
        invalid: parsed.rows.length - valid,
        existing: rows.filter((row) => row.existing).length,
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
      const parsed = parseContactsCsv(request.body.csv);
      const refusal = refusalOf(parsed);
      if (refusal) throw new AppError("BAD_REQUEST", IMPORT_REFUSED_MESSAGE, refusal);
      return importContacts(db.db, account.id, parsed, { userId: user.id, now: clock() });
    },
  );

  app.get(
    "/contacts/export.csv",
    { schema: { querystring: exportContactsQuerySchema } },
    async (request, reply) => {
      const { account } = requireAccount(request);
      const day = request.server.deps.clock().toISOString().slice(0, 10);
      return reply
        .type("text/csv; charset=utf-8")
        .header("content-disposition", `attachment; filename="contacts-${day}.csv"`)
        .header("cache-control", "no-store")
        .send(Readable.from(exportContactsCsv(request.server.deps.db.db, account.id, request.query)));
    },
  );
}
