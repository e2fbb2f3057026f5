CREATE TABLE "call_recordings" (
	"id" text PRIMARY KEY NOT NULL,
	"account_id" text NOT NULL,
	"call_sid" text NOT NULL,
	"recording_sid" text NOT NULL,
	"recording_url" text NOT NULL,
	"duration_seconds" integer DEFAULT 0 NOT NULL,
	"channels" integer DEFAULT 1 NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"storage_key" text,
	"stored_at" timestamp with time zone,
	"carrier_deleted_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "call_recordings_status_check" CHECK ("status" in ('pending', 'stored', 'failed')),
	CONSTRAINT "call_recordings_duration_check" CHECK ("call_recordings"."duration_seconds" >= 0),
	CONSTRAINT "call_recordings_channels_check" CHECK ("call_recordings"."channels" between 1 and 2),
	CONSTRAINT "call_recordings_stored_check" CHECK ("call_recordings"."status" <> 'stored' or ("call_recordings"."storage_key" is not null and "call_recordings"."stored_at" is not null)),
	CONSTRAINT "call_recordings_carrier_deleted_check" CHECK ("call_recordings"."carrier_deleted_at" is null or "call_recordings"."stored_at" is not null)
);
--> statement-breakpoint
ALTER TABLE "call_recordings" ADD CONSTRAINT "call_recordings_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "call_recordings_recording_sid_key" ON "call_recordings" USING btree ("recording_sid");--> statement-breakpoint
CREATE INDEX "call_recordings_account_call_idx" ON "call_recordings" USING btree ("account_id","call_sid");