import { accountOfCall, EMPTY_TWIML, type GateState, gateState } from "@poundline/domain";
import {
  type CarrierParams,
  callerOf,
  carrierParams,
  MAX_INT32,
  MAX_MEDIA,
} from "@poundline/modules/carrier/carrier-params";
import { smsPaths } from "@poundline/modules/carrier/sms-paths";
import { advanceOutboundStatus } from "@poundline/modules/messages/delivery";
import { createInboundTexts } from "@poundline/modules/messages/inbound-texts";
import { type IncomingText, MAX_SEGMENTS, receiveText } from "@poundline/modules/messages/receive";
import { isOutboundStatus } from "@poundline/modules/messages/status";
import { publishLiveEvent } from "@poundline/platform/events/live";
import type { FastifyInstance } from "fastify";
import { sendTwiml } from "../../carrier/twiml-reply";

export { smsPaths };

/**
 * The gates under which incoming texts are not delivered. An empty wallet is not one: receiving
 * costs nothing, only sending stops.
 */
const TEXT_REFUSING_GATES = new Set<GateState>(["trial_ended", "spend_cap", "suspended"]);

/** MediaUrl0..MediaUrl(N-1) of an MMS; `numMedia` is at most MAX_MEDIA. */
function mediaUrlsOf(params: CarrierParams, numMedia: number): string[] {
  const urls: string[] = [];
  for (let i = 0; i < numMedia; i++) {
    const url = params.optional(`MediaUrl${i}`);
    if (url) urls.push(url);
  }
  return urls;
}

/** MediaContentType0..(N-1), for the MediaUrls kept (the console shows images inline, links otherwise). */
function mediaContentTypesOf(params: CarrierParams, numMedia: number): string[] {
  const types: string[] = [];
  for (let i = 0; i < numMedia; i++) {
    if (params.optional(`MediaUrl${i}`)) types.push(params.optional(`MediaContentType${i}`) ?? "");
  }
  return types;
}

/** The text the carrier's webhook delivers. */
function incomingText(params: CarrierParams): IncomingText {
  const numMedia = params.integer("NumMedia", { min: 0, max: MAX_MEDIA }) ?? 0;
  return {
    messageSid: params.firstOf("MessageSid", "SmsMessageSid", "SmsSid"),
    from: params.text("From"),
    to: params.text("To"),
    caller: callerOf(params),
    body: params.text("Body"),
    numMedia,
    mediaUrls: mediaUrlsOf(params, numMedia),
    mediaContentTypes: mediaContentTypesOf(params, numMedia),
    numSegments: params.integer("NumSegments", { min: 0, max: MAX_SEGMENTS }),
  };
}

/** Incoming texts and the delivery reports of the ones we send. */
export async function smsRoutes(app: FastifyInstance) {
  const { db, routing, clock, live } = app.deps;
  const texts = createInboundTexts(db.db);

  /** An incoming SMS or MMS: see messages/receive.ts. */
  app.post(smsPaths.incoming, async (request, reply) => {
    const result = await receiveText(
      {
        ownerOf: (ourNumber, caller) => accountOfCall(routing.current(), ourNumber, caller),
        texts,
        clock,
        publish: (accountId, event) => publishLiveEvent(live, request.log, accountId, event),
        refused: (accountId) => {
          const account = routing.current().accounts.get(accountId);
          return account !== undefined && TEXT_REFUSING_GATES.has(gateState(account.gate, clock()));
        },
      },
      incomingText(carrierParams(request)),
    );
    if (!result.ok && result.reason === "no_owner") {
      request.log.warn({ messageSid: result.messageSid, to: result.to }, "text to a number no account owns");
    } else if (!result.ok && result.reason === "refused") {
      request.log.info(
        { messageSid: result.messageSid, accountId: result.accountId },
        "text not delivered: the account's texts are refused (trial ended, spend cap or suspended)",
      );
    } else if (!result.ok && result.reason === "account_gone") {
      request.log.warn(
        { messageSid: result.messageSid, accountId: result.accountId },
        "text for an account that no longer exists",
      );
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
    const applied = await advanceOutboundStatus(app.deps.outbox, {
      messageSid,
      status,
      errorCode: params.integer("ErrorCode", { min: 0, max: MAX_INT32 }) ?? null,
      now: clock(),
    });
    if (applied) {
      publishLiveEvent(live, request.log, applied.accountId, { type: "message.status", messageSid, status });
    } else request.log.debug({ messageSid, status }, "delivery report changed nothing");
    return sendTwiml(reply, EMPTY_TWIML);
  });
}
