import { type Database, newId, schema } from "@poundline/db";
import { countSegments } from "@poundline/domain";
import { type CarrierClient, CarrierError } from "@poundline/platform/carrier/client";
import type { LiveEvent } from "@poundline/platform/events/live";
import { sql } from "drizzle-orm";
import { CLICK_TO_CALL_PATH, OWN_PHONE_RING_SECONDS } from "../console/click-to-call";
import { createInboundTexts } from "../messages/inbound-texts";
import { upsertCallLog } from "../webhooks/call-events";

/** The business line a widget reaches: always the widget's own licensed number. */
export interface BusinessLine {
  accountId: string;
  e164: string;
  phoneNumberId: string | null;
}

export interface CallbackPorts {
  db: Database;
  carrier: Pick<CarrierClient, "createCall">;
  webhookBaseUrl: string;
  statusPath: string;
}

/**
 * A website visitor's callback: the carrier calls the business's own number first (from that
 * number); once it is answered, the same bridge TwiML as Make a Call dials the visitor with the
 * business number as caller ID. Logged at once as the business's outbound call to the visitor.
 */
export async function placeCallback(
  ports: CallbackPorts,
  line: BusinessLine,
  visitor: string,
): Promise<{ ok: true; callSid: string } | { ok: false; reason: string }> {
  // The URL is signed by the carrier with the rest: nobody can swap in another destination.
  const query = new URLSearchParams({
    to: visitor,
    callerId: line.e164,
    a: line.accountId,
    ...(line.phoneNumberId ? { n: line.phoneNumberId } : {}),
  });
  let sid: string;
  try {
    ({ sid } = await ports.carrier.createCall({
      from: line.e164,
      to: line.e164,
      url: `${ports.webhookBaseUrl}${CLICK_TO_CALL_PATH}?${query}`,
      statusCallback: `${ports.webhookBaseUrl}${ports.statusPath}`,
      timeout: OWN_PHONE_RING_SECONDS,
    }));
  } catch (err) {
    if (err instanceof CarrierError) return { ok: false, reason: err.message };
    throw err;
  }
  const { callLogs } = schema;
  // The first status callback may have logged the leg already: it is the call to the visitor.
  await upsertCallLog(
    ports.db,
    sql`
      insert into ${callLogs} (id, account_id, phone_number_id, call_sid, direction, from_number, to_number,
        dialled_number, call_status, notes)
      values (${newId("call")}, ${line.accountId}, ${line.phoneNumberId}, ${sid}, 'outbound', ${line.e164},
        ${visitor}, ${line.e164}, 'initiated', 'Website widget callback')
      on conflict (call_sid) do update set to_number = excluded.to_number,
        dialled_number = excluded.dialled_number, notes = excluded.notes, updated_at = now()`,
    new Date(),
  );
  return { ok: true, callSid: sid };
}

/**
 * A website visitor's text, stored in the account's inbox as an inbound message from the visitor
 * to the widget's number (the visitor becomes a contact), exactly as a carrier text would be.
 * No carrier is involved: the message id is ours, made from the attempt's.
 */
export async function deliverVisitorText(
  ports: { db: Database; publish(accountId: string, event: LiveEvent): void },
  line: BusinessLine,
  text: { attemptId: string; from: string; body: string; at: Date },
): Promise<{ ok: true; messageSid: string } | { ok: false; reason: string }> {
  const messageSid = `WIDGET_${text.attemptId}`;
  const outcome = await createInboundTexts(ports.db).record({
    accountId: line.accountId,
    phoneNumberId: line.phoneNumberId,
    messageSid,
    from: text.from,
    to: line.e164,
    body: text.body,
    numSegments: countSegments(text.body),
    numMedia: 0,
    mediaUrls: [],
    mediaContentTypes: [],
    receivedAt: text.at,
    contactPhone: text.from,
    // A typed STOP is a word in a message here: opt-outs are the carrier's, for texts it carries.
    optOut: null,
  });
  if (outcome !== "stored") return { ok: false, reason: outcome };
  ports.publish(line.accountId, {
    type: "message.received",
    messageSid,
    from: text.from,
    to: line.e164,
    body: text.body,
  });
  return { ok: true, messageSid };
}
