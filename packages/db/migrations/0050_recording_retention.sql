ALTER TABLE "call_recordings" DROP CONSTRAINT "call_recordings_status_check";--> statement-breakpoint
ALTER TABLE "accounts" ADD COLUMN "recording_retention_days" integer;--> statement-breakpoint
ALTER TABLE "call_recordings" ADD COLUMN "deleted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "call_recordings" ADD COLUMN "deleted_reason" text;--> statement-breakpoint
CREATE INDEX "call_recordings_stored_age_idx" ON "call_recordings" USING btree ("created_at") WHERE status = 'stored';--> statement-breakpoint
ALTER TABLE "accounts" ADD CONSTRAINT "accounts_recording_retention_check" CHECK ("accounts"."recording_retention_days" is null or "accounts"."recording_retention_days" in (30, 90, 365));--> statement-breakpoint
ALTER TABLE "call_recordings" ADD CONSTRAINT "call_recordings_deleted_check" CHECK (("call_recordings"."status" = 'deleted') = ("call_recordings"."deleted_at" is not null and "call_recordings"."deleted_reason" is not null)
        and ("call_recordings"."status" <> 'deleted' or "call_recordings"."stored_at" is not null));--> statement-breakpoint
ALTER TABLE "call_recordings" ADD CONSTRAINT "call_recordings_deleted_reason_check" CHECK ("call_recordings"."deleted_reason" is null or "deleted_reason" in ('retention'));--> statement-breakpoint
ALTER TABLE "call_recordings" ADD CONSTRAINT "call_recordings_status_check" CHECK ("status" in ('pending', 'stored', 'failed', 'deleted'));