import type { ExportMessagesQuery } from "@poundline/contracts/messages/conversation-schemas";
import type { Database } from "@poundline/db";
import { schema } from "@poundline/db";
import type { CsvCell } from "@poundline/platform/csv";
import { and, eq, type SQL, sql } from "drizzle-orm";
import { accountTimeZone } from "../accounts/time-zone";
import { dollarsOf } from "../analytics/export";
import { conversationFilter } from "./conversations";

const { messages, contacts } = schema;

export const MESSAGE_CSV_HEADER = [
  "Date",
  "Time",
  "Direction",
  "From",
  "To",
  "Contact",
  "Status",
  "Body",
  "Automated",
  "Segments",
  "Cost (USD)",
] as const;

const EXPORT_BATCH = 1000;

function messagePage(db: Database, accountId: string, where: SQL[], timeZone: string) {
  const local = sql`${messages.sentAt} at time zone ${timeZone}`;
  return db
    .select({
      id: messages.id,
      at: messages.sentAt,
      day: sql<string>`to_char(${local}, 'YYYY-MM-DD')`,
      time: sql<string>`to_char(${local}, 'HH24:MI:SS')`,
      direction: messages.direction,
      fromNumber: messages.fromNumber,
      toNumber: messages.toNumber,
      contactName: contacts.name,
      status: messages.status,
      body: messages.body,
      automation: messages.automation,
      segments: messages.numSegments,
      priceCents: messages.priceCents,
    })
    .from(messages)
    .leftJoin(contacts, and(eq(contacts.id, messages.contactId), eq(contacts.accountId, accountId)))
    .where(and(eq(messages.accountId, accountId), ...where))
    .orderBy(messages.sentAt, messages.id)
    .limit(EXPORT_BATCH);
}

/**
 * The texts of the range (days in the account's time zone), oldest first, as CSV rows in
 * batches: each batch a keyset page, so a year of texts streams in flat memory.
 */
export async function* exportMessageRows(
  db: Database,
  accountId: string,
  query: ExportMessagesQuery,
): AsyncGenerator<CsvCell[][]> {
  const timeZone = await accountTimeZone(db, accountId);
  const range = [
    sql`${messages.sentAt} >= (${query.from}::date)::timestamp at time zone ${timeZone}`,
    sql`${messages.sentAt} < ((${query.to}::date + 1))::timestamp at time zone ${timeZone}`,
    sql`true ${conversationFilter(accountId, query, sql`${messages}`)}`,
  ];
  let after: { at: Date; id: string } | null = null;
  for (;;) {
    const cursor = after
      ? [sql`(${messages.sentAt}, ${messages.id}) > (${after.at.toISOString()}::timestamptz, ${after.id})`]
      : [];
    const rows = await messagePage(db, accountId, [...range, ...cursor], timeZone);
    if (rows.length === 0) return;
    yield rows.map((r) => [
      r.day,
      r.time,
      r.direction,
      r.fromNumber,
      r.toNumber,
      r.contactName,
      r.status,
      r.body,
      r.automation ?? "",
      r.segments,
      r.priceCents === null ? "" : dollarsOf(r.priceCents),
    ]);
    const last = rows.at(-1);
    if (!last || rows.length < EXPORT_BATCH) return;
    after = { at: last.at, id: last.id };
  }
}
