import { Readable } from "node:stream";
import { type CsvCell, csvLines } from "@poundline/platform/csv";
import type { FastifyReply } from "fastify";

export { type CsvCell, csvLines, FORMULA_CELL, neutraliseCell } from "@poundline/platform/csv";

/**
 * Sends a CSV download: a byte-order mark so Excel reads UTF-8 (accented names stay whole),
 * the header, then the rows as they come (a generator keeps a large export's memory flat).
 */
export function sendCsv(
  reply: FastifyReply,
  download: {
    fileName: string;
    header: readonly string[];
    rows: AsyncIterable<readonly (readonly CsvCell[])[]> | Iterable<readonly (readonly CsvCell[])[]>;
  },
) {
  async function* body() {
    yield `\uFEFF${csvLines([download.header])}`;
    for await (const batch of download.rows) yield csvLines(batch);
  }
  return reply
    .header("content-type", "text/csv; charset=utf-8")
    .header("content-disposition", `attachment; filename="${download.fileName}"`)
    .header("cache-control", "no-store")
    .send(Readable.from(body()));
}
