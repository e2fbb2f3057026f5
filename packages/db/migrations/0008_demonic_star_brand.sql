DROP INDEX "messages_account_sent_idx";--> statement-breakpoint
CREATE INDEX "messages_account_sent_idx" ON "messages" USING btree ("account_id","sent_at","id");