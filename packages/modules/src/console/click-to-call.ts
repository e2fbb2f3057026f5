import type { Database } from "@poundline/db";
import { newId, schema } from "@poundline/db";
import { destinationRefusal } from "@poundline/domain/destination-policy";
import { type CarrierClient, CarrierError } from "@poundline/platform/carrier/client";
import { and, asc, eq, sql } from "drizzle-orm";
import { prepaidCall } from "../billing/prepaid";
import { loadDestinationPolicy } from "../destinations/policy";
import { upsertCallLog } from "../webhooks/call-events";

const { callLogs, emergencyAddresses, phoneNumbers } = schema;

/** The carrier fetches the bridge leg's TwiML here once the user's own phone answers. */
export const CLICK_TO_CALL_PATH = "/twilio/voice/click-to-call";
/** Seconds the user's own phone rings before the attempt ends as no-answer. */
export const OWN_PHONE_RING_SECONDS = 30;

export interface ClickToCallPorts {
  db: Database;
  carrier: Pick<CarrierClient, "createCall">;
  /** Our public base URL, as the carrier reaches (and signs) it. */
  webhookBaseUrl: string;
  statusPath: string;
  /** Why the billing gate refuses calls now (trial ended, spend cap, suspended), or null. */
  billingRefusal(accountId: string): string | null;
}

export type ClickToCallResult =
  | { ok: true; callId: string; callSid: string }
  | { ok: false; reason: "no-number" | "no-e911" | "carrier"; message?: string }
  /** A leg the account may not dial (the destination policy), on the field that names it. */
  | { ok: false; reason: "destination"; field: "myPhone" | "to"; message: string }
  /** The wallet cannot pay the first minute of both legs, or a leg has no price. */
  | { ok: false; reason: "prepaid"; message: string }
  /** The billing gate is closed: trial ended without a plan, spend cap reached, or suspended. */
  | { ok: false; reason: "billing"; message: string };

/**
 * Both legs are dialled and billed by the carrier, so both answer to the destination policy, and
 * the wallet must pay the first minute of both. Null when the call may be placed, with its time limit.
 */
async function refuseLegs(
  db: Database,
  input: { accountId: string; myPhone: string; to: string },
): Promise<Exclude<ClickToCallResult, { ok: true }> | { ok: true; timeLimitSeconds: number }> {
  const policy = await loadDestinationPolicy(db, input.accountId);
  for (const field of ["myPhone", "to"] as const) {
    const refused = destinationRefusal(input[field], policy);
    if (refused) return { ok: false, reason: "destination", field, message: refused.message };
  }
  const prepaid = await prepaidCall(db, input.accountId, [input.myPhone, input.to]);
  if (!prepaid.ok) return { ok: false, reason: "prepaid", message: prepaid.message };
  return { ok: true, timeLimitSeconds: prepaid.timeLimitSeconds };
}

/**
 * The number an outgoing call shows: the one asked for, else the account's first with an E911
 * address (only a number with one may place outbound calls), else its first. Null: no number.
 */
export async function callerIdNumber(db: Database, accountId: string, callerId?: string) {
  const [number] = await db
    .select({ id: phoneNumbers.id, e164: phoneNumbers.e164, e911: emergencyAddresses.carrierSid })
    .from(phoneNumbers)
    .leftJoin(emergencyAddresses, eq(emergencyAddresses.phoneNumberId, phoneNumbers.id))
    .where(
      and(
        eq(phoneNumbers.accountId, accountId),
        eq(phoneNumbers.voiceEnabled, true),
        ...(callerId ? [eq(phoneNumbers.id, callerId)] : []),
      ),
    )
    .orderBy(sql`${emergencyAddresses.carrierSid} is null`, asc(phoneNumbers.e164))
    .limit(1);
  return number ?? null;
}

/**
 * Make a Call: the carrier calls the user's own phone from one of the account's numbers; when it
 * is answered, our TwiML dials the destination with that number as caller ID. The call is logged
 * at once as the user's outbound call to the destination; the status callbacks of the first leg
 * move it forward like any other call.
 */
export async function placeClickToCall(
  ports: ClickToCallPorts,
  input: { accountId: string; userId: string; myPhone: string; to: string; callerId?: string | undefined },
): Promise<ClickToCallResult> {
  const { db } = ports;
  const closed = ports.billingRefusal(input.accountId);
  if (closed) return { ok: false, reason: "billing", message: closed };
  const number = await callerIdNumber(db, input.accountId, input.callerId);
  if (!number) return { ok: false, reason: "no-number" };
  if (!number.e911) return { ok: false, reason: "no-e911" };
  const legs = await refuseLegs(db, input);
  if (!legs.ok) return legs;

  const callId = newId("call");
  // The bridge's TwiML needs no lookup: the carrier may fetch it before the call log is written,
  // and its signature covers this URL, so nobody else can ask for another destination or a
  // longer time limit.
  const timeLimit = String(legs.timeLimitSeconds);
  // The account and number let the bridge leg report its own completion, charged by destination.
  const query = new URLSearchParams({
    to: input.to,
    callerId: number.e164,
    timeLimit,
    a: input.accountId,
    n: number.id,
  });
  const url = `${ports.webhookBaseUrl}${CLICK_TO_CALL_PATH}?${query}`;
  let sid: string;
  try {
    ({ sid } = await ports.carrier.createCall({
      from: number.e164,
      to: input.myPhone,
      url,
      statusCallback: `${ports.webhookBaseUrl}${ports.statusPath}`,
      timeout: OWN_PHONE_RING_SECONDS,
      timeLimit: legs.timeLimitSeconds,
    }));
  } catch (err) {
    if (err instanceof CarrierError) return { ok: false, reason: "carrier", message: err.message };
    throw err;
  }
  // The first status callback may already have logged the leg (to the user's phone): the log is
  // of the call to the destination, by the user; this leg is priced by the phone it rang.
  const row = await upsertCallLog(
    db,
    sql`
      insert into ${callLogs} (id, account_id, user_id, phone_number_id, call_sid, direction, from_number,
        to_number, dialled_number, call_status)
      values (${callId}, ${input.accountId}, ${input.userId}, ${number.id}, ${sid}, 'outbound', ${number.e164},
        ${input.to}, ${input.myPhone}, 'initiated')
      on conflict (call_sid) do update set to_number = excluded.to_number, user_id = excluded.user_id,
        dialled_number = excluded.dialled_number, updated_at = now()`,
    new Date(),
  );
  return { ok: true, callId: row?.id ?? callId, callSid: sid };
}
