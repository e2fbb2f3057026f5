import { type Database, newId, schema } from "@poundline/db";
import type { greetingCallTargets } from "@poundline/db/enums";
import {
  type GreetingCallEvent,
  type GreetingCallReply,
  type GreetingCallState,
  type GreetingCallTake,
  greetingCallStep,
  greetingCallUrls,
} from "@poundline/domain";
import { destinationRefusal } from "@poundline/domain/destination-policy";
import { type CarrierClient, CarrierError } from "@poundline/platform/carrier/client";
import { enqueue, type OutboxWriter } from "@poundline/platform/outbox";
import { and, eq, isNull, type SQL, sql } from "drizzle-orm";
import { prepaidCall } from "../billing/prepaid";
import { callerIdNumber, OWN_PHONE_RING_SECONDS } from "../console/click-to-call";
import { loadDestinationPolicy } from "../destinations/policy";
import { upsertCallLog } from "../webhooks/call-events";
import type { GreetingSlot } from "./greetings";

const { callLogs, extensions, greetingCalls, ivrMenus, phoneNumbers } = schema;

/** What a greeting recorded by phone is for. */
export interface GreetingCallTarget {
  type: (typeof greetingCallTargets)[number];
  id: string;
  slot: GreetingSlot;
}

/** The longest a greeting call may last (seconds): a few takes of two minutes at most. */
const GREETING_CALL_MAX_SECONDS = 15 * 60;

export type GreetingCallRow = typeof greetingCalls.$inferSelect;

export function greetingCallView(row: GreetingCallRow) {
  return {
    id: row.id,
    targetType: row.targetType,
    targetId: row.targetId,
    slot: row.slot,
    phone: row.phone,
    status: row.status,
    audioUrl: row.audioUrl,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  };
}

export interface StartGreetingCallPorts {
  db: Database;
  carrier: Pick<CarrierClient, "createCall">;
  /** Our public base URL, as the carrier reaches (and signs) it. */
  webhookBaseUrl: string;
  /** Why the billing gate refuses calls now (trial ended, spend cap, suspended), or null. */
  billingRefusal(accountId: string): string | null;
  clock: () => Date;
}

export type StartGreetingCallResult =
  | { ok: true; call: ReturnType<typeof greetingCallView> }
  | { ok: false; reason: "not_found" | "no-number" }
  | { ok: false; reason: "destination" | "prepaid" | "billing" | "carrier"; message: string };

/** Whether the number, extension or menu is the account's (another account's: no, like a missing one). */
async function ownsTarget(db: Database, accountId: string, target: GreetingCallTarget) {
  const table = target.type === "number" ? phoneNumbers : target.type === "extension" ? extensions : ivrMenus;
  const [row] = await db
    .select({ id: table.id })
    .from(table)
    .where(and(eq(table.id, target.id), eq(table.accountId, accountId)))
    .limit(1);
  return row !== undefined;
}

/**
 * Record by phone: the carrier calls the member's phone from one of the account's numbers, as
 * Make a Call rings the user's own phone (the billing gate, the destination policy and the wallet
 * decide whether it may). The row is written first, so the first webhook finds it.
 */
export async function startGreetingCall(
  ports: StartGreetingCallPorts,
  input: { accountId: string; userId: string; target: GreetingCallTarget; phone: string },
): Promise<StartGreetingCallResult> {
  const { db } = ports;
  if (!(await ownsTarget(db, input.accountId, input.target))) return { ok: false, reason: "not_found" };
  const closed = ports.billingRefusal(input.accountId);
  if (closed) return { ok: false, reason: "billing", message: closed };
  const number = await callerIdNumber(db, input.accountId);
  if (!number) return { ok: false, reason: "no-number" };
  const refused = destinationRefusal(input.phone, await loadDestinationPolicy(db, input.accountId));
  if (refused) return { ok: false, reason: "destination", message: refused.message };
  const prepaid = await prepaidCall(db, input.accountId, [input.phone]);
  if (!prepaid.ok) return { ok: false, reason: "prepaid", message: prepaid.message };

  const id = newId("greetingCall");
  const now = ports.clock();
  await db.insert(greetingCalls).values({
    id,
    accountId: input.accountId,
    userId: input.userId,
    targetType: input.target.type,
    targetId: input.target.id,
    slot: input.target.slot,
    phone: input.phone,
    createdAt: now,
    updatedAt: now,
  });
  const urls = greetingCallUrls(ports.webhookBaseUrl, id);
  let sid: string;
  try {
    ({ sid } = await ports.carrier.createCall({
      from: number.e164,
      to: input.phone,
      url: urls.start,
      statusCallback: urls.status,
      timeout: OWN_PHONE_RING_SECONDS,
      timeLimit: Math.min(prepaid.timeLimitSeconds, GREETING_CALL_MAX_SECONDS),
    }));
  } catch (err) {
    await db
      .update(greetingCalls)
      .set({ status: "failed", updatedAt: ports.clock() })
      .where(eq(greetingCalls.id, id));
    if (err instanceof CarrierError) return { ok: false, reason: "carrier", message: err.message };
    throw err;
  }
  // The call is the member's, logged as Make a Call logs its first leg (its status callbacks move
  // it on and charge it; the first may have logged it already).
  await upsertCallLog(
    db,
    sql`
      insert into ${callLogs} (id, account_id, user_id, phone_number_id, call_sid, direction, from_number,
        to_number, dialled_number, call_status)
      values (${newId("call")}, ${input.accountId}, ${input.userId}, ${number.id}, ${sid}, 'outbound',
        ${number.e164}, ${input.phone}, ${input.phone}, 'initiated')
      on conflict (call_sid) do update set user_id = excluded.user_id, updated_at = now()`,
    ports.clock(),
  );
  // The first webhook may have moved the row on already: only the CallSid is added.
  const [row] = await db
    .update(greetingCalls)
    .set({ callSid: sid })
    .where(and(eq(greetingCalls.id, id), isNull(greetingCalls.callSid)))
    .returning();
  const [current] = row ? [row] : await db.select().from(greetingCalls).where(eq(greetingCalls.id, id));
  if (!current) return { ok: false, reason: "not_found" };
  return { ok: true, call: greetingCallView(current) };
}

/** A member's greeting call, for the console that follows it. */
export async function findGreetingCall(db: Database, accountId: string, id: string) {
  const [row] = await db
    .select()
    .from(greetingCalls)
    .where(and(eq(greetingCalls.id, id), eq(greetingCalls.accountId, accountId)))
    .limit(1);
  return row ? greetingCallView(row) : null;
}

const stateOf = (row: GreetingCallRow): GreetingCallState => ({
  status: row.status,
  take:
    row.recordingSid && row.recordingUrl
      ? { recordingSid: row.recordingSid, recordingUrl: row.recordingUrl }
      : null,
});

/** The job that fetches, stores and sets a saved greeting: one per greeting call. */
export const storeGreetingRecordingJob = (greetingCallId: string) =>
  ({
    queue: "voicemail",
    name: "store-greeting-recording",
    jobId: `store-greeting-recording:${greetingCallId}`,
  }) as const;

const discardTakeJob = (recordingSid: string) =>
  ({
    queue: "voicemail",
    name: "discard-greeting-take",
    jobId: `discard-greeting-take:${recordingSid}`,
  }) as const;

export interface GreetingCallAnswer {
  reply: GreetingCallReply;
  take: GreetingCallTake | null;
}

/**
 * A webhook of a greeting call: the row's state moves by greetingCallStep, written only if nobody
 * moved it meanwhile (compare and set), with its jobs in the same transaction. A repeated
 * delivery finds the state already moved: it answers the same and enqueues nothing.
 */
export async function onGreetingCallEvent(
  outbox: OutboxWriter,
  db: Database,
  id: string,
  event: GreetingCallEvent,
  now: Date,
): Promise<GreetingCallAnswer> {
  for (let attempt = 0; attempt < 3; attempt++) {
    const [row] = await db.select().from(greetingCalls).where(eq(greetingCalls.id, id)).limit(1);
    if (!row) return { reply: event.kind === "ended" ? "none" : "over", take: null };
    const before = stateOf(row);
    const outcome = greetingCallStep(before, event);
    const { state } = outcome;
    const changed = state.status !== before.status || state.take?.recordingSid !== before.take?.recordingSid;
    if (!changed) return { reply: outcome.reply, take: state.take };
    const unchangedSince: SQL | undefined = and(
      eq(greetingCalls.id, id),
      eq(greetingCalls.status, row.status),
      row.recordingSid === null
        ? isNull(greetingCalls.recordingSid)
        : eq(greetingCalls.recordingSid, row.recordingSid),
    );
    const written = await outbox.transaction(async (tx) => {
      const [moved] = await tx
        .update(greetingCalls)
        .set({
          status: state.status,
          recordingSid: state.take?.recordingSid ?? null,
          recordingUrl: state.take?.recordingUrl ?? null,
          updatedAt: now,
        })
        .where(unchangedSince)
        .returning({ id: greetingCalls.id });
      if (!moved) return false;
      for (const command of outcome.commands) {
        if (command.kind === "save") await enqueue(tx, storeGreetingRecordingJob(id), { greetingCallId: id });
        else await enqueue(tx, discardTakeJob(command.recordingSid), { recordingSid: command.recordingSid });
      }
      return true;
    });
    if (written) return { reply: outcome.reply, take: state.take };
  }
  return { reply: "over", take: null };
}
