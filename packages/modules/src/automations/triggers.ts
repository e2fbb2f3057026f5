import { type Database, schema } from "@poundline/db";
import {
  isOpenForReplies,
  quietHoursDecision,
  renderTemplate,
  textBackKey,
} from "@poundline/domain/automations";
import { contactableNumber } from "@poundline/domain/caller-id";
import { DEFAULT_TIME_ZONE } from "@poundline/domain/routing-defaults";
import { outboxRow } from "@poundline/platform/outbox";
import type { JobOutcome, JobPorts } from "@poundline/platform/queue/jobs";
import { and, eq, lt, ne, or, sql } from "drizzle-orm";
import { keywordOf } from "../messages/receive";
import { wentUnanswered } from "../notifications/missed-call";
import { type Automation, planText } from "./texts";
import { recipientZone } from "./zones";

const { accounts, callLogs, contacts, jobOutbox, messages, numberAutomations, numberRouting, voicemails } =
  schema;

/** The number's automations, business hours and zone, with the company's name. */
async function numberContext(db: Database, accountId: string, phoneNumberId: string) {
  const [found] = await db
    .select({
      automations: numberAutomations,
      timeZone: numberRouting.timeZone,
      businessHours: numberRouting.businessHours,
      holidays: numberRouting.holidays,
      companyName: accounts.companyName,
    })
    .from(numberAutomations)
    .innerJoin(accounts, eq(accounts.id, numberAutomations.accountId))
    .leftJoin(numberRouting, eq(numberRouting.phoneNumberId, numberAutomations.phoneNumberId))
    .where(
      and(eq(numberAutomations.phoneNumberId, phoneNumberId), eq(numberAutomations.accountId, accountId)),
    )
    .limit(1);
  if (!found) return null;
  const timeZone = found.timeZone ?? DEFAULT_TIME_ZONE;
  const holidays = (found.holidays ?? []).map((holiday) => holiday.date);
  const openAt = (at: Date) =>
    isOpenForReplies({ businessHours: found.businessHours ?? null, holidays, timeZone, at });
  return { ...found, timeZone, openAt };
}

type NumberContext = NonNullable<Awaited<ReturnType<typeof numberContext>>>;

interface Reply {
  automation: Automation;
  template: string;
  dedupeKey: string;
}

/**
 * Plans one automated text to `to` under the quiet hours of the recipient's zone (see
 * quietHoursDecision: deferred to the window's end, or never for a text-back the day is over for).
 */
async function planReply(
  ports: JobPorts,
  context: NumberContext,
  target: { accountId: string; phoneNumberId: string; from: string; to: string },
  reply: Reply,
) {
  const { db, clock } = ports;
  const now = clock();
  const automations = context.automations;
  const timeZone = await recipientZone(db, target.accountId, target.to, context.timeZone);
  const decision = quietHoursDecision({
    now,
    timeZone,
    quiet: {
      enabled: automations.quietHoursEnabled,
      startMinute: automations.quietStartMinute,
      endMinute: automations.quietEndMinute,
    },
    sameDayOnly: reply.automation === "missed_call",
  });
  const [contact] = await db
    .select({ name: contacts.name })
    .from(contacts)
    .where(and(eq(contacts.accountId, target.accountId), eq(contacts.phone, target.to)))
    .limit(1);
  const contactName = contact && contact.name !== target.to ? contact.name : "";
  const body = renderTemplate(reply.template, {
    business_name: context.companyName,
    number: target.from,
    first_name: contactName.split(/\s+/)[0] ?? "",
    contact_name: contactName,
    agent_name: "",
  }).trim();
  return planText(
    db,
    {
      ...target,
      userId: null,
      automation: reply.automation,
      dedupeKey: reply.dedupeKey,
      body,
      timeZone,
      sendAt: decision.send === "later" ? decision.at : now,
      ...(decision.send === "never" ? { skipped: decision.reason } : {}),
    },
    now,
  );
}

/**
 * After an inbound call ended (the missed-call job): a caller nobody answered, on a number with
 * text-back on, is texted once per caller, number and day (the recipient's). A call that reached
 * voicemail counts as missed. After business hours, the after-hours reply goes instead when it is
 * on for calls. Withheld and non-number callers get nothing.
 */
export async function planMissedCallText(ports: JobPorts, payload: { callSid: string }): Promise<JobOutcome> {
  const { db } = ports;
  const [call] = await db.select().from(callLogs).where(eq(callLogs.callSid, payload.callSid)).limit(1);
  if (call?.direction !== "inbound" || call.parentCallSid !== null || !call.phoneNumberId) return "skipped";
  const caller = contactableNumber(call.fromNumber);
  if (!caller) return "skipped";
  const context = await numberContext(db, call.accountId, call.phoneNumberId);
  if (!context) return "skipped";
  const timeZone = await recipientZone(db, call.accountId, caller, context.timeZone);
  const reply = missedCallReply(context, call, { caller, timeZone }, ports.clock());
  if (!reply) return "skipped";
  if (!(await missed(ports, call))) return "skipped";
  const planned = await planReply(
    ports,
    context,
    { accountId: call.accountId, phoneNumberId: call.phoneNumberId, from: call.toNumber, to: caller },
    reply,
  );
  return planned ? "done" : "skipped";
}

function missedCallReply(
  context: NumberContext,
  call: typeof callLogs.$inferSelect,
  { caller, timeZone }: { caller: string; timeZone: string },
  now: Date,
): Reply | null {
  const { automations } = context;
  const open = context.openAt(call.callStartTime);
  const key = (kind: Automation) =>
    textBackKey({ kind, phoneNumberId: call.phoneNumberId ?? "", caller, now, timeZone });
  if (!open && automations.afterHoursEnabled && automations.afterHoursCallsEnabled)
    return {
      automation: "after_hours",
      template: automations.afterHoursTemplate,
      dedupeKey: key("after_hours"),
    };
  if (automations.missedCallEnabled)
    return {
      automation: "missed_call",
      template: automations.missedCallTemplate,
      dedupeKey: key("missed_call"),
    };
  return null;
}

/** A caller left a voicemail (no missed-call job for such a call): the text-back is planned from it. */
export async function planVoicemailTextBack(
  ports: JobPorts,
  payload: { voicemailId: string },
): Promise<JobOutcome> {
  const [voicemail] = await ports.db
    .select({ callSid: voicemails.callSid })
    .from(voicemails)
    .where(eq(voicemails.id, payload.voicemailId))
    .limit(1);
  return voicemail?.callSid ? planMissedCallText(ports, { callSid: voicemail.callSid }) : "skipped";
}

/** Nobody answered: the call's legs or status say so, or it went to voicemail. */
async function missed(ports: JobPorts, call: typeof callLogs.$inferSelect): Promise<boolean> {
  if (call.callStatus === "voicemail_missed") return true;
  if (await wentUnanswered(ports, call)) return true;
  const [voicemail] = await ports.db
    .select({ id: voicemails.id })
    .from(voicemails)
    .where(and(eq(voicemails.callSid, call.callSid), eq(voicemails.accountId, call.accountId)))
    .limit(1);
  return voicemail !== undefined;
}

/**
 * Puts the inbound-text job in the outbox, in the receiving transaction, only when the number
 * has an auto-reply on: one statement, and no job for the many numbers without.
 */
export async function enqueueInboundTextAutomations(
  tx: Database,
  input: { messageId: string; phoneNumberId: string | null },
): Promise<void> {
  if (!input.phoneNumberId) return;
  const row = outboxRow(
    {
      queue: "notifications",
      name: "inbound-text-automations",
      jobId: `inbound-text-automations:${input.messageId}`,
    },
    { messageId: input.messageId },
  );
  await tx.execute(sql`insert into ${jobOutbox} (id, queue, job_name, job_id, payload)
    select ${row.id}, ${row.queue}, ${row.jobName}, ${row.jobId}, ${JSON.stringify(row.payload)}::jsonb
    where exists (select 1 from ${numberAutomations} a where a.phone_number_id = ${input.phoneNumberId}
      and (a.after_hours_enabled or a.first_contact_enabled))`);
}

/**
 * A text came in: outside business hours the after-hours reply (once per sender, number and day),
 * else to a new sender (no earlier text with the number, no contact before) the first-contact
 * reply (once ever). One reply per text at most; keywords (STOP, START, HELP) get none.
 */
export async function planInboundTextReply(
  ports: JobPorts,
  payload: { messageId: string },
): Promise<JobOutcome> {
  const { db } = ports;
  const [message] = await db.select().from(messages).where(eq(messages.id, payload.messageId)).limit(1);
  if (message?.direction !== "inbound" || !message.phoneNumberId) return "skipped";
  const sender = contactableNumber(message.fromNumber);
  if (!sender || keywordOf(message.body) !== null || isHelp(message.body)) return "skipped";
  const context = await numberContext(db, message.accountId, message.phoneNumberId);
  if (!context) return "skipped";
  const reply = await inboundReply(db, context, message, sender);
  if (!reply) return "skipped";
  const planned = await planReply(
    ports,
    context,
    {
      accountId: message.accountId,
      phoneNumberId: message.phoneNumberId,
      from: message.toNumber,
      to: sender,
    },
    reply,
  );
  return planned ? "done" : "skipped";
}

const isHelp = (body: string) => ["HELP", "INFO"].includes(body.trim().toUpperCase());

async function inboundReply(
  db: Database,
  context: NumberContext,
  message: typeof messages.$inferSelect,
  sender: string,
): Promise<Reply | null> {
  const { automations } = context;
  if (!context.openAt(message.sentAt) && automations.afterHoursEnabled) {
    const dedupeKey = textBackKey({
      kind: "after_hours_text",
      phoneNumberId: message.phoneNumberId ?? "",
      caller: sender,
      now: message.sentAt,
      timeZone: await recipientZone(db, message.accountId, sender, context.timeZone),
    });
    return { automation: "after_hours", template: automations.afterHoursTemplate, dedupeKey };
  }
  if (automations.firstContactEnabled && (await isFirstContact(db, message, sender)))
    return {
      automation: "first_contact",
      template: automations.firstContactTemplate,
      dedupeKey: `first_contact:${message.phoneNumberId}:${sender}`,
    };
  return null;
}

/** No earlier text between the number and the sender, and the sender's contact is new with this text. */
async function isFirstContact(db: Database, message: typeof messages.$inferSelect, sender: string) {
  const [earlier] = await db
    .select({ id: messages.id })
    .from(messages)
    .where(
      and(
        eq(messages.accountId, message.accountId),
        eq(messages.ourNumber, message.toNumber),
        eq(messages.peerNumber, sender),
        ne(messages.id, message.id),
        or(lt(messages.sentAt, message.sentAt), eq(messages.sentAt, message.sentAt)),
      ),
    )
    .limit(1);
  if (earlier) return false;
  const [contact] = await db
    .select({ createdAt: contacts.createdAt })
    .from(contacts)
    .where(and(eq(contacts.accountId, message.accountId), eq(contacts.phone, sender)))
    .limit(1);
  return !contact || contact.createdAt >= message.sentAt;
}
