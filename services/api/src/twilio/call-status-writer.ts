import { type Database, newId, queryRows, schema } from "@poundline/db";
import { groupCommit } from "@poundline/workers";
import { type SQL, sql } from "drizzle-orm";

/** One call progress event, as the status webhook read it. */
export interface CallStatusEvent {
  accountId: string;
  phoneNumberId: string | null;
  callSid: string;
  parentCallSid: string | null;
  inbound: boolean;
  fromNumber: string;
  toNumber: string;
  /** The caller's number on an inbound call, the called one on an outbound call. */
  theirNumber: string;
  callerName: string | undefined;
  callStartTime: Date;
  answeredAt: Date | null;
  endedAt: Date | null;
  durationSeconds: number;
  callStatus: string;
  sequence: number;
  eventTime: Date;
  fromCity: string | null;
  fromState: string | null;
  fromCountry: string | null;
}

/** The call log as the event left it; null when the event changed nothing (late or repeated). */
export type CallStatusApplied = { id: string; callStatus: string } | null;

/** Events written per statement at most. */
const MAX_BATCH = 200;

/**
 * Writes call progress: the caller's contact (created or touched), the call log (created or
 * moved forward by SequenceNumber, so duplicates and late events change nothing) and, for a
 * completed call, the hand-offs to the workers (charge, missed-call notice) — all of it in one
 * statement, so each event is atomic without a transaction.
 *
 * Events that arrive while a statement runs are written together by the next one (group commit):
 * under load one round trip serves a batch of webhooks, and a lone event waits for nothing.
 */
export function createCallStatusWriter(db: Database): (event: CallStatusEvent) => Promise<CallStatusApplied> {
  const write = async (round: CallStatusEvent[]) => {
    const rows = await queryRows<{ id: string; call_sid: string; call_status: string }>(
      db,
      statusStatement(round),
    );
    const bySid = new Map(rows.map((r) => [r.call_sid, { id: r.id, callStatus: r.call_status }]));
    return round.map((event) => bySid.get(event.callSid) ?? null);
  };

  const commit = groupCommit(async (events: CallStatusEvent[]) => {
    const results = new Map<CallStatusEvent, CallStatusApplied | Failed>();
    // A statement may touch a call log once: repeated CallSids go in later rounds, in order.
    for (const round of roundsOfDistinctCalls(events)) {
      try {
        const applied = await write(round);
        for (const [i, event] of round.entries()) results.set(event, applied[i] ?? null);
      } catch (error) {
        // One bad event (an account deleted meanwhile…) must not fail the webhooks it shared a
        // statement with: each is written alone, and only the bad one fails (the carrier retries).
        for (const event of round) {
          if (round.length === 1) {
            results.set(event, { error });
            continue;
          }
          try {
            results.set(event, (await write([event]))[0] ?? null);
          } catch (alone) {
            results.set(event, { error: alone });
          }
        }
      }
    }
    return events.map((event) => results.get(event) ?? null);
  }, MAX_BATCH);

  return async (event) => {
    const result = await commit(event);
    if (result && "error" in result) throw result.error;
    return result;
  };
}

interface Failed {
  error: unknown;
}

function roundsOfDistinctCalls(events: CallStatusEvent[]): CallStatusEvent[][] {
  const rounds: { events: CallStatusEvent[]; sids: Set<string> }[] = [];
  for (const event of events) {
    let round = rounds.find((r) => !r.sids.has(event.callSid));
    if (!round) {
      round = { events: [], sids: new Set() };
      rounds.push(round);
    }
    round.events.push(event);
    round.sids.add(event.callSid);
  }
  return rounds.map((r) => r.events);
}

const list = (items: SQL[]) => sql.join(items, sql`, `);
/** Raw parameters bypass drizzle's column mapping: timestamps go as ISO text for both drivers. */
const iso = (date: Date | null) => date?.toISOString() ?? null;

function statusStatement(events: CallStatusEvent[]): SQL {
  const { contacts, callLogs, voicemails, jobOutbox } = schema;

  // One contact row per (account, number): an upsert may touch a row once per statement.
  const contactRows = new Map<string, CallStatusEvent>();
  for (const e of events) {
    const key = `${e.accountId}\u0000${e.theirNumber}`;
    const seen = contactRows.get(key);
    if (!seen || seen.eventTime < e.eventTime) contactRows.set(key, e);
  }
  const contactValues = [...contactRows.values()].map(
    (e) =>
      sql`(${newId("contact")}, ${e.accountId}, ${e.callerName || e.theirNumber}, ${e.theirNumber}, 'call', ${iso(e.eventTime)}::timestamptz, ${iso(e.eventTime)}::timestamptz, ${iso(e.eventTime)}::timestamptz)`,
  );

  const eventValues = events.map(
    (e) =>
      sql`(${newId("call")}, ${e.accountId}, ${e.phoneNumberId}, ${e.callSid}, ${e.parentCallSid}, ${e.inbound ? "inbound" : "outbound"}, ${e.fromNumber}, ${e.toNumber}, ${e.theirNumber}, ${iso(e.callStartTime)}::timestamptz, ${iso(e.answeredAt)}::timestamptz, ${iso(e.endedAt)}::timestamptz, ${e.durationSeconds}::integer, ${e.callStatus}, ${e.sequence}::integer, ${e.fromCity}, ${e.fromState}, ${e.fromCountry})`,
  );

  // Charging happens in a worker; the missed-call notice decides for itself whether nobody
  // answered (voicemail has its own). Written only with a call log row that moved.
  const jobValues = events.flatMap((e) => {
    if (e.callStatus !== "completed") return [];
    const payload = JSON.stringify({ callSid: e.callSid });
    const jobs = [
      sql`(${newId("job")}, 'billing', 'charge-call', ${`charge-call:${e.callSid}`}, ${payload}, ${e.callSid})`,
    ];
    if (e.inbound)
      jobs.push(
        sql`(${newId("job")}, 'notifications', 'missed-call', ${`missed-call:${e.callSid}`}, ${payload}, ${e.callSid})`,
      );
    return jobs;
  });
  const jobs =
    jobValues.length === 0
      ? sql`select 1`
      : sql`insert into ${jobOutbox} (id, queue, job_name, job_id, payload)
          select j.id, j.queue, j.job_name, j.job_id, j.payload::jsonb
          from (values ${list(jobValues)}) as j(id, queue, job_name, job_id, payload, call_sid)
          join log on log.call_sid = j.call_sid`;

  return sql`
    with ev (id, account_id, phone_number_id, call_sid, parent_call_sid, direction, from_number, to_number,
        their_number, call_start_time, answered_at, ended_at, duration_seconds, call_status,
        last_sequence_number, from_city, from_state, from_country) as (values ${list(eventValues)}),
    contact as (
      insert into ${contacts} (id, account_id, name, phone, source, last_contacted, created_at, updated_at)
      values ${list(contactValues)}
      on conflict (account_id, phone) do update
        set last_contacted = greatest(${contacts.lastContacted}, excluded.last_contacted)
      returning id, account_id, phone
    ),
    log as (
      insert into ${callLogs} (id, account_id, contact_id, phone_number_id, call_sid, parent_call_sid,
        direction, from_number, to_number, call_start_time, answered_at, ended_at, duration_seconds,
        call_status, last_sequence_number, from_city, from_state, from_country)
      select ev.id, ev.account_id, contact.id, ev.phone_number_id, ev.call_sid, ev.parent_call_sid,
        ev.direction, ev.from_number, ev.to_number, ev.call_start_time, ev.answered_at, ev.ended_at,
        ev.duration_seconds, ev.call_status, ev.last_sequence_number, ev.from_city, ev.from_state,
        ev.from_country
      from ev left join contact on contact.account_id = ev.account_id and contact.phone = ev.their_number
      on conflict (call_sid) do update set
        call_status = case when excluded.call_status = 'completed'
          and exists (select 1 from ${voicemails} v where v.call_sid = excluded.call_sid)
          then 'voicemail_missed' else excluded.call_status end,
        last_sequence_number = excluded.last_sequence_number,
        duration_seconds = greatest(${callLogs.durationSeconds}, excluded.duration_seconds),
        answered_at = coalesce(${callLogs.answeredAt}, excluded.answered_at),
        ended_at = coalesce(excluded.ended_at, ${callLogs.endedAt}),
        call_start_time = least(${callLogs.callStartTime}, excluded.call_start_time),
        updated_at = now()
      where ${callLogs.lastSequenceNumber} < excluded.last_sequence_number
      returning id, call_sid, call_status
    ),
    jobs as (${jobs})
    select id, call_sid, call_status from log`;
}
