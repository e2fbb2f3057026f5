import { type Database, isForeignKeyViolation, newId, queryRows, schema } from "@poundline/db";
import {
  CALL_PROGRESS_RANKS,
  type CallProgressStatus,
  contactableNumber,
  ENDED_RANK,
  type GeoRouteChoice,
  isEndedCall,
} from "@poundline/domain";
import { groupCommit } from "@poundline/platform/group-commit";
import { type OutboxRow, outboxRow } from "@poundline/platform/outbox";
import { type SQL, sql } from "drizzle-orm";
import { callWebhookCtes } from "../webhooks/call-events";

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
  callStatus: CallProgressStatus;
  /** The carrier's SequenceNumber; null when it sent none (the status orders the events then). */
  sequence: number | null;
  eventTime: Date;
  fromCity: string | null;
  fromState: string | null;
  fromCountry: string | null;
  /** For a call to a shared pound-code number: why it was routed to this account (kept when the log is created). */
  geo?: GeoRouteChoice | null;
}

/**
 * The call log as the event left it; null when the event changed nothing (late, repeated, or its
 * account gone). `queued`: the statement that wrote it put jobs in the outbox (missed-call
 * notices), so the relay is worth waking; a charge alone queues nothing (pending_charges).
 */
export type CallStatusApplied = { id: string; callStatus: string; queued: boolean } | null;

interface WarnLog {
  warn(obj: object, msg: string): void;
}

/** Events written per statement at most. */
const MAX_BATCH = 200;
/**
 * Under load, how long a statement waits for more events before it starts (at most; it starts
 * once GATHER_EVENTS wait): each statement (its round trip, its commit, its triggers) then serves
 * more webhooks. A lone event waits for nothing.
 */
const GATHER_MS = 40;
const GATHER_EVENTS = 50;

/**
 * Writes call progress: the caller's contact (created or touched; never for a withheld caller,
 * a SIP address or any other From that is not a number), the call log (created, or moved forward
 * by SequenceNumber, or by status when the carrier sent no SequenceNumber, so duplicates and late
 * events change nothing) and, for a completed call, the hand-offs to the workers (a
 * `pending_charges` row, a missed-call notice job) — all of it in one statement, so each event
 * is atomic without a transaction. A completion that brings a longer duration than the stored
 * one re-rates the call: it is handed off again, and billing charges the difference once.
 *
 * Events that arrive while a statement runs are written together by the next one (group commit):
 * under load one round trip serves a batch of webhooks, and a lone event waits for nothing. An
 * event for an account that no longer exists is a stored no-op (logged), never an error the
 * carrier would retry forever.
 */
export function createCallStatusWriter(
  db: Database,
  log: WarnLog = { warn() {} },
): (event: CallStatusEvent) => Promise<CallStatusApplied> {
  const write = async (round: CallStatusEvent[]) => {
    const rows = await queryRows<{
      id: string | null;
      call_sid: string;
      call_status: string | null;
      queued: boolean | null;
    }>(db, statusStatement(round));
    const bySid = new Map<string, CallStatusApplied>();
    for (const row of rows) {
      if (row.id === null || row.call_status === null) {
        log.warn({ callSid: row.call_sid }, "call status for an account that no longer exists: not stored");
        continue;
      }
      bySid.set(row.call_sid, { id: row.id, callStatus: row.call_status, queued: row.queued === true });
    }
    return round.map((event) => bySid.get(event.callSid) ?? null);
  };

  const flush = async (events: CallStatusEvent[]) => {
    const results = new Map<CallStatusEvent, CallStatusApplied | Failed>();
    // A statement may touch a call log once: repeated CallSids go in later rounds, in order.
    for (const round of roundsOfDistinctCalls(events)) {
      try {
        const applied = await write(round);
        for (const [i, event] of round.entries()) results.set(event, applied[i] ?? null);
      } catch (error) {
        // One bad event must not fail the webhooks it shared a statement with: each is written
        // alone, and only the bad one fails (the carrier retries).
        for (const event of round) {
          if (round.length === 1) {
            results.set(event, settleAlone(event, error));
            continue;
          }
          try {
            results.set(event, (await write([event]))[0] ?? null);
          } catch (alone) {
            results.set(event, settleAlone(event, alone));
          }
        }
      }
    }
    return events.map((event) => results.get(event) ?? null);
  };
  const commit = groupCommit(flush, MAX_BATCH, { gatherMs: GATHER_MS, gatherItems: GATHER_EVENTS });

  /** An event that failed alone: its account deleted in between is a no-op, anything else an error. */
  function settleAlone(event: CallStatusEvent, error: unknown): CallStatusApplied | Failed {
    if (!isForeignKeyViolation(error)) return { error };
    log.warn(
      { callSid: event.callSid, accountId: event.accountId },
      "call status for an account that no longer exists: not stored",
    );
    return null;
  }

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

/** Raw parameters bypass drizzle's column mapping: timestamps go as ISO text for both drivers. */
const iso = (date: Date | null) => date?.toISOString() ?? null;

/** A status's rank in SQL (see `callProgressRank`): a CASE over the same table. */
const rankOf = (column: string) =>
  sql.raw(
    `(case ${column} ${Object.entries(CALL_PROGRESS_RANKS)
      .map(([status, rank]) => `when '${status.replaceAll("'", "''")}' then ${rank}`)
      .join(" ")} else ${ENDED_RANK} end)`,
  );
const STORED_RANK = rankOf("call_logs.call_status");
const EVENT_RANK = rankOf("excluded.call_status");
/** Statuses of a call that was charged (or is being charged) for its completion. */
const CHARGED_STATUSES = sql.raw(`('completed', 'voicemail_missed')`);

/** An outbox row (typed by the job map) as a record of the statement's notice list. */
const handOff = (row: OutboxRow, callSid: string) => ({
  id: row.id,
  job_id: row.jobId,
  payload: row.payload,
  call_sid: callSid,
});

const missedCallNotice = (callSid: string) =>
  outboxRow({ queue: "notifications", name: "missed-call", jobId: `missed-call:${callSid}` }, { callSid });

/**
 * The rows of a batch go as four JSON parameters (events, contacts, hand-offs, legs), read by
 * `jsonb_to_recordset`: the statement's text is the same whatever the batch, so each connection
 * prepares it once and PostgreSQL plans it from its cache, instead of parsing a new statement of
 * hundreds of parameters for every batch. Stored calls are looked up one by one (a LATERAL with
 * LIMIT 1): the planner cannot turn them into a scan of the whole table, which it would pick for
 * a batch of unknown size (a hashed subplan, a hash join), at a cost growing with `call_logs`.
 */
function statusStatement(events: CallStatusEvent[]): SQL {
  const { accounts, callLogs } = schema;
  const contactNumberOf = new Map(events.map((e) => [e, contactableNumber(e.theirNumber)]));
  const eventRecords = events.map((e) => eventRecord(e, contactNumberOf.get(e) ?? null));
  const contact = contactUpsert(contactRecordsOf(events, contactNumberOf));
  const jobs = handOffInserts(noticeRecordsOf(events));
  const lateLegs = lateLegNotices(legRecordsOf(events));

  // Moves forward: by SequenceNumber when both the stored row and the event have one, else by
  // status; and a completion re-rates a completed call when it brings a longer duration.
  return sql`
    with ev as (
      select * from jsonb_to_recordset(${JSON.stringify(eventRecords)}::jsonb)
        as ev(id text, account_id text, phone_number_id text, call_sid text, parent_call_sid text,
          direction text, from_number text, to_number text, contact_number text,
          call_start_time timestamptz, answered_at timestamptz, ended_at timestamptz,
          duration_seconds integer, call_status text, last_sequence_number integer, from_city text,
          from_state text, from_country text, shared_number_id text, geo_route jsonb,
          caller_location jsonb)
    ),
    prev as (
      select l.call_sid, l.call_status, l.answered_at from ev cross join lateral (
        select call_sid, call_status, answered_at from ${callLogs} l where l.call_sid = ev.call_sid limit 1
      ) l
    ),
    contact as (${contact}),
    log as (
      ${callLogUpsert()}
    ),
    charges as (${pendingChargeInserts()}),
    jobs as (${jobs}),
    late_legs as (${lateLegs}),
    ${callWebhookCtes()}
    select id, call_sid, call_status,
      exists (select 1 from jobs) or exists (select 1 from late_legs) or exists (select 1 from hook_jobs) as queued
    from log
    union all
    select null, ev.call_sid, null, null from ev
    where not exists (select 1 from ${accounts} a where a.id = ev.account_id)`;
}

/** One contact row per (account, number), the latest event's: an upsert may touch a row once per statement. */
function contactRecordsOf(events: CallStatusEvent[], contactNumberOf: Map<CallStatusEvent, string | null>) {
  const contactRows = new Map<string, CallStatusEvent>();
  for (const e of events) {
    const phone = contactNumberOf.get(e);
    if (!phone) continue;
    const key = `${e.accountId}\u0000${phone}`;
    const seen = contactRows.get(key);
    if (!seen || seen.eventTime < e.eventTime) contactRows.set(key, e);
  }
  return [...contactRows.values()].map((e) => {
    const phone = contactNumberOf.get(e) ?? "";
    return {
      id: newId("contact"),
      account_id: e.accountId,
      name: e.callerName || phone,
      phone,
      at: iso(e.eventTime),
    };
  });
}

/** An event as a record of the statement's `ev` list. */
function eventRecord(e: CallStatusEvent, contactNumber: string | null) {
  return {
    id: newId("call"),
    account_id: e.accountId,
    phone_number_id: e.phoneNumberId,
    call_sid: e.callSid,
    parent_call_sid: e.parentCallSid,
    direction: e.inbound ? "inbound" : "outbound",
    from_number: e.fromNumber,
    to_number: e.toNumber,
    contact_number: contactNumber,
    call_start_time: iso(e.callStartTime),
    answered_at: iso(e.answeredAt),
    ended_at: iso(e.endedAt),
    duration_seconds: e.durationSeconds,
    call_status: e.callStatus,
    last_sequence_number: e.sequence ?? -1,
    from_city: e.fromCity,
    from_state: e.fromState,
    from_country: e.fromCountry,
    shared_number_id: e.geo?.sharedNumberId ?? null,
    geo_route: e.geo ? { rule: e.geo.rule } : null,
    caller_location: e.geo
      ? {
          ...e.geo.location,
          regions: [...e.geo.location.regions],
          ...(e.geo.postalCode ? { postalCode: e.geo.postalCode } : {}),
        }
      : null,
  };
}

// Charging happens in the workers, which drain `pending_charges` (see pendingChargeInserts).
// The missed-call notice of an inbound call is handed off only when the call may have been
// missed, decided here on what the statement sees (the notice's processor decides for good, and
// sends once): its log completed with no answer, or legs of it exist (already stored, or written
// by this statement), whose answers decide. A leg that ends after its parent completed hands off
// the parent's notice again (unless one is pending), so a leg reported late is still weighed.
// Written only with a call log row that moved; a call completed before (a re-rate) gets no second notice.
function noticeRecordsOf(events: CallStatusEvent[]) {
  return events.flatMap((e) =>
    e.callStatus === "completed" && e.inbound && e.parentCallSid === null
      ? [handOff(missedCallNotice(e.callSid), e.callSid)]
      : [],
  );
}

/** The ended legs of the batch: each may hand off its parent's missed-call notice (see lateLegNotices). */
function legRecordsOf(events: CallStatusEvent[]) {
  return events.flatMap((e) => {
    if (e.parentCallSid === null || !isEndedCall(e.callStatus)) return [];
    const notice = missedCallNotice(e.parentCallSid);
    return [
      {
        id: notice.id,
        job_id: notice.jobId,
        payload: notice.payload,
        call_sid: e.callSid,
        parent_sid: e.parentCallSid,
      },
    ];
  });
}

/** The callers' contacts, created or touched (`contact` in the statement). */
function contactUpsert(contactRecords: unknown[]): SQL {
  const { accounts, contacts } = schema;
  return sql`insert into ${contacts} (id, account_id, name, phone, source, last_contacted, created_at, updated_at)
          select c.id, c.account_id, c.name, c.phone, 'call', c.at, c.at, c.at
          from jsonb_to_recordset(${JSON.stringify(contactRecords)}::jsonb)
            as c(id text, account_id text, name text, phone text, at timestamptz)
          where exists (select 1 from ${accounts} a where a.id = c.account_id)
          on conflict (account_id, phone) do update
            set last_contacted = greatest(${contacts.lastContacted}, excluded.last_contacted)
          returning id, account_id, phone`;
}

/**
 * The charge hand-off of each completed call whose log moved (`charges` in the statement): a
 * row of `pending_charges`, which the workers' charge drain deletes in the wallet transaction
 * that charges it. A completion that moves a call charged before (a longer duration) hands it
 * off again: the biller charges the difference, once. No outbox row, no queue job.
 */
function pendingChargeInserts(): SQL {
  const { pendingCharges } = schema;
  return sql`insert into ${pendingCharges} (account_id, call_log_id)
          select log.account_id, log.id from log join ev on ev.call_sid = log.call_sid
          where ev.call_status = 'completed'`;
}

/** The missed-call notices of completed calls whose log moved (`jobs` in the statement; see noticeRecordsOf). */
function handOffInserts(noticeRecords: unknown[]): SQL {
  const { callLogs, jobOutbox } = schema;
  return sql`insert into ${jobOutbox} (id, queue, job_name, job_id, payload)
          select j.id, 'notifications', 'missed-call', j.job_id, j.payload
          from jsonb_to_recordset(${JSON.stringify(noticeRecords)}::jsonb)
            as j(id text, job_id text, payload jsonb, call_sid text)
          join log on log.call_sid = j.call_sid
          left join prev on prev.call_sid = j.call_sid
          left join lateral (
            select true as found from ${callLogs} leg where leg.parent_call_sid = j.call_sid limit 1
          ) stored_leg on true
          where (prev.call_status is null or prev.call_status not in ${CHARGED_STATUSES})
            and (log.call_status = 'refused'
              or (log.call_status = 'completed' and (log.answered_at is null
              or stored_leg.found
              or exists (select 1 from ev leg where leg.parent_call_sid = j.call_sid))))
          returning id`;
}

/** A leg that ended after its inbound parent completed hands off the parent's notice, unless one is pending. */
function lateLegNotices(legRecords: unknown[]): SQL {
  const { callLogs, jobOutbox } = schema;
  return sql`insert into ${jobOutbox} (id, queue, job_name, job_id, payload)
          select distinct on (j.parent_sid) j.id, 'notifications', 'missed-call', j.job_id, j.payload
          from jsonb_to_recordset(${JSON.stringify(legRecords)}::jsonb)
            as j(id text, job_id text, payload jsonb, call_sid text, parent_sid text)
          join log on log.call_sid = j.call_sid
          cross join lateral (
            select call_status, direction, parent_call_sid from ${callLogs} p
            where p.call_sid = j.parent_sid limit 1
          ) parent
          where parent.call_status = 'completed' and parent.direction = 'inbound'
            and parent.parent_call_sid is null
            and not exists (select 1 from ${jobOutbox} o where o.queue = 'notifications'
              and o.job_id = j.job_id and o.settled_at is null)
          returning id`;
}

/** The call log created or moved forward (`log` in the statement), from the events in `ev`. */
function callLogUpsert(): SQL {
  const {
    accounts,
    blockedCalls,
    callLogs,
    callExtensionDials,
    phoneNumbers,
    refusedCalls,
    sharedNumbers,
    voicemails,
  } = schema;
  return sql`insert into ${callLogs} (id, account_id, contact_id, phone_number_id, call_sid, parent_call_sid,
        direction, from_number, to_number, call_start_time, answered_at, ended_at, duration_seconds,
        call_status, last_sequence_number, from_city, from_state, from_country, shared_number_id,
        geo_route, caller_location, extension_id, extension_dial_status, block_rule)
      select ev.id, ev.account_id, contact.id,
        (select p.id from ${phoneNumbers} p where p.id = ev.phone_number_id),
        ev.call_sid, ev.parent_call_sid, ev.direction, ev.from_number, ev.to_number, ev.call_start_time,
        ev.answered_at, ev.ended_at, ev.duration_seconds,
        case when exists (select 1 from ${refusedCalls} r where r.call_sid = ev.call_sid) then 'refused'
          when exists (select 1 from ${blockedCalls} b where b.call_sid = ev.call_sid and b.action = 'reject')
          then 'blocked' else ev.call_status end,
        ev.last_sequence_number,
        ev.from_city, ev.from_state, ev.from_country,
        (select s.id from ${sharedNumbers} s where s.id = ev.shared_number_id), ev.geo_route,
        ev.caller_location, dial.extension_id, dial.dial_status,
        (select b.rule from ${blockedCalls} b where b.call_sid = ev.call_sid and b.account_id = ev.account_id)
      from ev left join contact on contact.account_id = ev.account_id and contact.phone = ev.contact_number
      -- The extension the call was put through to, when the dial was reported before this log existed.
      left join ${callExtensionDials} dial on dial.call_sid = ev.call_sid and dial.account_id = ev.account_id
      where exists (select 1 from ${accounts} a where a.id = ev.account_id)
      on conflict (call_sid) do update set
        call_status = case
          when exists (select 1 from ${refusedCalls} r where r.call_sid = excluded.call_sid) then 'refused'
          -- A rejected blocked caller: never answered, whatever the carrier reports.
          when ${callLogs.callStatus} = 'blocked' then 'blocked'
          when excluded.call_status = 'completed'
          and exists (select 1 from ${voicemails} v where v.call_sid = excluded.call_sid)
          then 'voicemail_missed' else excluded.call_status end,
        last_sequence_number = greatest(${callLogs.lastSequenceNumber}, excluded.last_sequence_number),
        duration_seconds = greatest(${callLogs.durationSeconds}, excluded.duration_seconds),
        answered_at = coalesce(${callLogs.answeredAt}, excluded.answered_at),
        ended_at = coalesce(excluded.ended_at, ${callLogs.endedAt}),
        call_start_time = least(${callLogs.callStartTime}, excluded.call_start_time),
        -- A log made early (an incoming call whose leg answered) gets the carrier's details at its end.
        -- Not its contact: a log made by Make a Call names the destination, and the carrier's event
        -- there is of the user's own phone.
        phone_number_id = coalesce(${callLogs.phoneNumberId}, excluded.phone_number_id),
        from_city = coalesce(${callLogs.fromCity}, excluded.from_city),
        from_state = coalesce(${callLogs.fromState}, excluded.from_state),
        from_country = coalesce(${callLogs.fromCountry}, excluded.from_country),
        shared_number_id = coalesce(${callLogs.sharedNumberId}, excluded.shared_number_id),
        geo_route = coalesce(${callLogs.geoRoute}, excluded.geo_route),
        caller_location = coalesce(${callLogs.callerLocation}, excluded.caller_location),
        -- A dial recorded while the log was being created (neither saw the other) lands on the next event.
        extension_dial_status = case when ${callLogs.extensionId} is null then excluded.extension_dial_status
          else ${callLogs.extensionDialStatus} end,
        extension_id = coalesce(${callLogs.extensionId}, excluded.extension_id),
        block_rule = coalesce(${callLogs.blockRule}, excluded.block_rule),
        updated_at = now()
      where (case when ${callLogs.lastSequenceNumber} >= 0 and excluded.last_sequence_number >= 0
          then ${callLogs.lastSequenceNumber} < excluded.last_sequence_number
          else ${STORED_RANK} < ${EVENT_RANK} end)
        or (excluded.call_status = 'completed' and ${callLogs.callStatus} in ${CHARGED_STATUSES}
          and excluded.duration_seconds > ${callLogs.durationSeconds})
      returning id, account_id, call_sid, call_status, answered_at, parent_call_sid, direction, from_number,
        to_number, ended_at, duration_seconds`;
}
