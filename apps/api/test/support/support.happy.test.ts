import { schema } from "@poundline/db";
import { readStoredBytes } from "@poundline/platform/storage/port";
import { eq } from "drizzle-orm";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createUser, signIn } from "../fixtures";
import {
  attachmentsOf,
  closeAsSupport,
  customerReply,
  newTicket,
  openTicket,
  PDF_BYTES,
  PNG_BYTES,
  reopen,
  repliesOf,
  setStatus,
  supportReply,
  ticketReplyJobs,
  ticketRow,
  upload,
  useSupportTestApp,
} from "./helpers";

const env = useSupportTestApp({ companyName: "Acme Plumbing", email: "alice@acme.test", firstName: "Alice" });
beforeEach(() => env.tick());

describe("support tickets: the customer's side", () => {
  it("opens a ticket, open and of medium priority unless told, and stores it for the user", async () => {
    const res = await openTicket(env.t, env.aliceIn, {
      subject: "  Billing question ",
      description: "Line one\nLine two",
    });
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body).toMatchObject({ subject: "Billing question", status: "open", priority: "medium" });
    const row = await ticketRow(env.t, body.id);
    expect(row).toMatchObject({
      accountId: env.alice.accountId,
      userId: env.alice.id,
      subject: "Billing question",
      description: "Line one\nLine two",
      priority: "medium",
      status: "open",
      closedAt: null,
    });
  });

  it("lists the user's tickets last updated first, paged", async () => {
    const high = await openTicket(env.t, env.aliceIn, {
      subject: "Outage",
      description: "Nothing rings",
      priority: "high",
    });
    env.tick(60_000);
    const low = await openTicket(env.t, env.aliceIn, {
      subject: "Logo",
      description: "Change it",
      priority: "low",
    });
    const res = await env.t.app.inject({
      method: "GET",
      url: "/api/support/tickets?limit=2",
      headers: env.aliceIn.headers,
    });
    expect(res.statusCode).toBe(200);
    const page = res.json();
    expect(page.total).toBeGreaterThanOrEqual(3);
    expect(page.limit).toBe(2);
    expect(page.items.map((i: { id: string }) => i.id)).toEqual([low.json().id, high.json().id]);
    expect(page.items[1]).toMatchObject({ subject: "Outage", status: "open", priority: "high" });
    expect(Object.keys(page.items[0]).sort()).toEqual([
      "createdAt",
      "id",
      "priority",
      "status",
      "subject",
      "updatedAt",
    ]);
  });

  it("goes back and forth with support, is closed, then reopened by its owner", async () => {
    const id = await newTicket(env.t, env.aliceIn);
    const jobsBefore = (await ticketReplyJobs(env.t)).length;

    const fromSupport = await supportReply(env.t, env.adminIn, id, "  Could you send a screenshot?  ");
    expect(fromSupport.statusCode).toBe(201);
    expect(fromSupport.json().status).toBe("pending_user");
    expect((await ticketRow(env.t, id))?.status).toBe("pending_user");

    // The bell counts support's unread reply until the owner opens the ticket.
    const unread = () =>
      env.t.app.inject({ method: "GET", url: "/api/console/unread", headers: env.aliceIn.headers });
    expect((await unread()).json().ticketReplies).toBe(1);
    const detail = await env.t.app.inject({
      method: "GET",
      url: `/api/support/tickets/${id}`,
      headers: env.aliceIn.headers,
    });
    expect(detail.statusCode).toBe(200);
    expect(detail.json().replies).toEqual([
      expect.objectContaining({
        message: "Could you send a screenshot?",
        isAdminReply: true,
        user: expect.objectContaining({ firstName: "Sam" }),
      }),
    ]);
    expect((await unread()).json().ticketReplies).toBe(0);

    env.tick();
    const fromCustomer = await customerReply(env.t, env.aliceIn, id, "Here it is.");
    expect(fromCustomer.statusCode).toBe(201);
    expect(fromCustomer.json()).toMatchObject({ status: "pending_admin" });
    expect(fromCustomer.json().replies.map((r: { message: string }) => r.message)).toEqual([
      "Could you send a screenshot?",
      "Here it is.",
    ]);

    // Every reply queued its e-mail to the other side, in the reply's transaction.
    const replies = await repliesOf(env.t, id);
    expect(replies.map((r) => [r.isAdminReply, r.message])).toEqual([
      [true, "Could you send a screenshot?"],
      [false, "Here it is."],
    ]);
    const jobs = await ticketReplyJobs(env.t);
    expect(jobs).toHaveLength(jobsBefore + 2);
    expect(jobs).toEqual(expect.arrayContaining(replies.map((r) => r.id)));

    env.tick();
    const closed = await closeAsSupport(env.t, env.adminIn, id);
    expect(closed.statusCode).toBe(200);
    expect(closed.json()).toMatchObject({ status: "closed", closedAt: env.clock.now.toISOString() });
    expect(closed.json().reopenableUntil).toBe(
      new Date(env.clock.now.getTime() + 14 * 86_400_000).toISOString(),
    );
    expect((await ticketRow(env.t, id))?.closedAt).toEqual(env.clock.now);

    // Support's reply and close are in the admin audit log, with the status before and after.
    const audit = await env.t.db.db
      .select()
      .from(schema.adminAuditLog)
      .where(eq(schema.adminAuditLog.targetId, id))
      .orderBy(schema.adminAuditLog.createdAt);
    expect(
      audit.map((e) => [e.action, e.targetType, e.before, (e.after as { status: string }).status]),
    ).toEqual([
      ["ticket.reply", "ticket", { status: "open" }, "pending_user"],
      ["ticket.close", "ticket", { status: "pending_admin", closedAt: null }, "closed"],
    ]);

    env.clock.now = new Date(env.clock.now.getTime() + 13 * 86_400_000);
    const reopened = await reopen(env.t, env.aliceIn, id);
    expect(reopened.statusCode).toBe(200);
    expect(reopened.json()).toMatchObject({ status: "open", closedAt: null, reopenableUntil: null });
    expect(await ticketRow(env.t, id)).toMatchObject({
      status: "open",
      closedAt: null,
      updatedAt: env.clock.now,
    });
  });

  it.each([
    ["open", "customer", "pending_admin"],
    ["pending_user", "customer", "pending_admin"],
    ["pending_admin", "customer", "pending_admin"],
    ["open", "support", "pending_user"],
    ["pending_admin", "support", "pending_user"],
    ["pending_user", "support", "pending_user"],
  ] as const)("a reply on a %s ticket by %s leaves it %s", async (from, side, to) => {
    const id = await newTicket(env.t, env.aliceIn);
    await setStatus(env.t, id, from);
    const res =
      side === "customer"
        ? await customerReply(env.t, env.aliceIn, id, "More")
        : await supportReply(env.t, env.adminIn, id, "More");
    expect(res.statusCode).toBe(201);
    expect((await ticketRow(env.t, id))?.status).toBe(to);
  });

  it("attaches an image and a PDF, lists them and hands their bytes back to both sides", async () => {
    const id = await newTicket(env.t, env.aliceIn);
    const image = await upload(
      env.t,
      env.aliceIn,
      `/api/support/tickets/${id}`,
      PNG_BYTES,
      "screen shot.png",
      "image/png",
    );
    expect(image.statusCode).toBe(201);
    expect(image.json()).toMatchObject({
      fileName: "screen shot.png",
      contentType: "image/png",
      sizeBytes: PNG_BYTES.byteLength,
      fromSupport: false,
    });
    // Declared as an image, it is a PDF: the bytes decide.
    env.tick();
    const pdf = await upload(
      env.t,
      env.adminIn,
      `/api/admin/support-tickets/${id}`,
      PDF_BYTES,
      "invoice.pdf",
      "image/png",
    );
    expect(pdf.statusCode).toBe(201);
    expect(pdf.json()).toMatchObject({ contentType: "application/pdf", fromSupport: true });

    const rows = await attachmentsOf(env.t, id);
    expect(rows.map((r) => r.fileName).sort()).toEqual(["invoice.pdf", "screen shot.png"]);
    expect(
      Buffer.from(
        (await readStoredBytes(
          env.recordings,
          rows.find((r) => r.fileName === "invoice.pdf")?.storageKey ?? "",
        )) ?? [],
      ),
    ).toEqual(Buffer.from(PDF_BYTES));

    const detail = await env.t.app.inject({
      method: "GET",
      url: `/api/support/tickets/${id}`,
      headers: env.aliceIn.headers,
    });
    expect(detail.json().attachments.map((a: { fileName: string }) => a.fileName)).toEqual([
      "screen shot.png",
      "invoice.pdf",
    ]);

    const mine = await env.t.app.inject({
      method: "GET",
      url: `/api/support/tickets/${id}/attachments/${pdf.json().id}`,
      headers: env.aliceIn.headers,
    });
    expect(mine.statusCode).toBe(200);
    expect(mine.headers["content-type"]).toBe("application/pdf");
    expect(mine.headers["content-disposition"]).toContain('filename="invoice.pdf"');
    expect(mine.headers["x-content-type-options"]).toBe("nosniff");
    expect(mine.rawPayload).toEqual(Buffer.from(PDF_BYTES));

    const theirs = await env.t.app.inject({
      method: "GET",
      url: `/api/admin/support-tickets/${id}/attachments/${image.json().id}`,
      headers: env.adminIn.headers,
    });
    expect(theirs.statusCode).toBe(200);
    expect(theirs.rawPayload).toEqual(Buffer.from(PNG_BYTES));
  });
});

describe("support tickets: the admin list", () => {
  let bobTicket: string;
  beforeAll(async () => {
    const bob = await createUser(env.t, { companyName: "Zephyr Taxis", email: "bob@zephyr.test" });
    const bobIn = await signIn(env.t, bob);
    bobTicket = (
      await openTicket(env.t, bobIn, {
        subject: "Number porting",
        description: "Port my number",
        priority: "high",
      })
    ).json().id;
    await closeAsSupport(env.t, env.adminIn, bobTicket);
  });

  const list = (query: string) =>
    env.t.app.inject({
      method: "GET",
      url: `/api/admin/support-tickets?${query}`,
      headers: env.adminIn.headers,
    });

  it("lists every account's tickets with the user's e-mail and company", async () => {
    const res = await list("limit=100");
    expect(res.statusCode).toBe(200);
    const { items, total } = res.json();
    expect(total).toBe(items.length);
    expect(items.find((i: { id: string }) => i.id === bobTicket)).toMatchObject({
      subject: "Number porting",
      userEmail: "bob@zephyr.test",
      companyName: "Zephyr Taxis",
      status: "closed",
      priority: "high",
    });
    expect(new Set(items.map((i: { companyName: string }) => i.companyName))).toEqual(
      new Set(["Acme Plumbing", "Zephyr Taxis"]),
    );
  });

  it.each([
    ["status=closed", (i: Item) => i.status === "closed"],
    ["priority=high", (i: Item) => i.priority === "high"],
    ["search=zephyr", (i: Item) => i.companyName === "Zephyr Taxis"],
    ["search=ALICE%40ACME", (i: Item) => i.userEmail === "alice@acme.test"],
    ["search=porting", (i: Item) => i.subject === "Number porting"],
    ["status=open&priority=low", (i: Item) => i.status === "open" && i.priority === "low"],
    ["search=100%25", () => false],
  ])("%s keeps only the matching tickets", async (query, matches) => {
    const all: Item[] = (await list("limit=100")).json().items;
    const res = await list(`${query}&limit=100`);
    expect(res.statusCode).toBe(200);
    const expected = all.filter(matches).map((i) => i.id);
    expect(res.json().items.map((i: Item) => i.id)).toEqual(expected);
    expect(res.json().total).toBe(expected.length);
  });

  it("pages on the server", async () => {
    const all: Item[] = (await list("limit=100")).json().items;
    const second = (await list("limit=2&offset=2")).json();
    expect(second.items.map((i: Item) => i.id)).toEqual(all.slice(2, 4).map((i) => i.id));
    expect(second.total).toBe(all.length);
  });

  it("shows an admin any ticket with its owner", async () => {
    const res = await env.t.app.inject({
      method: "GET",
      url: `/api/admin/support-tickets/${bobTicket}`,
      headers: env.adminIn.headers,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ user: { email: "bob@zephyr.test" }, companyName: "Zephyr Taxis" });
  });
});

interface Item {
  id: string;
  subject: string;
  status: string;
  priority: string;
  userEmail: string | null;
  companyName: string;
}
