import type { Message, SendMessageBody } from "@poundline/contracts/messages/schemas";
import type { Database } from "@poundline/db";
import { newId, schema } from "@poundline/db";
import type { messageAutomations } from "@poundline/db/enums";
import { countSegments } from "@poundline/domain";
import { destinationRefusal } from "@poundline/domain/destination-policy";
import {
  type CarrierClient,
  CarrierError,
  type CarrierMessage,
  UNSUBSCRIBED_RECIPIENT,
} from "@poundline/platform/carrier/client";
import type { OutboxWriter } from "@poundline/platform/outbox";
import { and, eq, ne } from "drizzle-orm";
import { prepaidText } from "../billing/prepaid";
import { touchContactByPhone } from "../crm/contacts";
import { loadDestinationPolicy } from "../destinations/policy";
import { loadSendingNumber, textingRefusalOf } from "../texting-registration/gate";
import { advanceOutboundStatus, emitMessageEvent } from "./delivery";
import { type MessageRow, toMessage } from "./messages";
import { isCharged, type OutboundStatus, outboundStatusOf } from "./status";

const { messages, smsOptOuts } = schema;

export type MessageAutomation = (typeof messageAutomations)[number];

export interface SendPorts {
  db: Database;
  /** Hands the charge of a sent text to billing. */
  outbox: OutboxWriter;
  carrier: Pick<CarrierClient, "sendMessage" | "fetchMessage">;
  clock: () => Date;
  /** Where the carrier reports delivery (…/twilio/sms/status). */
  statusCallbackUrl: string;
  log: { warn(obj: object, msg: string): void };
  /** Why billing refuses the account's texts now (trial ended, spend cap, the plan's texts a month), or null. */
  billingRefusal?: (accountId: string) => Promise<string | null>;
}

export interface Sender {
  accountId: string;
  /** The member who sends it; null for a text the system sends (an automation). */
  userId: string | null;
  /** Marks a text the system sends (text-back, auto-replies, scheduled) in the conversation. */
  automation?: MessageAutomation;
}

export type SendResult =
  | { ok: true; message: Message }
  | { ok: false; reason: "number_not_found" | "sms_disabled" | "opted_out" | "low_balance" }
  | {
      ok: false;
      reason: "carrier_refused" | "billing" | "destination" | "toll_free_unverified" | "unregistered";
      detail: string;
    };

/**
 * Sends a text from one of the account's numbers: refused when the destination policy refuses
 * the recipient, the recipient opted out of that number, or the wallet cannot pay the first
 * segment to that destination; otherwise recorded (the recipient made a contact) and only then
 * handed to the carrier, so nothing is ever sent that is not recorded, and a text that could not
 * be recorded is never sent. The carrier's answer then gives the row its sid and status; a refusal
 * leaves it failed with the carrier's error code. The delivery reports move the status afterwards.
 *
 * The carrier may report delivery before it answers the send (the simulator does): such a report
 * finds no row with that sid yet. So once the sid is stored, the carrier's current status is read
 * and applied the same way a report is; reports from then on find the row.
 */
export async function sendMessage(
  ports: SendPorts,
  sender: Sender,
  input: SendMessageBody,
): Promise<SendResult> {
  const { db, carrier, clock } = ports;
  const { accountId } = sender;
  const [number, [optOut], policy] = await Promise.all([
    loadSendingNumber(db, accountId, input.from),
    db
      .select({ id: smsOptOuts.id })
      .from(smsOptOuts)
      .where(and(eq(smsOptOuts.ourNumber, input.from), eq(smsOptOuts.subscriberNumber, input.to)))
      .limit(1),
    loadDestinationPolicy(db, accountId),
  ]);
  if (!number) return { ok: false, reason: "number_not_found" };
  if (!number.smsEnabled) return { ok: false, reason: "sms_disabled" };
  // An ended trial says so first: it texts no one, registered or not.
  const refusedByBilling = await ports.billingRefusal?.(accountId);
  if (refusedByBilling) return { ok: false, reason: "billing", detail: refusedByBilling };
  // Carriers drop texts from unregistered local and unverified toll-free numbers: refused here.
  const unregistered = textingRefusalOf(number);
  if (unregistered) return { ok: false, reason: unregistered.reason, detail: unregistered.message };
  const refused = destinationRefusal(input.to, policy);
  if (refused) return { ok: false, reason: "destination", detail: refused.message };
  if (optOut) return { ok: false, reason: "opted_out" };
  const prepaid = await prepaidText(db, accountId, input.to, input.body);
  if (!prepaid.ok)
    return prepaid.reason === "no_credit"
      ? { ok: false, reason: "low_balance" }
      : { ok: false, reason: "destination", detail: prepaid.message };

  // Throws before anything reaches the carrier when the row cannot be written.
  const recorded = await recordOutbound(db, { ...sender, phoneNumberId: number.id }, input, clock());

  let sent: CarrierMessage;
  try {
    sent = await carrier.sendMessage({
      from: input.from,
      to: input.to,
      body: input.body,
      statusCallback: ports.statusCallbackUrl,
    });
  } catch (err) {
    await markFailed(db, recorded.id, err instanceof CarrierError ? err.code : null, clock());
    if (!(err instanceof CarrierError) || err.status >= 500) throw err;
    if (err.code === UNSUBSCRIBED_RECIPIENT) {
      // The carrier knew of the opt-out before we did: remember it, so the next send is refused here.
      await db
        .insert(smsOptOuts)
        .values({ id: newId("optOut"), accountId, ourNumber: input.from, subscriberNumber: input.to })
        .onConflictDoNothing({ target: [smsOptOuts.ourNumber, smsOptOuts.subscriberNumber] });
      return { ok: false, reason: "opted_out" };
    }
    return { ok: false, reason: "carrier_refused", detail: err.message };
  }

  const stored = await storeCarrierAnswer(ports, recorded.id, sent);
  if (!(await catchUpOnDelivery(ports, sent))) return { ok: true, message: toMessage(stored ?? recorded) };
  const [row] = await db.select().from(messages).where(eq(messages.id, recorded.id));
  return { ok: true, message: toMessage(row ?? stored ?? recorded) };
}

/**
 * The carrier's answer onto the recorded row: its sid, status and error code. A status the
 * carrier charges for goes through advanceOutboundStatus, which hands the charge to billing; the
 * row stays just short of it.
 */
async function storeCarrierAnswer(
  ports: SendPorts,
  messageId: string,
  sent: CarrierMessage,
): Promise<MessageRow | undefined> {
  const answered = outboundStatusOf(sent.status);
  const [stored] = await ports.db
    .update(messages)
    .set({
      messageSid: sent.sid,
      // Charged or failed: left queued, so advanceOutboundStatus charges it or emits its failure.
      status: isCharged(answered) || answered === "failed" ? "queued" : answered,
      errorCode: sent.errorCode,
      updatedAt: ports.clock(),
    })
    .where(eq(messages.id, messageId))
    .returning()
    .catch((err: unknown) => {
      // Sent and recorded, but not tied to the carrier's sid: say which, to reconcile by hand.
      ports.log.warn({ err, messageId, messageSid: sent.sid }, "could not store a sent message's sid");
      throw err;
    });
  return stored;
}

/**
 * The send's answered status, then the carrier's current one (a delivery report that came before
 * the sid was stored found no row), applied as delivery reports are. True when either moved the row.
 */
async function catchUpOnDelivery(ports: SendPorts, sent: CarrierMessage): Promise<boolean> {
  const answered = { status: outboundStatusOf(sent.status), errorCode: sent.errorCode };
  let latest: { status: OutboundStatus; errorCode: number | null } = answered;
  try {
    const current = await ports.carrier.fetchMessage(sent.sid);
    latest = { status: outboundStatusOf(current.status), errorCode: current.errorCode };
  } catch (err) {
    // The message is sent and stored; its delivery reports still move it forward.
    ports.log.warn({ err, messageSid: sent.sid }, "could not read the carrier's status of a sent message");
  }
  let moved = false;
  for (const report of [answered, latest]) {
    const advanced = await advanceOutboundStatus(ports.outbox, {
      messageSid: sent.sid,
      ...report,
      now: ports.clock(),
    });
    moved ||= advanced !== null;
  }
  return moved;
}

/**
 * The outbound row, committed before the carrier is asked, status queued. Until the carrier
 * answers, the row's own id stands in for its sid (the column is required and unique, and no
 * delivery report can match it).
 */
async function recordOutbound(
  db: Database,
  sender: Sender & { phoneNumberId: string },
  input: SendMessageBody,
  now: Date,
): Promise<MessageRow> {
  return db.transaction(async (tx) => {
    const contactId = await touchContactByPhone(tx, {
      accountId: sender.accountId,
      phone: input.to,
      source: "text",
      at: now,
    });
    const id = newId("message");
    const [row] = await tx
      .insert(messages)
      .values({
        id,
        accountId: sender.accountId,
        contactId,
        phoneNumberId: sender.phoneNumberId,
        userId: sender.userId,
        messageSid: id,
        direction: "outbound",
        fromNumber: input.from,
        toNumber: input.to,
        body: input.body,
        numSegments: countSegments(input.body),
        numMedia: 0,
        status: "queued",
        automation: sender.automation ?? null,
        sentAt: now,
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    return row as MessageRow;
  });
}

/**
 * The carrier refused or failed the send: the row says so, with the carrier's error code if any,
 * and `message.failed` goes out in the same transaction (only the update that failed it emits).
 */
async function markFailed(db: Database, messageId: string, errorCode: number | null, now: Date) {
  await db.transaction(async (tx) => {
    const [row] = await tx
      .update(messages)
      .set({ status: "failed", errorCode, updatedAt: now })
      .where(and(eq(messages.id, messageId), ne(messages.status, "failed")))
      .returning();
    // Refused before the carrier gave it a sid: the row's own id stands in for it, not sent on.
    if (row) await emitMessageEvent(tx, "message.failed", { ...row, messageSid: null }, now);
  });
}
