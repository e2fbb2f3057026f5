import { newId, schema } from "@poundline/db";
import { countSegments, EMPTY_TWIML } from "@poundline/telephony";
import { and, eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { touchContactByPhone } from "../crm/contacts";
import { advanceOutboundStatus } from "../messages/delivery";
import { isOutboundStatus } from "../messages/status";
import { paramsOf, sendTwiml, type WebhookParams } from "./plugin";
import { accountOfCall } from "./voice-routes";

const { messages, smsOptOuts } = schema;

export const smsPaths = {
  incoming: "/twilio/sms",
  status: "/twilio/sms/status",
} as const;

/** Whole-body keywords the carrier honours on long codes (trimmed, any case). */
const OPT_OUT_KEYWORDS = new Set([
  "STOP",
  "STOPALL",
  "UNSUBSCRIBE",
  "CANCEL",
  "END",
  "QUIT",
  "REVOKE",
  "OPTOUT",
]);
const OPT_IN_KEYWORDS = new Set(["START", "UNSTOP", "YES"]);

export type Keyword = "opt-out" | "opt-in" | null;

/** What a whole message body asks for; HELP and INFO change nothing (the carrier replies to them). */
export function keywordOf(body: string): Keyword {
  const word = body.trim().toUpperCase();
  if (OPT_OUT_KEYWORDS.has(word)) return "opt-out";
  if (OPT_IN_KEYWORDS.has(word)) return "opt-in";
  return null;
}

const E164 = /^\+[1-9][0-9]{6,14}$/;

const count = (value: string | undefined) => Math.max(0, Number.parseInt(value ?? "", 10) || 0);

/** MediaUrl0..MediaUrl(N-1) of an MMS. */
function mediaUrlsOf(params: WebhookParams, numMedia: number): string[] {
  const urls: string[] = [];
  for (let i = 0; i < numMedia; i++) {
    const url = params[`MediaUrl${i}`];
    if (url) urls.push(url);
  }
  return urls;
}

/** Incoming texts and the delivery reports of the ones we send. */
export async function smsRoutes(app: FastifyInstance) {
  const { db, routing, clock, live } = app.deps;

  /**
   * An incoming SMS or MMS: stored once per MessageSid, its sender made a contact, opt-out
   * keywords applied, all in one transaction. A repeated delivery inserts nothing and changes nothing.
   */
  app.post(smsPaths.incoming, async (request, reply) => {
    const params = paramsOf(request);
    const messageSid = params.MessageSid ?? params.SmsMessageSid ?? params.SmsSid;
    const from = params.From ?? "";
    const to = params.To ?? "";
    if (!messageSid || !from || !to) return sendTwiml(reply, EMPTY_TWIML);
    const owner = accountOfCall(routing.current(), to, params);
    if (!owner) {
      request.log.warn({ messageSid, to }, "text to a number no account owns");
      return sendTwiml(reply, EMPTY_TWIML);
    }
    const body = params.Body ?? "";
    const numMedia = count(params.NumMedia);
    const now = clock();

    const created = await db.db.transaction(async (tx) => {
      const [message] = await tx
        .insert(messages)
        .values({
          id: newId("message"),
          accountId: owner.accountId,
          phoneNumberId: owner.phoneNumberId,
          messageSid,
          direction: "inbound",
          fromNumber: from,
          toNumber: to,
          body,
          numSegments: count(params.NumSegments) || countSegments(body),
          numMedia,
          mediaUrls: mediaUrlsOf(params, numMedia),
          status: "received",
          sentAt: now,
          createdAt: now,
          updatedAt: now,
        })
        .onConflictDoNothing({ target: messages.messageSid })
        .returning({ id: messages.id });
      if (!message) return false;

      const contactId = await touchContactByPhone(tx, {
        accountId: owner.accountId,
        phone: from,
        source: "text",
        at: now,
      });
      if (contactId) await tx.update(messages).set({ contactId }).where(eq(messages.id, message.id));

      const keyword = keywordOf(body);
      if (keyword && E164.test(from) && E164.test(to)) {
        const pair = and(eq(smsOptOuts.ourNumber, to), eq(smsOptOuts.subscriberNumber, from));
        if (keyword === "opt-out") {
          await tx
            .insert(smsOptOuts)
            .values({
              id: newId("optOut"),
              accountId: owner.accountId,
              ourNumber: to,
              subscriberNumber: from,
              optedOutAt: now,
            })
            .onConflictDoNothing({ target: [smsOptOuts.ourNumber, smsOptOuts.subscriberNumber] });
        } else {
          await tx.delete(smsOptOuts).where(pair);
        }
      }
      return true;
    });

    if (created) {
      await live.publish(owner.accountId, { type: "message.received", messageSid, from, to, body });
    }
    return sendTwiml(reply, EMPTY_TWIML);
  });

  /**
   * Delivery report of an outbound message: the stored status moves forward only, duplicates and
   * late reports change nothing, and the first report of sent hands the charge to billing.
   */
  app.post(smsPaths.status, async (request, reply) => {
    const params = paramsOf(request);
    const messageSid = params.MessageSid ?? params.SmsSid;
    const status = params.MessageStatus ?? params.SmsStatus ?? "";
    if (!messageSid || !isOutboundStatus(status)) return sendTwiml(reply, EMPTY_TWIML);
    const errorCode = Number.parseInt(params.ErrorCode ?? "", 10);
    const applied = await advanceOutboundStatus(db.db, {
      messageSid,
      status,
      errorCode: Number.isNaN(errorCode) ? null : errorCode,
      now: clock(),
    });
    if (applied) {
      app.deps.jobs?.notify();
      await live.publish(applied.accountId, { type: "message.status", messageSid, status });
    } else request.log.debug({ messageSid, status }, "delivery report changed nothing");
    return sendTwiml(reply, EMPTY_TWIML);
  });
}
