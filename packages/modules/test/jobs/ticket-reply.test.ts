import { type DatabaseHandle, newId, schema } from "@poundline/db";
import { createTestDatabase } from "@poundline/db/testing";
import { createMailer } from "@poundline/platform/mailer";
import { eq } from "drizzle-orm";
import { pino } from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  notifyTicketReply,
  TICKET_REPLY_TEMPLATE,
  type TicketReplyPorts,
} from "../../src/notifications/ticket-reply";

const { accounts, users, supportTickets, supportTicketReplies, emailOutbox } = schema;

const SUPPORT = "support@poundline.test";

describe("notifyTicketReply", () => {
  let handle: DatabaseHandle;
  let ports: TicketReplyPorts;
  let accountId: string;
  let userId: string;

  beforeAll(async () => {
    handle = await createTestDatabase();
    const log = pino({ level: "silent" });
    ports = {
      db: handle.db,
      log,
      clock: () => new Date(),
      mailer: createMailer({ db: handle.db, log, from: "Poundline <no-reply@poundline.test>" }),
      publicBaseUrl: "https://app.poundline.test",
      supportInbox: SUPPORT,
    };
    accountId = newId("account");
    userId = newId("user");
    await handle.db
      .insert(accounts)
      .values({ id: accountId, companyName: "Ticket Co", email: "office@ticket.test" });
    await handle.db.insert(users).values({ id: userId, email: "ada@ticket.test", firstName: "Ada" });
  });
  afterAll(() => handle.close());

  async function reply(
    fromSupport: boolean,
    subject: string,
    owner: string | null = userId,
  ): Promise<string> {
    const ticketId = newId("ticket");
    const replyId = newId("reply");
    await handle.db.insert(supportTickets).values({
      id: ticketId,
      accountId,
      userId: owner,
      subject,
      description: "Calls to #4LAW drop after the menu.",
    });
    await handle.db
      .insert(supportTicketReplies)
      .values({ id: replyId, ticketId, userId, message: `Reply on ${subject}`, isAdminReply: fromSupport });
    return replyId;
  }
  const mailsTo = async (to: string) =>
    (await handle.db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, to))).filter(
      (m) => m.template === TICKET_REPLY_TEMPLATE,
    );

  it.each([
    {
      name: "a support reply goes to the customer who opened the ticket",
      fromSupport: true,
      owner: "user",
      to: "ada@ticket.test",
      subject: "Re: Dropped calls",
    },
    {
      name: "with that user gone, to the account's address",
      fromSupport: true,
      owner: null,
      to: "office@ticket.test",
      subject: "Re: Gone user",
    },
    {
      name: "a customer's reply goes to the support inbox",
      fromSupport: false,
      owner: "user",
      to: SUPPORT,
      subject: "Customer reply: Billing question",
    },
  ])("$name, once however often the job runs", async ({ fromSupport, owner, to, subject }) => {
    const title = subject.replace(/^(Re|Customer reply): /, "");
    const replyId = await reply(fromSupport, title, owner === "user" ? userId : null);
    const before = (await mailsTo(to)).length;
    const outcomes = await Promise.all([1, 2, 3].map(() => notifyTicketReply(ports, { replyId })));
    expect(outcomes.filter((o) => o === "done")).toHaveLength(1);
    const mails = await mailsTo(to);
    expect(mails).toHaveLength(before + 1);
    const mail = mails.find((m) => m.subject === subject);
    expect(mail?.textBody).toContain(`Reply on ${title}`);
    if (fromSupport)
      expect(mail?.textBody).toContain("https://app.poundline.test/dashboard/support/ticket/tkt_");
    else expect(mail?.textBody).toContain("Ticket Co replied");
  });

  it("skips a reply that does not exist", async () => {
    expect(await notifyTicketReply(ports, { replyId: "reply_missing" })).toBe("skipped");
  });
});
