-- The call_stats_* rollups as 0014 and 0029 keep them, at a lower cost per statement written to call_logs:
-- the trigger's statements are static (planned once per connection, where 0014's EXECUTE format
-- parsed and planned three statements on every call), and one statement writes the three
-- rollups from the changed rows read once. (The update trigger cannot be narrowed to the counted
-- columns: PostgreSQL allows no column list on a trigger with transition tables.)
-- Hand-written (drizzle-kit does not write triggers). The DO block writes the function's three
-- statements, one per operation, from one template, so they cannot drift apart.
DO $migration$
DECLARE
  -- %s: the changed rows, each with its sign (+1 as written, -1 as it was).
  rollups constant text := $q$
    with c as (%s),
    hourly as (
      insert into call_stats_hourly (account_id, hour, calls, inbound, outbound, answered, missed,
        answered_seconds, top_calls, top_inbound, top_outbound, top_missed, top_answered,
        top_answered_seconds)
      select * from (
        select account_id, date_trunc('hour', call_start_time, 'UTC') as hour,
          sum(sign)::int as calls,
          sum(case when direction = 'inbound' then sign else 0 end)::int as inbound,
          sum(case when direction = 'outbound' then sign else 0 end)::int as outbound,
          sum(case when call_status = 'completed' then sign else 0 end)::int as answered,
          sum(case when call_status in ('missed', 'voicemail_missed', 'no-answer', 'busy', 'canceled')
            then sign else 0 end)::int as missed,
          sum(case when call_status = 'completed' then sign * duration_seconds else 0 end)::bigint
            as answered_seconds,
          sum(case when parent_call_sid is null then sign else 0 end)::int as top_calls,
          sum(case when parent_call_sid is null and direction = 'inbound' then sign else 0 end)::int
            as top_inbound,
          sum(case when parent_call_sid is null and direction = 'outbound' then sign else 0 end)::int
            as top_outbound,
          sum(case when parent_call_sid is null
            and call_status in ('missed', 'voicemail_missed', 'no-answer', 'busy', 'canceled')
            then sign else 0 end)::int as top_missed,
          sum(case when parent_call_sid is null and call_status = 'completed' then sign else 0 end)::int
            as top_answered,
          sum(case when parent_call_sid is null and call_status = 'completed'
            then sign * duration_seconds else 0 end)::bigint as top_answered_seconds
        from c
        group by 1, 2
      ) d
      where (calls, inbound, outbound, answered, missed, answered_seconds, top_calls, top_inbound,
          top_outbound, top_missed, top_answered, top_answered_seconds)
          <> (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
        and exists (select 1 from accounts a where a.id = d.account_id)
      order by account_id, hour
      on conflict (account_id, hour) do update set
        calls = call_stats_hourly.calls + excluded.calls,
        inbound = call_stats_hourly.inbound + excluded.inbound,
        outbound = call_stats_hourly.outbound + excluded.outbound,
        answered = call_stats_hourly.answered + excluded.answered,
        missed = call_stats_hourly.missed + excluded.missed,
        answered_seconds = call_stats_hourly.answered_seconds + excluded.answered_seconds,
        top_calls = call_stats_hourly.top_calls + excluded.top_calls,
        top_inbound = call_stats_hourly.top_inbound + excluded.top_inbound,
        top_outbound = call_stats_hourly.top_outbound + excluded.top_outbound,
        top_missed = call_stats_hourly.top_missed + excluded.top_missed,
        top_answered = call_stats_hourly.top_answered + excluded.top_answered,
        top_answered_seconds = call_stats_hourly.top_answered_seconds + excluded.top_answered_seconds
    ),
    by_extension as (
      insert into call_stats_extension_hourly (account_id, hour, extension_id, calls, answered,
        answered_seconds)
      select * from (
        select account_id, date_trunc('hour', call_start_time, 'UTC') as hour, extension_id,
          sum(sign)::int as calls,
          sum(case when extension_dial_status in ('completed', 'answered') then sign else 0 end)::int
            as answered,
          sum(case when extension_dial_status in ('completed', 'answered')
            then sign * duration_seconds else 0 end)::bigint as answered_seconds
        from c
        where extension_id is not null
        group by 1, 2, 3
      ) d
      where (calls, answered, answered_seconds) <> (0, 0, 0)
        and exists (select 1 from accounts a where a.id = d.account_id)
      order by account_id, hour, extension_id
      on conflict (account_id, hour, extension_id) do update set
        calls = call_stats_extension_hourly.calls + excluded.calls,
        answered = call_stats_extension_hourly.answered + excluded.answered,
        answered_seconds = call_stats_extension_hourly.answered_seconds + excluded.answered_seconds
    )
    insert into call_stats_area_hourly (account_id, hour, area_code, calls)
    select * from (
      select account_id, date_trunc('hour', call_start_time, 'UTC') as hour,
        substr(from_number, 3, 3) as area_code, sum(sign)::int as calls
      from c
      where direction = 'inbound' and from_number ~ '^\+1[2-9][0-9]{9}$'
      group by 1, 2, 3
    ) d
    where calls <> 0 and exists (select 1 from accounts a where a.id = d.account_id)
    order by account_id, hour, area_code
    on conflict (account_id, hour, area_code) do update set
      calls = call_stats_area_hourly.calls + excluded.calls
  $q$;
  -- An update that leaves the counted columns alone contributes nothing.
  counted constant text := 'account_id, call_start_time, direction, from_number, call_status, '
    'duration_seconds, parent_call_sid, extension_id, extension_dial_status';
  updated constant text := format(
    'select 1 as sign, n.* from new_rows n join old_rows o on o.id = n.id
       where (%1$s) is distinct from (%2$s)
     union all
     select -1 as sign, o.* from old_rows o join new_rows n on n.id = o.id
       where (%1$s) is distinct from (%2$s)',
    regexp_replace(counted, '(\w+)', 'n.\1', 'g'), regexp_replace(counted, '(\w+)', 'o.\1', 'g'));
BEGIN
  EXECUTE format($f$
    CREATE OR REPLACE FUNCTION call_stats_apply() RETURNS trigger LANGUAGE plpgsql AS $body$
    BEGIN
      IF TG_OP = 'INSERT' THEN
        %s;
      ELSIF TG_OP = 'UPDATE' THEN
        %s;
      ELSE
        %s;
      END IF;
      RETURN NULL;
    END
    $body$$f$,
    format(rollups, 'select 1 as sign, n.* from new_rows n'),
    format(rollups, updated),
    format(rollups, 'select -1 as sign, o.* from old_rows o'));
END
$migration$;
