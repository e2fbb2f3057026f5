CREATE TABLE "call_extension_dials" (
	"call_sid" text PRIMARY KEY NOT NULL,
	"account_id" text NOT NULL,
	"extension_id" text NOT NULL,
	"dial_status" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "call_extension_dials_dial_status_check" CHECK ("dial_status" in ('completed', 'answered', 'busy', 'no-answer', 'failed', 'canceled'))
);
--> statement-breakpoint
ALTER TABLE "call_stats_hourly" ADD COLUMN "top_answered" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "call_stats_hourly" ADD COLUMN "top_answered_seconds" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "call_extension_dials" ADD CONSTRAINT "call_extension_dials_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "call_extension_dials" ADD CONSTRAINT "call_extension_dials_extension_id_extensions_id_fk" FOREIGN KEY ("extension_id") REFERENCES "public"."extensions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "call_extension_dials_extension_idx" ON "call_extension_dials" USING btree ("extension_id");
--> statement-breakpoint
-- Hand-written below (keep it when migrations are regenerated: drizzle-kit writes no functions):
-- the rollup counts the answered calls that are not a leg of another (top_answered, their
-- seconds), so the analytics count the same calls as the dashboard; then the rollups are rebuilt.
CREATE OR REPLACE FUNCTION call_stats_apply() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  -- +1 for a row as written, -1 for a row as it was; an update that leaves the counted columns
  -- alone (notes, contact, sequence number) contributes nothing.
  changed text := CASE TG_OP
    WHEN 'INSERT' THEN 'select 1 as sign, n.* from new_rows n'
    WHEN 'DELETE' THEN 'select -1 as sign, o.* from old_rows o'
    ELSE 'select 1 as sign, n.* from new_rows n join old_rows o on o.id = n.id
            where (n.account_id, n.call_start_time, n.direction, n.from_number, n.call_status,
              n.duration_seconds, n.parent_call_sid, n.extension_id, n.extension_dial_status)
              is distinct from (o.account_id, o.call_start_time, o.direction, o.from_number,
              o.call_status, o.duration_seconds, o.parent_call_sid, o.extension_id,
              o.extension_dial_status)
          union all
          select -1 as sign, o.* from old_rows o join new_rows n on n.id = o.id
            where (n.account_id, n.call_start_time, n.direction, n.from_number, n.call_status,
              n.duration_seconds, n.parent_call_sid, n.extension_id, n.extension_dial_status)
              is distinct from (o.account_id, o.call_start_time, o.direction, o.from_number,
              o.call_status, o.duration_seconds, o.parent_call_sid, o.extension_id,
              o.extension_dial_status)' END;
BEGIN
  -- Keys in order (fewer lock waits between concurrent writers); an account being deleted is
  -- skipped (its rollup rows go with it by cascade).
  EXECUTE format($q$
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
      from (%s) c
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
  $q$, changed);

  EXECUTE format($q$
    insert into call_stats_extension_hourly (account_id, hour, extension_id, calls, answered,
      answered_seconds)
    select * from (
      select account_id, date_trunc('hour', call_start_time, 'UTC') as hour, extension_id,
        sum(sign)::int as calls,
        sum(case when extension_dial_status in ('completed', 'answered') then sign else 0 end)::int
          as answered,
        sum(case when extension_dial_status in ('completed', 'answered')
          then sign * duration_seconds else 0 end)::bigint as answered_seconds
      from (%s) c
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
  $q$, changed);

  EXECUTE format($q$
    insert into call_stats_area_hourly (account_id, hour, area_code, calls)
    select * from (
      select account_id, date_trunc('hour', call_start_time, 'UTC') as hour,
        substr(from_number, 3, 3) as area_code, sum(sign)::int as calls
      from (%s) c
      where direction = 'inbound' and from_number ~ '^\+1[2-9][0-9]{9}$'
      group by 1, 2, 3
    ) d
    where calls <> 0 and exists (select 1 from accounts a where a.id = d.account_id)
    order by account_id, hour, area_code
    on conflict (account_id, hour, area_code) do update set
      calls = call_stats_area_hourly.calls + excluded.calls
  $q$, changed);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION call_stats_rebuild() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  LOCK TABLE call_logs IN SHARE MODE;
  DELETE FROM call_stats_hourly;
  DELETE FROM call_stats_extension_hourly;
  DELETE FROM call_stats_area_hourly;
  INSERT INTO call_stats_hourly (account_id, hour, calls, inbound, outbound, answered, missed,
    answered_seconds, top_calls, top_inbound, top_outbound, top_missed, top_answered,
    top_answered_seconds)
  SELECT account_id, date_trunc('hour', call_start_time, 'UTC'), count(*),
    count(*) FILTER (WHERE direction = 'inbound'), count(*) FILTER (WHERE direction = 'outbound'),
    count(*) FILTER (WHERE call_status = 'completed'),
    count(*) FILTER (WHERE call_status IN ('missed', 'voicemail_missed', 'no-answer', 'busy', 'canceled')),
    coalesce(sum(duration_seconds) FILTER (WHERE call_status = 'completed'), 0),
    count(*) FILTER (WHERE parent_call_sid IS NULL),
    count(*) FILTER (WHERE parent_call_sid IS NULL AND direction = 'inbound'),
    count(*) FILTER (WHERE parent_call_sid IS NULL AND direction = 'outbound'),
    count(*) FILTER (WHERE parent_call_sid IS NULL
      AND call_status IN ('missed', 'voicemail_missed', 'no-answer', 'busy', 'canceled')),
    count(*) FILTER (WHERE parent_call_sid IS NULL AND call_status = 'completed'),
    coalesce(sum(duration_seconds) FILTER (WHERE parent_call_sid IS NULL AND call_status = 'completed'), 0)
  FROM call_logs GROUP BY 1, 2;
  INSERT INTO call_stats_extension_hourly (account_id, hour, extension_id, calls, answered, answered_seconds)
  SELECT account_id, date_trunc('hour', call_start_time, 'UTC'), extension_id, count(*),
    count(*) FILTER (WHERE extension_dial_status IN ('completed', 'answered')),
    coalesce(sum(duration_seconds) FILTER (WHERE extension_dial_status IN ('completed', 'answered')), 0)
  FROM call_logs WHERE extension_id IS NOT NULL GROUP BY 1, 2, 3;
  INSERT INTO call_stats_area_hourly (account_id, hour, area_code, calls)
  SELECT account_id, date_trunc('hour', call_start_time, 'UTC'), substr(from_number, 3, 3), count(*)
  FROM call_logs WHERE direction = 'inbound' AND from_number ~ '^\+1[2-9][0-9]{9}$' GROUP BY 1, 2, 3;
END
$$;
--> statement-breakpoint
SELECT call_stats_rebuild();
