ALTER TABLE "voicemails" DROP CONSTRAINT "voicemails_transcription_status_check";--> statement-breakpoint
ALTER TABLE "voicemails" ALTER COLUMN "transcription_status" SET DEFAULT 'off';--> statement-breakpoint
ALTER TABLE "voicemails" ADD CONSTRAINT "voicemails_transcription_status_check" CHECK ("transcription_status" in ('none', 'off', 'pending', 'completed', 'failed'));