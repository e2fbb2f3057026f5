import { rmSync } from "node:fs";
import { schema } from "@poundline/db";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll } from "vitest";
import { createTestApp, type TestApp } from "../../src/testing";
import { type CreateUserOptions, createUser, type SignedIn, signIn, type TestUser } from "../fixtures";
import { temporaryRecordings } from "../voicemails/voicemail-fixtures";

/** A test app whose clock the test moves, with attachments stored in a folder of its own. */
export async function createSupportTestApp(start = new Date("2026-11-20T10:00:00Z")) {
  const clock = { now: start };
  const recordings = temporaryRecordings();
  const t = await createTestApp({ clock: () => clock.now, storage: recordings.storage });
  return {
    t,
    clock,
    /** Moves the clock on, so that rows written next sort after those before. */
    tick(ms = 1000) {
      clock.now = new Date(clock.now.getTime() + ms);
    },
    recordings: recordings.storage,
    async close() {
      await t.close();
      rmSync(recordings.dir, { recursive: true, force: true });
    },
  };
}

export type SupportTestApp = Awaited<ReturnType<typeof createSupportTestApp>>;

export interface SupportTestEnv extends SupportTestApp {
  /** A customer with an account of their own, signed in as `aliceIn`. */
  alice: TestUser;
  aliceIn: SignedIn;
  /** A platform administrator (first name Sam), signed in. */
  adminIn: SignedIn;
}

/**
 * The file's support app (see createSupportTestApp) with a signed-in customer (`customer` sets
 * their details) and administrator: started before its tests, closed after them. Read the
 * fields inside tests and hooks.
 */
export function useSupportTestApp(customer: CreateUserOptions = {}): SupportTestEnv {
  const env = {} as SupportTestEnv;
  beforeAll(async () => {
    Object.assign(env, await createSupportTestApp());
    env.alice = await createUser(env.t, customer);
    env.aliceIn = await signIn(env.t, env.alice);
    env.adminIn = await signIn(env.t, await createUser(env.t, { admin: true, firstName: "Sam" }));
  });
  afterAll(() => env.close());
  return env;
}

export function openTicket(t: TestApp, who: SignedIn, payload: Record<string, unknown>) {
  return t.app.inject({ method: "POST", url: "/api/support/tickets", headers: who.headers, payload });
}

/** A ticket opened through the API, its id. */
export async function newTicket(
  t: TestApp,
  who: SignedIn,
  subject = "Cannot receive calls",
): Promise<string> {
  const res = await openTicket(t, who, { subject, description: "Calls go straight to voicemail." });
  if (res.statusCode !== 201) throw new Error(`ticket not created: ${res.body}`);
  return res.json().id;
}

export function customerReply(t: TestApp, who: SignedIn, ticketId: string, message: string) {
  return t.app.inject({
    method: "POST",
    url: `/api/support/tickets/${ticketId}/replies`,
    headers: who.headers,
    payload: { message },
  });
}

export function supportReply(t: TestApp, admin: SignedIn, ticketId: string, message: string) {
  return t.app.inject({
    method: "POST",
    url: `/api/admin/support-tickets/${ticketId}/replies`,
    headers: admin.headers,
    payload: { message },
  });
}

export function closeAsSupport(t: TestApp, admin: SignedIn, ticketId: string) {
  return t.app.inject({
    method: "POST",
    url: `/api/admin/support-tickets/${ticketId}/close`,
    headers: admin.headers,
  });
}

export function reopen(t: TestApp, who: SignedIn, ticketId: string) {
  return t.app.inject({
    method: "POST",
    url: `/api/support/tickets/${ticketId}/reopen`,
    headers: who.headers,
  });
}

export function upload(
  t: TestApp,
  who: SignedIn,
  url: string,
  bytes: Uint8Array,
  fileName = "screenshot.png",
  contentType = "application/octet-stream",
) {
  return t.app.inject({
    method: "POST",
    url: `${url}/attachments?fileName=${encodeURIComponent(fileName)}`,
    headers: { ...who.headers, "content-type": contentType },
    payload: Buffer.from(bytes),
  });
}

/** The first bytes of a PNG, then filler: what the sniffing reads. */
export const PNG_BYTES = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3, 4]);
export const PDF_BYTES = new TextEncoder().encode("%PDF-1.7\n1 0 obj\n<<>>\nendobj\n%%EOF\n");

export async function ticketRow(t: TestApp, id: string) {
  const [row] = await t.db.db.select().from(schema.supportTickets).where(eq(schema.supportTickets.id, id));
  return row;
}

export async function repliesOf(t: TestApp, ticketId: string) {
  return t.db.db
    .select()
    .from(schema.supportTicketReplies)
    .where(eq(schema.supportTicketReplies.ticketId, ticketId))
    .orderBy(schema.supportTicketReplies.createdAt);
}

export async function attachmentsOf(t: TestApp, ticketId: string) {
  return t.db.db
    .select()
    .from(schema.supportTicketAttachments)
    .where(eq(schema.supportTicketAttachments.ticketId, ticketId));
}

/** The ticket-reply jobs waiting in the outbox, by reply id. */
export async function ticketReplyJobs(t: TestApp): Promise<string[]> {
  const rows = await t.db.db
    .select()
    .from(schema.jobOutbox)
    .where(eq(schema.jobOutbox.jobName, "ticket-reply"));
  return rows.map((row) => (row.payload as { replyId: string }).replyId);
}

export async function setStatus(
  t: TestApp,
  id: string,
  status: "open" | "pending_admin" | "pending_user" | "closed",
  closedAt: Date | null = null,
) {
  await t.db.db
    .update(schema.supportTickets)
    .set({ status, closedAt: status === "closed" ? (closedAt ?? new Date()) : null })
    .where(eq(schema.supportTickets.id, id));
}
