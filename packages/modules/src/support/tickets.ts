import type {
  AdminTicketSummary,
  AdminTicketsQuery,
  AttachmentView,
  CreateTicketBody,
  TicketDetail,
  TicketStatus,
  TicketSummary,
} from "@poundline/contracts/support/schemas";
import { SUPPORT_LIMITS } from "@poundline/contracts/support/schemas";
import type { Database } from "@poundline/db";
import { newId, schema } from "@poundline/db";
import { enqueue, type OutboxWriter } from "@poundline/platform/outbox";
import { and, asc, count, desc, eq, ilike, isNull, or, type SQL, sql } from "drizzle-orm";
import { recordAdminAction } from "../admin/audit";
import { containsPattern } from "../calls/queries";
import {
  INITIAL_STATUS,
  reopenableUntil,
  statusAfterClose,
  statusAfterReopen,
  statusAfterReply,
  type TicketSide,
  type TransitionRefusal,
} from "./status";

const { accounts, supportTicketAttachments, supportTicketReplies, supportTickets, users } = schema;

/**
 * Whose tickets a request reaches: a customer only the tickets they opened in their account
 * (seed 001: tickets by own user id), support (an admin) every ticket.
 */
export type TicketReader = { side: "customer"; accountId: string; userId: string } | { side: "support" };

function readableBy(reader: TicketReader): SQL | undefined {
  if (reader.side === "support") return undefined;
  return and(eq(supportTickets.accountId, reader.accountId), eq(supportTickets.userId, reader.userId));
}

const whereTicket = (ticketId: string, reader: TicketReader) =>
  and(eq(supportTickets.id, ticketId), readableBy(reader));

const summaryColumns = {
  id: supportTickets.id,
  subject: supportTickets.subject,
  status: supportTickets.status,
  priority: supportTickets.priority,
  createdAt: supportTickets.createdAt,
  updatedAt: supportTickets.updatedAt,
};

export interface Page {
  limit: number;
  offset: number;
}

/** The customer's own tickets, last updated first. */
export async function listMyTickets(
  db: Database,
  reader: TicketReader & { side: "customer" },
  page: Page,
): Promise<{ items: TicketSummary[]; total: number }> {
  const where = readableBy(reader);
  const [items, [counted]] = await Promise.all([
    db
      .select(summaryColumns)
      .from(supportTickets)
      .where(where)
      .orderBy(desc(supportTickets.updatedAt), desc(supportTickets.id))
      .limit(page.limit)
      .offset(page.offset),
    db.select({ total: count() }).from(supportTickets).where(where),
  ]);
  return { items, total: counted?.total ?? 0 };
}

/** Every ticket, filtered by status and priority, searched over subject, user e-mail and company. */
export async function listAllTickets(
  db: Database,
  query: AdminTicketsQuery,
): Promise<{ items: AdminTicketSummary[]; total: number }> {
  const pattern = query.search ? containsPattern(query.search) : null;
  const where = and(
    query.status ? eq(supportTickets.status, query.status) : undefined,
    query.priority ? eq(supportTickets.priority, query.priority) : undefined,
    pattern
      ? or(
          ilike(supportTickets.subject, pattern),
          ilike(users.email, pattern),
          ilike(accounts.companyName, pattern),
        )
      : undefined,
  );
  const [items, [counted]] = await Promise.all([
    db
      .select({ ...summaryColumns, userEmail: users.email, companyName: accounts.companyName })
      .from(supportTickets)
      .innerJoin(accounts, eq(accounts.id, supportTickets.accountId))
      .leftJoin(users, eq(users.id, supportTickets.userId))
      .where(where)
      .orderBy(desc(supportTickets.updatedAt), desc(supportTickets.id))
      .limit(query.limit)
      .offset(query.offset),
    db
      .select({ total: count() })
      .from(supportTickets)
      .innerJoin(accounts, eq(accounts.id, supportTickets.accountId))
      .leftJoin(users, eq(users.id, supportTickets.userId))
      .where(where),
  ]);
  return { items, total: counted?.total ?? 0 };
}

export async function createTicket(
  db: Database,
  owner: { accountId: string; userId: string },
  body: CreateTicketBody,
  now: Date,
): Promise<TicketSummary> {
  const [row] = await db
    .insert(supportTickets)
    .values({
      id: newId("ticket"),
      accountId: owner.accountId,
      userId: owner.userId,
      subject: body.subject,
      description: body.description,
      priority: body.priority,
      status: INITIAL_STATUS,
      createdAt: now,
      updatedAt: now,
    })
    .returning(summaryColumns);
  if (!row) throw new Error("insert returned no row");
  return row;
}

const personColumns = { email: users.email, firstName: users.firstName };

/** A ticket with its replies (oldest first) and attachments, or null when the reader may not see it. */
export async function findTicket(
  db: Database,
  ticketId: string,
  reader: TicketReader,
): Promise<TicketDetail | null> {
  const [ticket] = await db
    .select({
      ...summaryColumns,
      description: supportTickets.description,
      closedAt: supportTickets.closedAt,
      companyName: accounts.companyName,
      user: personColumns,
    })
    .from(supportTickets)
    .innerJoin(accounts, eq(accounts.id, supportTickets.accountId))
    .leftJoin(users, eq(users.id, supportTickets.userId))
    .where(whereTicket(ticketId, reader))
    .limit(1);
  if (!ticket) return null;
  const [replies, attachments] = await Promise.all([
    db
      .select({
        id: supportTicketReplies.id,
        message: supportTicketReplies.message,
        isAdminReply: supportTicketReplies.isAdminReply,
        createdAt: supportTicketReplies.createdAt,
        user: personColumns,
      })
      .from(supportTicketReplies)
      .leftJoin(users, eq(users.id, supportTicketReplies.userId))
      .where(eq(supportTicketReplies.ticketId, ticketId))
      .orderBy(asc(supportTicketReplies.createdAt), asc(supportTicketReplies.id)),
    listAttachments(db, ticketId),
  ]);
  return {
    ...ticket,
    // A left join of a deleted user gives a person of nulls.
    user: ticket.user?.email ? ticket.user : null,
    reopenableUntil: reopenableUntil(ticket),
    replies: replies.map((reply) => ({ ...reply, user: reply.user?.email ? reply.user : null })),
    attachments,
  };
}

/** The owner has seen support's replies: they leave the bell's count. */
export async function markSupportRepliesRead(db: Database, ticketId: string, now: Date): Promise<void> {
  await db
    .update(supportTicketReplies)
    .set({ readAt: now })
    .where(
      and(
        eq(supportTicketReplies.ticketId, ticketId),
        eq(supportTicketReplies.isAdminReply, true),
        isNull(supportTicketReplies.readAt),
      ),
    );
}

export type TicketChange =
  | { ok: true; status: TicketStatus }
  | { ok: false; reason: TransitionRefusal | "not_found" };

type Tx = Parameters<Parameters<OutboxWriter["transaction"]>[0]>[0];

/** The ticket's row, locked until the transaction ends, so a reply and a close cannot cross. */
async function lockTicket(tx: Tx, ticketId: string, reader: TicketReader) {
  const [row] = await tx
    .select({ status: supportTickets.status, closedAt: supportTickets.closedAt })
    .from(supportTickets)
    .where(whereTicket(ticketId, reader))
    .for("update");
  return row ?? null;
}

export interface NewReply {
  ticketId: string;
  reader: TicketReader;
  userId: string;
  message: string;
  now: Date;
}

/**
 * A reply and the status it leads to, in one transaction with the job that e-mails the other
 * side: none of the three exists without the others.
 */
export async function replyToTicket(outbox: OutboxWriter, reply: NewReply): Promise<TicketChange> {
  const side: TicketSide = reply.reader.side;
  return outbox.transaction(async (tx) => {
    const ticket = await lockTicket(tx, reply.ticketId, reply.reader);
    if (!ticket) return { ok: false, reason: "not_found" };
    const next = statusAfterReply(ticket.status, side);
    if (!next.ok) return next;
    const replyId = newId("reply");
    await tx.insert(supportTicketReplies).values({
      id: replyId,
      ticketId: reply.ticketId,
      userId: reply.userId,
      message: reply.message,
      isAdminReply: side === "support",
      createdAt: reply.now,
    });
    await tx
      .update(supportTickets)
      .set({ status: next.status, updatedAt: reply.now })
      .where(eq(supportTickets.id, reply.ticketId));
    await enqueue(
      tx,
      { queue: "notifications", name: "ticket-reply", jobId: `ticket-reply:${replyId}` },
      { replyId },
    );
    if (side === "support")
      await recordAdminAction(tx, {
        actorUserId: reply.userId,
        action: "ticket.reply",
        targetType: "ticket",
        targetId: reply.ticketId,
        before: { status: ticket.status },
        after: { status: next.status, replyId, message: reply.message },
      });
    return next;
  });
}

/** Support closes a ticket (the routes let admins only), recorded in the admin audit log. */
export async function closeTicket(
  outbox: OutboxWriter,
  ticketId: string,
  actorUserId: string,
  now: Date,
): Promise<TicketChange> {
  return changeStatus(
    outbox,
    ticketId,
    { side: "support" },
    (ticket) => statusAfterClose(ticket.status),
    { closedAt: now, updatedAt: now },
    (tx, before, after) =>
      recordAdminAction(tx, {
        actorUserId,
        action: "ticket.close",
        targetType: "ticket",
        targetId: ticketId,
        before,
        after,
      }),
  );
}

/** The owner reopens a ticket closed at most 14 days ago. */
export async function reopenTicket(
  outbox: OutboxWriter,
  ticketId: string,
  reader: TicketReader & { side: "customer" },
  now: Date,
): Promise<TicketChange> {
  return changeStatus(outbox, ticketId, reader, (ticket) => statusAfterReopen(ticket, now), {
    closedAt: null,
    updatedAt: now,
  });
}

type StatusFields = { status: TicketStatus; closedAt: Date | null };

async function changeStatus(
  outbox: OutboxWriter,
  ticketId: string,
  reader: TicketReader,
  transition: (ticket: StatusFields) => TicketChange,
  set: { closedAt: Date | null; updatedAt: Date },
  /** Runs in the change's transaction (the audit log's entry). */
  alongside?: (tx: Tx, before: StatusFields, after: StatusFields) => Promise<unknown>,
): Promise<TicketChange> {
  return outbox.transaction(async (tx) => {
    const ticket = await lockTicket(tx, ticketId, reader);
    if (!ticket) return { ok: false, reason: "not_found" };
    const next = transition(ticket);
    if (!next.ok) return next;
    await tx
      .update(supportTickets)
      .set({ ...set, status: next.status })
      .where(eq(supportTickets.id, ticketId));
    await alongside?.(tx, ticket, { status: next.status, closedAt: set.closedAt });
    return next;
  });
}

/** The ticket's status, when the reader may see it: what an upload checks first. */
export async function ticketStatusFor(
  db: Database,
  ticketId: string,
  reader: TicketReader,
): Promise<{ status: TicketStatus; accountId: string } | null> {
  const [row] = await db
    .select({ status: supportTickets.status, accountId: supportTickets.accountId })
    .from(supportTickets)
    .where(whereTicket(ticketId, reader))
    .limit(1);
  return row ?? null;
}

const attachmentColumns = {
  id: supportTicketAttachments.id,
  fileName: supportTicketAttachments.fileName,
  contentType: supportTicketAttachments.contentType,
  sizeBytes: supportTicketAttachments.sizeBytes,
  fromSupport: supportTicketAttachments.fromSupport,
  createdAt: supportTicketAttachments.createdAt,
};

export async function listAttachments(db: Database, ticketId: string): Promise<AttachmentView[]> {
  return db
    .select(attachmentColumns)
    .from(supportTicketAttachments)
    .where(eq(supportTicketAttachments.ticketId, ticketId))
    .orderBy(asc(supportTicketAttachments.createdAt), asc(supportTicketAttachments.id));
}

export interface NewAttachment {
  id: string;
  accountId: string;
  ticketId: string;
  userId: string;
  fromSupport: boolean;
  fileName: string;
  contentType: string;
  sizeBytes: number;
  storageKey: string;
  now: Date;
}

/** Bytes already attached to the ticket and to all the account's tickets. */
export interface AttachmentUsage {
  ticketBytes: number;
  accountBytes: number;
}

export type AttachmentQuota = "ticket" | "account";

/** Which quota (SUPPORT_LIMITS) a new file of `size` bytes would break, if any. */
export function attachmentQuotaExceeded(usage: AttachmentUsage, size: number): AttachmentQuota | null {
  if (usage.ticketBytes + size > SUPPORT_LIMITS.ticketAttachmentBytes) return "ticket";
  if (usage.accountBytes + size > SUPPORT_LIMITS.accountAttachmentBytes) return "account";
  return null;
}

export async function attachmentUsage(
  db: Database,
  accountId: string,
  ticketId: string,
): Promise<AttachmentUsage> {
  const [row] = await db
    .select({
      ticketBytes:
        sql<number>`coalesce(sum(${supportTicketAttachments.sizeBytes}) filter (where ${supportTicketAttachments.ticketId} = ${ticketId}), 0)`.mapWith(
          Number,
        ),
      accountBytes: sql<number>`coalesce(sum(${supportTicketAttachments.sizeBytes}), 0)`.mapWith(Number),
    })
    .from(supportTicketAttachments)
    .innerJoin(supportTickets, eq(supportTickets.id, supportTicketAttachments.ticketId))
    .where(eq(supportTickets.accountId, accountId));
  return row ?? { ticketBytes: 0, accountBytes: 0 };
}

export type RecordAttachmentResult =
  | { ok: true; attachment: AttachmentView }
  | { ok: false; reason: "closed" }
  | { ok: false; reason: "quota"; quota: AttachmentQuota };

/**
 * Records a stored file on its ticket and touches the ticket, unless it was closed meanwhile or
 * the file breaks a quota. The account's uploads take turns (an advisory lock), so two at once
 * cannot both squeeze under the account's quota.
 */
export async function recordAttachment(
  outbox: OutboxWriter,
  attachment: NewAttachment,
): Promise<RecordAttachmentResult> {
  return outbox.transaction(async (tx): Promise<RecordAttachmentResult> => {
    const [ticket] = await tx
      .select({ status: supportTickets.status })
      .from(supportTickets)
      .where(
        and(eq(supportTickets.id, attachment.ticketId), eq(supportTickets.accountId, attachment.accountId)),
      )
      .for("update");
    if (!ticket || ticket.status === "closed") return { ok: false, reason: "closed" };
    await tx.execute(
      sql`select pg_advisory_xact_lock(hashtext(${`support-attachments:${attachment.accountId}`}))`,
    );
    const usage = await attachmentUsage(tx, attachment.accountId, attachment.ticketId);
    const quota = attachmentQuotaExceeded(usage, attachment.sizeBytes);
    if (quota) return { ok: false, reason: "quota", quota };
    const { now, accountId: _accountId, ...values } = attachment;
    const [row] = await tx
      .insert(supportTicketAttachments)
      .values({ ...values, createdAt: now })
      .returning(attachmentColumns);
    await tx.update(supportTickets).set({ updatedAt: now }).where(eq(supportTickets.id, attachment.ticketId));
    if (!row) throw new Error("attachment not recorded");
    return { ok: true, attachment: row };
  });
}

/** An attachment of a ticket the reader may see, with where its bytes are. */
export async function findAttachment(
  db: Database,
  ticketId: string,
  attachmentId: string,
  reader: TicketReader,
): Promise<(AttachmentView & { storageKey: string }) | null> {
  const [row] = await db
    .select({ ...attachmentColumns, storageKey: supportTicketAttachments.storageKey })
    .from(supportTicketAttachments)
    .innerJoin(supportTickets, eq(supportTickets.id, supportTicketAttachments.ticketId))
    .where(and(eq(supportTicketAttachments.id, attachmentId), whereTicket(ticketId, reader)))
    .limit(1);
  return row ?? null;
}
