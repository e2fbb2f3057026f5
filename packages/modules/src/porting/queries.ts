import type { PortIn } from "@poundline/contracts/porting/schemas";
import { type Database, schema } from "@poundline/db";
import { and, asc, desc, eq, inArray } from "drizzle-orm";

const { accounts, phoneNumbers, portInEvents, portInNumbers, portInRequests } = schema;

type RequestRow = typeof portInRequests.$inferSelect;

/** Requests with their numbers, history and temporary number, in the contract's shape. */
async function withDetails(db: Database, rows: RequestRow[]): Promise<PortIn[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((row) => row.id);
  const numbers = await db
    .select()
    .from(portInNumbers)
    .where(inArray(portInNumbers.requestId, ids))
    .orderBy(asc(portInNumbers.e164));
  const events = await db
    .select()
    .from(portInEvents)
    .where(inArray(portInEvents.requestId, ids))
    .orderBy(asc(portInEvents.createdAt), asc(portInEvents.id));
  const temporaryIds = rows.flatMap((row) => (row.temporaryNumberId ? [row.temporaryNumberId] : []));
  const temporary = temporaryIds.length
    ? await db
        .select({ id: phoneNumbers.id, e164: phoneNumbers.e164 })
        .from(phoneNumbers)
        .where(inArray(phoneNumbers.id, temporaryIds))
    : [];
  return rows.map((row) => ({
    id: row.id,
    status: row.status,
    carrierSid: row.carrierSid,
    customerName: row.customerName,
    authorizedName: row.authorizedName,
    authorizedEmail: row.authorizedEmail,
    targetDate: row.targetDate,
    temporaryNumber: temporary.find((t) => t.id === row.temporaryNumberId) ?? null,
    routingMovedAt: row.routingMovedAt,
    signerName: row.signerName,
    signedAt: row.signedAt,
    createdAt: row.createdAt,
    numbers: numbers
      .filter((n) => n.requestId === row.id)
      .map((n) => ({
        id: n.id,
        e164: n.e164,
        status: n.status,
        rejectionReason: n.rejectionReason,
        portDate: n.portDate,
        phoneNumberId: n.phoneNumberId,
      })),
    events: events
      .filter((e) => e.requestId === row.id)
      .map((e) => ({ id: e.id, kind: e.kind, detail: e.detail, createdAt: e.createdAt })),
  }));
}

/** The account's requests, newest first. */
export async function listPortIns(db: Database, accountId: string): Promise<PortIn[]> {
  const rows = await db
    .select()
    .from(portInRequests)
    .where(eq(portInRequests.accountId, accountId))
    .orderBy(desc(portInRequests.createdAt), desc(portInRequests.id));
  return withDetails(db, rows);
}

/** One of the account's requests; null for another account's, like a missing one. */
export async function readPortIn(db: Database, accountId: string, id: string): Promise<PortIn | null> {
  const rows = await db
    .select()
    .from(portInRequests)
    .where(and(eq(portInRequests.id, id), eq(portInRequests.accountId, accountId)));
  const [found] = await withDetails(db, rows);
  return found ?? null;
}

/** The key of a request's signed letter in storage; null for another account's. */
export async function letterKeyOf(db: Database, accountId: string, id: string): Promise<string | null> {
  const [row] = await db
    .select({ key: portInRequests.loaKey })
    .from(portInRequests)
    .where(and(eq(portInRequests.id, id), eq(portInRequests.accountId, accountId)));
  return row?.key ?? null;
}

/** Every account's requests, newest first, with the company (the admin area). */
export async function listAllPortIns(db: Database, limit = 200) {
  const rows = await db
    .select({ request: portInRequests, company: accounts.companyName })
    .from(portInRequests)
    .innerJoin(accounts, eq(accounts.id, portInRequests.accountId))
    .orderBy(desc(portInRequests.createdAt), desc(portInRequests.id))
    .limit(limit);
  const detailed = await withDetails(
    db,
    rows.map((r) => r.request),
  );
  return detailed.map((request, i) => ({
    ...request,
    accountId: rows[i]?.request.accountId ?? "",
    company: rows[i]?.company ?? "",
  }));
}
