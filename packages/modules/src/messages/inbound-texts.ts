import { type Database, isForeignKeyViolation, newId, schema } from "@poundline/db";
import { and, eq } from "drizzle-orm";
import { touchContactByPhone } from "../crm/contacts";
import { inboxOnText } from "../inbox/round-robin";
import type { InboundTextRecord, InboundTexts } from "./receive";

const { messages, smsOptOuts } = schema;

/**
 * Incoming texts in the database: the message row (unique by MessageSid, so a repeated delivery
 * inserts nothing), the sender's contact and the opt-out, in one transaction. A text for an
 * account deleted meanwhile fails its foreign key and is not stored.
 */
export function createInboundTexts(db: Database): InboundTexts {
  return {
    async record(text: InboundTextRecord) {
      return db
        .transaction(async (tx) => {
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
          if (!message) return "duplicate" as const;
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

          const contactId = await touchContactByPhone(tx, {
            accountId: text.accountId,
            phone: sender,
            source: "text",
            at: text.receivedAt,
          });
          if (contactId) await tx.update(messages).set({ contactId }).where(eq(messages.id, message.id));

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
          return "stored" as const;
        })
        .catch((error: unknown) => {
          if (!isForeignKeyViolation(error)) throw error;
          return "account_gone" as const;
        });
    },
  };
}
