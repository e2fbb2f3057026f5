import { isForeignKeyViolation, newId, schema } from "@poundline/db";
import { contactableNumber, countSegments, EMPTY_TWIML, isE164 } from "@poundline/telephony";
import { and, eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { touchContactByPhone } from "../crm/contacts";
import { publishLiveEvent } from "../events/live";
import { advanceOutboundStatus } from "../messages/delivery";
import { isOutboundStatus } from "../messages/status";
import { type CarrierParams, carrierParams, MAX_INT32, MAX_MEDIA } from "./carrier-params";
import { sendTwiml } from "./twiml-reply";
import { accountOfCall, callerOf } from "./voice-routes";

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

/** The longest text the carrier takes is 1,600 characters: never more segments than that. */
const MAX_SEGMENTS = 1600;

/** MediaUrl0..MediaUrl(N-1) of an MMS; `numMedia` is at most MAX_MEDIA. */
function mediaUrlsOf(params: CarrierParams, numMedia: number): string[] {
  const urls: string[] = [];
  for (let i = 0; i < numMedia; i++) {
    const url = params.optional(`MediaUrl${i}`);
    if (url) urls.push(url);
  }
  return urls;
}

/** Incoming texts and the delivery reports of the ones we send. */
export async function smsRoutes(app: FastifyInstance) {
  const { db, routing, clock, live } = app.deps;

  /**
   * An incoming SMS or MMS: stored once per MessageSid, its sender made a contact (when it is a
   * number: not a withheld, alphanumeric or short-code sender), opt-out keywords applied, all in
   * one transaction. A repeated delivery inserts nothing and changes nothing; a text for an
   * account deleted meanwhile is not stored.
   */
  app.post(smsPaths.incoming, async (request, reply) => {
    const params = carrierParams(request);
    const messageSid = params.firstOf("MessageSid", "SmsMessageSid", "SmsSid");
    const from = params.text("From");
    const to = params.text("To");
    if (!messageSid || !from || !to) return sendTwiml(reply, EMPTY_TWIML);
    const owner = accountOfCall(routing.current(), to, callerOf(params));
    if (!owner) {
      request.log.warn({ messageSid, to }, "text to a number no account owns");
      return sendTwiml(reply, EMPTY_TWIML);
    }
    const body = params.text("Body");
    const numMedia = params.integer("NumMedia", { min: 0, max: MAX_MEDIA }) ?? 0;
    const sender = contactableNumber(from);
    const now = clock();

    const created = await db.db
      .transaction(async (tx) => {
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
            // 0 or absent: the carrier did not say.
            numSegments: params.integer("NumSegments", { min: 0, max: MAX_SEGMENTS }) || countSegments(body),
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

        if (!sender) return true;
        const contactId = await touchContactByPhone(tx, {
          accountId: owner.accountId,
          phone: sender,
          source: "text",
          at: now,
        });
        if (contactId) await tx.update(messages).set({ contactId }).where(eq(messages.id, message.id));

        const keyword = keywordOf(body);
        if (keyword && isE164(to)) {
          const pair = and(eq(smsOptOuts.ourNumber, to), eq(smsOptOuts.subscriberNumber, sender));
          if (keyword === "opt-out") {
            await tx
              .insert(smsOptOuts)
              .values({
                id: newId("optOut"),
                accountId: owner.accountId,
                ourNumber: to,
                subscriberNumber: sender,
                optedOutAt: now,
              })
              .onConflictDoNothing({ target: [smsOptOuts.ourNumber, smsOptOuts.subscriberNumber] });
          } else {
            await tx.delete(smsOptOuts).where(pair);
          }
        }
        return true;
      })
      .catch((error: unknown) => {
        if (!isForeignKeyViolation(error)) throw error;
        request.log.warn(
          { messageSid, accountId: owner.accountId },
          "text for an account that no longer exists",
        );
        return false;
      });

    if (created) {
      publishLiveEvent(live, request.log, owner.accountId, {
        type: "message.received",
        messageSid,
        from,
        to,
        body,
      });
    }
    return sendTwiml(reply, EMPTY_TWIML);
  });

  /**
   * Delivery report of an outbound message: the stored status moves forward only, duplicates and
   * late reports change nothing, and the first report of sent hands the charge to billing.
   */
  app.post(smsPaths.status, async (request, reply) => {
    const params = carrierParams(request);
    const messageSid = params.firstOf("MessageSid", "SmsSid");
    const status = params.firstOf("MessageStatus", "SmsStatus") ?? "";
    if (!messageSid || !isOutboundStatus(status)) return sendTwiml(reply, EMPTY_TWIML);
    const applied = await advanceOutboundStatus(db.db, {
      messageSid,
      status,
      errorCode: params.integer("ErrorCode", { min: 0, max: MAX_INT32 }) ?? null,
      now: clock(),
    });
    if (applied) {
      app.deps.jobs?.notify();
      publishLiveEvent(live, request.log, applied.accountId, { type: "message.status", messageSid, status });
    } else request.log.debug({ messageSid, status }, "delivery report changed nothing");
    return sendTwiml(reply, EMPTY_TWIML);
  });
}
