DROP INDEX "contacts_account_created_idx";--> statement-breakpoint
DROP INDEX "call_logs_account_start_idx";--> statement-breakpoint
CREATE INDEX "call_logs_account_direction_start_idx" ON "call_logs" USING btree ("account_id","direction","call_start_time","id");--> statement-breakpoint
CREATE INDEX "call_logs_account_missed_start_idx" ON "call_logs" USING btree ("account_id","call_start_time","id") WHERE "call_logs"."direction" = 'inbound' and "call_logs"."call_status" in ('missed', 'voicemail_missed', 'no-answer', 'busy', 'canceled');--> statement-breakpoint
CREATE INDEX "voicemails_call_log_idx" ON "voicemails" USING btree ("call_log_id");--> statement-breakpoint
CREATE INDEX "contacts_account_created_idx" ON "contacts" USING btree ("account_id","created_at","id");--> statement-breakpoint
CREATE INDEX "call_logs_account_start_idx" ON "call_logs" USING btree ("account_id","call_start_time","id");