ALTER TABLE "messages" ADD COLUMN "media_content_types" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "our_number" text GENERATED ALWAYS AS (case when direction = 'inbound' then to_number else from_number end) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "peer_number" text GENERATED ALWAYS AS (case when direction = 'inbound' then from_number else to_number end) STORED NOT NULL;--> statement-breakpoint
CREATE INDEX "messages_conversation_idx" ON "messages" USING btree ("account_id","our_number","peer_number","sent_at","id");--> statement-breakpoint
CREATE INDEX "messages_unread_idx" ON "messages" USING btree ("account_id","our_number","peer_number") WHERE direction = 'inbound' and read_at is null;--> statement-breakpoint
CREATE INDEX "voicemails_unread_idx" ON "voicemails" USING btree ("account_id") WHERE status = 'unread';