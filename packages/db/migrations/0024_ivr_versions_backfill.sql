-- Version 1 of every account that has IVR menus: the menus as they are, published and live, so
-- calls go on following them once routing reads the live version instead of the rows (the rows
-- become the draft). The snapshot's shape is IvrSnapshot (db/src/schema/telephony.ts).
INSERT INTO "ivr_versions" ("id", "account_id", "version", "snapshot", "published_by", "published_at", "note")
SELECT
  'ivrv_' || substr(md5(m.account_id || clock_timestamp()::text || random()::text), 1, 16),
  m.account_id,
  1,
  jsonb_build_object('menus', jsonb_agg(
    jsonb_build_object(
      'id', m.id,
      'name', m.name,
      'description', m.description,
      'greetingType', m.greeting_type,
      'greetingTts', m.greeting_tts,
      'greetingRecordingUrl', m.greeting_recording_url,
      'greetingVoice', m.greeting_voice,
      'greetingLanguage', m.greeting_language,
      'timeoutSeconds', m.timeout_seconds,
      'timeoutAction', m.timeout_action,
      'timeoutActionDestination', m.timeout_action_destination,
      'invalidInputAction', m.invalid_input_action,
      'invalidInputActionDestination', m.invalid_input_action_destination,
      'maxInvalidInputs', m.max_invalid_inputs,
      'options', COALESCE((
        SELECT jsonb_agg(jsonb_build_object(
          'keyPress', o.key_press,
          'action', o.action,
          'destination', o.destination,
          'description', o.description
        ) ORDER BY o.key_press)
        FROM "ivr_options" o WHERE o.menu_id = m.id
      ), '[]'::jsonb)
    ) ORDER BY m.created_at, m.id
  )),
  NULL,
  now(),
  'Menus in place when versions were introduced'
FROM "ivr_menus" m
WHERE NOT EXISTS (SELECT 1 FROM "ivr_versions" v WHERE v.account_id = m.account_id)
GROUP BY m.account_id;
--> statement-breakpoint
INSERT INTO "ivr_live_versions" ("account_id", "version_id", "updated_at")
SELECT v.account_id, v.id, now()
FROM "ivr_versions" v
WHERE v.version = 1
ON CONFLICT ("account_id") DO NOTHING;
