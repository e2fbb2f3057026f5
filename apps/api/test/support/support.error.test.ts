import {
  ATTACHMENT_SIZE_MESSAGE,
  ATTACHMENT_TYPE_MESSAGE,
  DESCRIPTION_REQUIRED_MESSAGE,
  PRIORITY_MESSAGE,
  REOPEN_EXPIRED_MESSAGE,
  REPLY_REQUIRED_MESSAGE,
  SUBJECT_REQUIRED_MESSAGE,
  TICKET_CLOSED_MESSAGE,
} from "@poundline/contracts/support/schemas";
import { describe, expect, it } from "vitest";
import {
  attachmentsOf,
  closeAsSupport,
  customerReply,
  newTicket,
  openTicket,
  PNG_BYTES,
  reopen,
  repliesOf,
  supportReply,
  ticketReplyJobs,
  ticketRow,
  upload,
  useSupportTestApp,
} from "./helpers";

const env = useSupportTestApp();

const ticketCount = async () =>
  (
    await env.t.app.inject({ method: "GET", url: "/api/support/tickets", headers: env.aliceIn.headers })
  ).json().total;

describe("support tickets: bad input", () => {
  it.each([
    ["no subject", { description: "x" }, "body.subject", SUBJECT_REQUIRED_MESSAGE],
    ["a blank subject", { subject: "   ", description: "x" }, "body.subject", SUBJECT_REQUIRED_MESSAGE],
    ["no description", { subject: "Help" }, "body.description", DESCRIPTION_REQUIRED_MESSAGE],
    [
      "a blank description",
      { subject: "Help", description: "\n\t " },
      "body.description",
      DESCRIPTION_REQUIRED_MESSAGE,
    ],
    [
      "an unknown priority",
      { subject: "Help", description: "x", priority: "urgent" },
      "body.priority",
      PRIORITY_MESSAGE,
    ],
    [
      "a control character",
      { subject: "Help\u0000", description: "x" },
      "body.subject",
      "Must not contain control characters.",
    ],
    [
      "a subject too long",
      { subject: "x".repeat(201), description: "x" },
      "body.subject",
      "Must be at most 200 characters.",
    ],
  ])("refuses %s with the field's message, storing nothing", async (_name, payload, field, message) => {
    const before = await ticketCount();
    const res = await openTicket(env.t, env.aliceIn, payload);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields[field]).toEqual([message]);
    expect(await ticketCount()).toBe(before);
  });

  it.each([
    ["customer", "   \n  "],
    ["support", ""],
  ] as const)("refuses an empty reply from the %s, the ticket untouched", async (side, message) => {
    const id = await newTicket(env.t, env.aliceIn);
    const before = await ticketRow(env.t, id);
    const res =
      side === "customer"
        ? await customerReply(env.t, env.aliceIn, id, message)
        : await supportReply(env.t, env.adminIn, id, message);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields["body.message"]).toEqual([REPLY_REQUIRED_MESSAGE]);
    expect(await repliesOf(env.t, id)).toEqual([]);
    expect(await ticketRow(env.t, id)).toEqual(before);
  });

  it("a closed ticket takes no reply from either side: no reply, no e-mail, status kept", async () => {
    const id = await newTicket(env.t, env.aliceIn);
    expect((await closeAsSupport(env.t, env.adminIn, id)).statusCode).toBe(200);
    const jobs = (await ticketReplyJobs(env.t)).length;
    for (const res of [
      await customerReply(env.t, env.aliceIn, id, "Hello?"),
      await supportReply(env.t, env.adminIn, id, "Hi"),
    ]) {
      expect(res.statusCode).toBe(409);
      expect(res.json().error.message).toBe(TICKET_CLOSED_MESSAGE);
    }
    expect(await repliesOf(env.t, id)).toEqual([]);
    expect(await ticketReplyJobs(env.t)).toHaveLength(jobs);
    expect((await ticketRow(env.t, id))?.status).toBe("closed");
  });

  it("closing twice is a conflict; reopening an open ticket too", async () => {
    const id = await newTicket(env.t, env.aliceIn);
    expect((await reopen(env.t, env.aliceIn, id)).statusCode).toBe(409);
    expect((await closeAsSupport(env.t, env.adminIn, id)).statusCode).toBe(200);
    const closedAt = (await ticketRow(env.t, id))?.closedAt;
    env.clock.now = new Date(env.clock.now.getTime() + 1000);
    expect((await closeAsSupport(env.t, env.adminIn, id)).statusCode).toBe(409);
    expect((await ticketRow(env.t, id))?.closedAt).toEqual(closedAt);
  });

  it("a ticket closed more than 14 days ago stays closed", async () => {
    const id = await newTicket(env.t, env.aliceIn);
    await closeAsSupport(env.t, env.adminIn, id);
    env.clock.now = new Date(env.clock.now.getTime() + 14 * 86_400_000 + 1);
    const res = await reopen(env.t, env.aliceIn, id);
    expect(res.statusCode).toBe(409);
    expect(res.json().error.message).toBe(REOPEN_EXPIRED_MESSAGE);
    expect((await ticketRow(env.t, id))?.status).toBe("closed");
  });

  it.each([
    ["HTML", new TextEncoder().encode("<html><script>alert(1)</script></html>"), "page.png"],
    ["an empty file", new Uint8Array(), "empty.pdf"],
    ["SVG", new TextEncoder().encode("<svg xmlns='http://www.w3.org/2000/svg'></svg>"), "logo.svg"],
  ])("refuses %s as an attachment, storing nothing", async (_name, bytes, fileName) => {
    const id = await newTicket(env.t, env.aliceIn);
    const res = await upload(env.t, env.aliceIn, `/api/support/tickets/${id}`, bytes, fileName);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe(ATTACHMENT_TYPE_MESSAGE);
    expect(await attachmentsOf(env.t, id)).toEqual([]);
  });

  it("refuses an attachment above 10 MB with the seed's limit", async () => {
    const id = await newTicket(env.t, env.aliceIn);
    const big = new Uint8Array(10 * 1024 * 1024 + 1);
    big.set(PNG_BYTES);
    const res = await upload(env.t, env.aliceIn, `/api/support/tickets/${id}`, big);
    expect(res.statusCode).toBe(413);
    expect(res.json().error.message).toBe(ATTACHMENT_SIZE_MESSAGE);
    expect(await attachmentsOf(env.t, id)).toEqual([]);
  });

  it("takes an attachment of exactly 10 MB", async () => {
    const id = await newTicket(env.t, env.aliceIn);
    const max = new Uint8Array(10 * 1024 * 1024);
    max.set(PNG_BYTES);
    const res = await upload(env.t, env.aliceIn, `/api/support/tickets/${id}`, max);
    expect(res.statusCode).toBe(201);
    expect(res.json().sizeBytes).toBe(max.byteLength);
  });

  it("refuses an attachment without a name, of a declared type not accepted, or on a closed ticket", async () => {
    const id = await newTicket(env.t, env.aliceIn);
    const url = `/api/support/tickets/${id}`;
    expect((await upload(env.t, env.aliceIn, url, PNG_BYTES, "")).statusCode).toBe(400);
    expect((await upload(env.t, env.aliceIn, url, PNG_BYTES, "a.html", "text/html")).statusCode).toBe(415);
    await closeAsSupport(env.t, env.adminIn, id);
    const closed = await upload(env.t, env.aliceIn, url, PNG_BYTES);
    expect(closed.statusCode).toBe(409);
    expect(await attachmentsOf(env.t, id)).toEqual([]);
  });

  it.each([
    "status=done",
    "priority=urgent",
    "limit=0",
    "limit=101",
    "offset=-1",
    `search=${"x".repeat(201)}`,
  ])("the admin list refuses %s", async (query) => {
    const res = await env.t.app.inject({
      method: "GET",
      url: `/api/admin/support-tickets?${query}`,
      headers: env.adminIn.headers,
    });
    expect(res.statusCode).toBe(400);
  });

  it("empty filters are no filters", async () => {
    const res = await env.t.app.inject({
      method: "GET",
      url: "/api/admin/support-tickets?status=&priority=&search=",
      headers: env.adminIn.headers,
    });
    expect(res.statusCode).toBe(200);
  });

  it("an id of the wrong shape is not found", async () => {
    const res = await env.t.app.inject({
      method: "GET",
      url: "/api/support/tickets/not-a-ticket",
      headers: env.aliceIn.headers,
    });
    expect([400, 404]).toContain(res.statusCode);
    const unknown = await env.t.app.inject({
      method: "GET",
      url: "/api/support/tickets/tkt_unknown",
      headers: env.aliceIn.headers,
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error.message).toBe("Ticket not found");
  });
});
