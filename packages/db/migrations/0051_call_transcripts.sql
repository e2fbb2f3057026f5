DROP INDEX "call_logs_search_idx";--> statement-breakpoint
ALTER TABLE "call_logs" ADD COLUMN "transcript" text;--> statement-breakpoint
ALTER TABLE "call_recordings" ADD COLUMN "source" text DEFAULT 'call' NOT NULL;--> statement-breakpoint
ALTER TABLE "call_recordings" ADD COLUMN "channel_one" text DEFAULT 'other' NOT NULL;--> statement-breakpoint
ALTER TABLE "call_recordings" ADD COLUMN "transcription_status" text DEFAULT 'none' NOT NULL;--> statement-breakpoint
ALTER TABLE "call_recordings" ADD COLUMN "transcript" jsonb;--> statement-breakpoint
ALTER TABLE "call_recordings" ADD COLUMN "transcript_text" text;--> statement-breakpoint
CREATE INDEX "call_logs_search_idx" ON "call_logs" USING gin ("from_number" gin_trgm_ops,"to_number" gin_trgm_ops,"notes" gin_trgm_ops,"transcript" gin_trgm_ops);--> statement-breakpoint
ALTER TABLE "call_recordings" ADD CONSTRAINT "call_recordings_source_check" CHECK ("source" in ('call', 'room'));--> statement-breakpoint
ALTER TABLE "call_recordings" ADD CONSTRAINT "call_recordings_channel_one_check" CHECK ("channel_one" in ('other', 'team'));--> statement-breakpoint
ALTER TABLE "call_recordings" ADD CONSTRAINT "call_recordings_transcription_status_check" CHECK ("transcription_status" in ('none', 'off', 'pending', 'completed', 'failed'));