import { type Database, isForeignKeyViolation, newId, schema } from "@poundline/db";
import { and, eq } from "drizzle-orm";
import { enqueueInboundTextAutomations } from "../automations/triggers";
import { touchContactByPhone } from "../crm/contacts";
import { inboxOnText } from "../inbox/round-robin";
import { enqueueAccountPush } from "../push/enqueue";
import { emitWebhookEvent } from "../webhooks/emit";
import type { InboundTextRecord, InboundTexts } from "./receive";

const { messages, smsOptOuts } = schema;

/** The message row, unique by MessageSid: undefined when the carrier delivered it before. */
async function insertInbound(tx: Database, text: InboundTextRecord) {
  const [message] = await tx
    .insert(messages)
    .values({
      id: newId("message"),
      accountId: text.accountId,
      phoneNumberId: text.phoneNumberId,
      messageSid: text.messageSid,
      direction: "inbound",
      fromNumber: text.from,
      toNumber: text.to,
      body: text.body,
      numSegments: text.numSegments,
      numMedia: text.numMedia,
      mediaUrls: text.mediaUrls,
      mediaContentTypes: text.mediaContentTypes,
      status: "received",
      sentAt: text.receivedAt,
      createdAt: text.receivedAt,
      updatedAt: text.receivedAt,
    })
    .onConflictDoNothing({ target: messages.messageSid })
    .returning({ id: messages.id });
  return message;
}

function emitReceived(tx: Database, text: InboundTextRecord, messageId: string) {
  return emitWebhookEvent(tx, {
    accountId: text.accountId,
    type: "message.received",
    at: text.receivedAt,
    orderKey: messageId,
    data: {
      id: messageId,
      messageSid: text.messageSid,
      direction: "inbound",
      from: text.from,
      to: text.to,
      body: text.body,
      numMedia: text.numMedia,
      status: "received",
      links: { self: `/v1/messages/${messageId}` },
    },
  });
}

/** STOP adds the sender to the number's opt-outs, START removes them. */
async function applyOptOut(tx: Database, text: InboundTextRecord, sender: string) {
  if (text.optOut === "add") {
    await tx
      .insert(smsOptOuts)
      .values({
        id: newId("optOut"),
        accountId: text.accountId,
        ourNumber: text.to,
        subscriberNumber: sender,
        optedOutAt: text.receivedAt,
      })
      .onConflictDoNothing({ target: [smsOptOuts.ourNumber, smsOptOuts.subscriberNumber] });
  } else if (text.optOut === "remove") {
    await tx
      .delete(smsOptOuts)
      .where(and(eq(smsOptOuts.ourNumber, text.to), eq(smsOptOuts.subscriberNumber, sender)));
  }
}

/** One text, whole, in one transaction. */
async function recordText(tx: Database, text: InboundTextRecord) {
  const message = await insertInbound(tx, text);
  if (!message) return "duplicate" as const;
  await emitReceived(tx, text, message.id);
  // The members' phones hear of it (Web Push, under their preferences), after the commit.
  await enqueueAccountPush(tx, text.accountId, "push-text", `push-text:${message.id}`, {
    messageId: message.id,
  });
  await inboxOnText(tx, {
    accountId: text.accountId,
    phoneNumberId: text.phoneNumberId,
    messageId: message.id,
    ourNumber: text.to,
    peerNumber: text.from,
    at: text.receivedAt,
  });
  const sender = text.contactPhone;
  if (!sender) return "stored" as const;
  // Auto-replies (after hours, first contact), planned by the workers after the commit.
  if (text.optOut === null)
    await enqueueInboundTextAutomations(tx, { messageId: message.id, phoneNumberId: text.phoneNumberId });
  const contactId = await touchContactByPhone(tx, {
    accountId: text.accountId,
    phone: sender,
    source: "text",
    at: text.receivedAt,
  });
  if (contactId) await tx.update(messages).set({ contactId }).where(eq(messages.id, message.id));
  await applyOptOut(tx, text, sender);
  return "stored" as const;
}

/**
 * Incoming texts in the database: the message row (unique by MessageSid, so a repeated delivery
 * inserts nothing), the sender's contact and the opt-out, in one transaction. A text for an
 * account deleted meanwhile fails its foreign key and is not stored.
 */
export function createInboundTexts(db: Database): InboundTexts {
  return {
    record: (text: InboundTextRecord) =>
      db
        .transaction((tx) => recordText(tx, text))
        .catch((error: unknown) => {
          if (!isForeignKeyViolation(error)) throw error;
          return "account_gone" as const;
        }),
  };
}
