import { type Database, queryRows, schema, sqlNewId } from "@poundline/db";
import { CALL_PROGRESS_RANKS } from "@poundline/domain";
import { type SQL, sql } from "drizzle-orm";
import { emitWebhookEvent } from "./emit";

/** Statuses of a call still going; any other is an ended call (call-progress.ts). */
const LIVE_STATUSES = sql.raw(
  `(${Object.keys(CALL_PROGRESS_RANKS)
    .map((status) => `'${status.replaceAll("'", "''")}'`)
    .join(", ")})`,
);

/**
 * The call events for webhooks, as CTEs of the call-status writer's statement (which names the
 * rows it moved `log` and their state before it `prev`): so an event is written with the call log
 * row that records it, and a repeated or late carrier callback, which moves no row, emits nothing.
 *
 * A call's first stored status emits `call.ringing`; its answer `call.answered`; its end
 * `call.completed`. One callback can bring several (an inbound call whose first callback is its
 * completion): they are written in that order, and their deliveries are ordered by the call's sid.
 * Legs (calls with a parent) are the platform's own and emit nothing.
 */
export function callWebhookCtes(): SQL {
  const { webhookSubscriptions: subs, webhookEvents, webhookDeliveries, jobOutbox } = schema;
  return sql`hook_events as (
      select log.account_id, kinds.type, kinds.ord, jsonb_build_object(
          'type', kinds.type,
          'timestamp', to_char(now() at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
          'data', jsonb_build_object(
            'id', log.id, 'callSid', log.call_sid, 'direction', log.direction,
            'from', log.from_number, 'to', log.to_number, 'status', log.call_status,
            'answeredAt', log.answered_at, 'endedAt', log.ended_at,
            'durationSeconds', log.duration_seconds,
            'links', jsonb_build_object('self', '/v1/calls/' || log.id))) as payload
      from log left join prev on prev.call_sid = log.call_sid
      cross join lateral (values
        ('call.ringing', 1, prev.call_sid is null),
        ('call.answered', 2, log.answered_at is not null and (prev.call_sid is null or prev.answered_at is null)),
        ('call.completed', 3, log.call_status not in ${LIVE_STATUSES}
          and (prev.call_sid is null or prev.call_status in ${LIVE_STATUSES}))
      ) as kinds(type, ord, happened)
      where kinds.happened and log.parent_call_sid is null
        and exists (select 1 from ${subs} s where s.account_id = log.account_id
          and s.disabled_at is null and kinds.type = any(s.event_types))
    ),
    hook_event_rows as (
      insert into ${webhookEvents} (id, account_id, type, payload)
      select ${sqlNewId("webhookEvent")}, account_id, type, payload from hook_events
      returning id, account_id, type, payload
    ),
    hook_deliveries as (
      insert into ${webhookDeliveries} (id, account_id, subscription_id, event_id, event_type, order_key)
      select ${sqlNewId("webhookDelivery")}, e.account_id, s.id, e.id, e.type, e.payload->'data'->>'callSid'
      from hook_event_rows e
      join ${subs} s on s.account_id = e.account_id and s.disabled_at is null and e.type = any(s.event_types)
      order by e.payload->'data'->>'callSid',
        case e.type when 'call.ringing' then 1 when 'call.answered' then 2 else 3 end
      returning id
    ),
    hook_jobs as (
      insert into ${jobOutbox} (id, queue, job_name, job_id, payload)
      select ${sqlNewId("job")}, 'notifications', 'deliver-webhook', 'deliver-webhook:' || d.id || ':0',
        jsonb_build_object('deliveryId', d.id)
      from hook_deliveries d
      returning id
    )`;
}

/** A call log row as its upsert returns it; `inserted` from `(xmax = 0)`. */
export interface UpsertedCallLog extends Record<string, unknown> {
  id: string;
  account_id: string;
  call_sid: string;
  direction: string;
  from_number: string;
  to_number: string;
  call_status: string;
  inserted: boolean;
}

/**
 * Runs `upsert` (an `insert into call_logs … on conflict (call_sid) do update …` without its
 * `returning`), with `call.ringing` when it inserted the row: for the paths that log a call before
 * or besides the carrier's status callback (Make a Call, the softphone, a widget's callback, a
 * greeting call). A callback that logged the call first emitted the event itself (the upsert then
 * only updates); a callback after the insert finds the row and emits no ringing.
 */
export async function upsertCallLog(
  db: Database,
  upsert: SQL,
  at: Date,
): Promise<UpsertedCallLog | undefined> {
  return db.transaction(async (tx) => {
    const [row] = await queryRows<UpsertedCallLog>(
      tx,
      sql`${upsert} returning id, account_id, call_sid, direction, from_number, to_number, call_status,
        (xmax = 0) as inserted`,
    );
    if (row?.inserted) await emitCallRinging(tx, row, at);
    return row;
  });
}

function emitCallRinging(tx: Database, row: UpsertedCallLog, at: Date) {
  return emitWebhookEvent(tx, {
    accountId: row.account_id,
    type: "call.ringing",
    at,
    orderKey: row.call_sid,
    data: {
      id: row.id,
      callSid: row.call_sid,
      direction: row.direction,
      from: row.from_number,
      to: row.to_number,
      status: row.call_status,
      answeredAt: null,
      endedAt: null,
      durationSeconds: 0,
      links: { self: `/v1/calls/${row.id}` },
    },
  });
}
