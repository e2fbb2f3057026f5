CREATE TABLE "greeting_calls" (
	"id" text PRIMARY KEY NOT NULL,
	"account_id" text NOT NULL,
	"user_id" text NOT NULL,
	"target_type" text NOT NULL,
	"target_id" text NOT NULL,
	"slot" text DEFAULT 'voicemail' NOT NULL,
	"phone" text NOT NULL,
	"call_sid" text,
	"status" text DEFAULT 'calling' NOT NULL,
	"recording_sid" text,
	"recording_url" text,
	"audio_url" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "greeting_calls_target_type_check" CHECK ("target_type" in ('number', 'extension', 'ivr_menu')),
	CONSTRAINT "greeting_calls_slot_check" CHECK ("slot" in ('voicemail', 'after_hours')),
	CONSTRAINT "greeting_calls_status_check" CHECK ("status" in ('calling', 'recording', 'recorded', 'saving', 'saved', 'cancelled', 'failed')),
	CONSTRAINT "greeting_calls_recorded_check" CHECK ("greeting_calls"."status" not in ('recorded', 'saving', 'saved') or "greeting_calls"."recording_url" is not null)
);
--> statement-breakpoint
ALTER TABLE "extensions" ADD CONSTRAINT "extensions_id_account_key" UNIQUE("id","account_id");--> statement-breakpoint
CREATE TABLE "greetings" (
	"id" text PRIMARY KEY NOT NULL,
	"account_id" text NOT NULL,
	"phone_number_id" text,
	"extension_id" text,
	"slot" text NOT NULL,
	"kind" text NOT NULL,
	"tts_text" text,
	"voice" text DEFAULT 'man' NOT NULL,
	"language" text DEFAULT 'en-US' NOT NULL,
	"audio_url" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "greetings_owner_check" CHECK (num_nonnulls("greetings"."phone_number_id", "greetings"."extension_id") = 1),
	CONSTRAINT "greetings_slot_check" CHECK ("slot" in ('voicemail', 'after_hours')),
	CONSTRAINT "greetings_extension_slot_check" CHECK ("greetings"."extension_id" is null or "greetings"."slot" = 'voicemail'),
	CONSTRAINT "greetings_kind_check" CHECK ("kind" in ('tts', 'audio')),
	CONSTRAINT "greetings_content_check" CHECK (("greetings"."kind" = 'tts' and length(trim("greetings"."tts_text")) > 0 and "greetings"."audio_url" is null)
        or ("greetings"."kind" = 'audio' and "greetings"."audio_url" is not null))
);
--> statement-breakpoint
ALTER TABLE "greeting_calls" ADD CONSTRAINT "greeting_calls_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "greeting_calls" ADD CONSTRAINT "greeting_calls_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "greetings" ADD CONSTRAINT "greetings_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "greetings" ADD CONSTRAINT "greetings_phone_number_fk" FOREIGN KEY ("phone_number_id","account_id") REFERENCES "public"."phone_numbers"("id","account_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "greetings" ADD CONSTRAINT "greetings_extension_fk" FOREIGN KEY ("extension_id","account_id") REFERENCES "public"."extensions"("id","account_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "greeting_calls_call_sid_key" ON "greeting_calls" USING btree ("call_sid");--> statement-breakpoint
CREATE INDEX "greeting_calls_account_idx" ON "greeting_calls" USING btree ("account_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "greetings_number_slot_key" ON "greetings" USING btree ("phone_number_id","slot") WHERE "greetings"."phone_number_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "greetings_extension_slot_key" ON "greetings" USING btree ("extension_id","slot") WHERE "greetings"."extension_id" is not null;--> statement-breakpoint
CREATE INDEX "greetings_account_idx" ON "greetings" USING btree ("account_id");--> statement-breakpoint
-- The voicemail greetings stored as number_routing's text move into greetings (said by text to speech).
INSERT INTO "greetings" ("id", "account_id", "phone_number_id", "slot", "kind", "tts_text")
SELECT 'grt_' || substr(md5(random()::text || "phone_number_id"), 1, 16), "account_id", "phone_number_id", 'voicemail', 'tts', trim("voicemail_greeting")
FROM "number_routing" WHERE length(trim(coalesce("voicemail_greeting", ''))) > 0;--> statement-breakpoint
ALTER TABLE "number_routing" DROP COLUMN "voicemail_greeting";