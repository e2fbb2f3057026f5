import { supportTicketReplies, supportTickets } from "../schema/index";
import type { SeedContext } from "./context";
import type { Directory } from "./directory";

interface TicketSeed {
  account: "demo" | "sunshine";
  subject: string;
  description: string;
  priority: "low" | "medium" | "high";
  openedDaysAgo: number;
  /** In order; each reply moves the status as the ticket workflow does. */
  replies: { by: "user" | "admin"; message: string; afterHours: number }[];
  closedAfterHours?: number;
}

const tickets: TicketSeed[] = [
  {
    account: "demo",
    subject: "Toll-free number only rings the front desk",
    description:
      "Since yesterday, calls to our toll-free number ring Maria at the front desk and then go to our answering service. David and Sarah's phones never ring. The ring group should include all three of them.",
    priority: "high",
    openedDaysAgo: 6,
    replies: [
      {
        by: "admin",
        afterHours: 2,
        message:
          "Hi Jordan, thanks for the details. Your toll-free number uses the sequential ring strategy with a 20-second timeout, so each extension rings for 20 seconds before the next one. With three extensions a caller waits a full minute, and most hang up before David or Sarah's phone rings. Would you like us to switch it to simultaneous?",
      },
      {
        by: "user",
        afterHours: 5,
        message:
          "That explains it. Can we keep sequential but shorten the timeout? We want Maria to answer first.",
      },
      {
        by: "admin",
        afterHours: 20,
        message:
          "Yes. In Call Routing, select the toll-free number and set the ring timeout to 10 seconds (the minimum is 5). Callers will reach the whole group within 30 seconds. Let us know if that works for you.",
      },
    ],
  },
  {
    account: "demo",
    subject: "How long does porting our old number take?",
    description:
      "We'd like to move our old office number (407-555-0199) from our previous provider. How long does it take, and will we lose service during the transfer?",
    priority: "medium",
    openedDaysAgo: 27,
    replies: [
      {
        by: "admin",
        afterHours: 3,
        message:
          "Porting usually takes 7-10 business days. Your old provider keeps the number working until the port completes, so there is no downtime. Please send us a recent bill from the old provider and a signed letter of authorization to start.",
      },
      { by: "user", afterHours: 26, message: "Thanks! I've emailed both documents to support." },
      {
        by: "admin",
        afterHours: 30,
        message: "Received, thank you. The port is scheduled; we will email you the confirmed date.",
      },
    ],
    closedAfterHours: 31,
  },
  {
    account: "demo",
    subject: "Spanish greeting for the main menu",
    description:
      "Many of our callers speak Spanish. Can we add a 'Para español, oprima 8' option that plays the menu in Spanish?",
    priority: "low",
    openedDaysAgo: 1,
    replies: [],
  },
  {
    account: "sunshine",
    subject: "Add Palm Beach area codes to #TAXI",
    description:
      "Callers from West Palm Beach (561) should reach us on #TAXI. Do we add an area code rule, or is that covered by our Florida territory?",
    priority: "medium",
    openedDaysAgo: 3,
    replies: [],
  },
];

const HOUR = 3_600_000;

/** Support tickets with replies; status follows the workflow (user reply → pending_admin, admin → pending_user). */
export async function seedSupport(ctx: SeedContext, dir: Directory): Promise<{ ticketCount: number }> {
  const ticketRows: (typeof supportTickets.$inferInsert)[] = [];
  const replyRows: (typeof supportTicketReplies.$inferInsert)[] = [];

  for (const t of tickets) {
    const id = ctx.id("ticket");
    const openedAt = ctx.calendar.at(t.openedDaysAgo, 10, 15);
    const userId = dir.ownerIds[t.account];
    let status: "open" | "pending_admin" | "pending_user" | "closed" = "open";
    let updatedAt = openedAt;
    for (const r of t.replies) {
      updatedAt = new Date(openedAt.getTime() + r.afterHours * HOUR);
      status = r.by === "admin" ? "pending_user" : "pending_admin";
      replyRows.push({
        id: ctx.id("reply"),
        ticketId: id,
        userId: r.by === "admin" ? dir.adminUserId : userId,
        message: r.message,
        isAdminReply: r.by === "admin",
        createdAt: updatedAt,
      });
    }
    const closedAt = t.closedAfterHours ? new Date(openedAt.getTime() + t.closedAfterHours * HOUR) : null;
    if (closedAt) {
      status = "closed";
      updatedAt = closedAt;
    }
    ticketRows.push({
      id,
      accountId: dir.accountIds[t.account],
      userId,
      subject: t.subject,
      description: t.description,
      priority: t.priority,
      status,
      closedAt,
      createdAt: openedAt,
      updatedAt,
    });
  }

  await ctx.tx.insert(supportTickets).values(ticketRows);
  await ctx.tx.insert(supportTicketReplies).values(replyRows);
  return { ticketCount: ticketRows.length };
}
