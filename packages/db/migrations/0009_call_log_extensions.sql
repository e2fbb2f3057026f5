ALTER TABLE "call_logs" ADD COLUMN "extension_id" text;--> statement-breakpoint
ALTER TABLE "call_logs" ADD COLUMN "extension_dial_status" text;--> statement-breakpoint
ALTER TABLE "call_logs" ADD CONSTRAINT "call_logs_extension_id_extensions_id_fk" FOREIGN KEY ("extension_id") REFERENCES "public"."extensions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "call_logs_extension_idx" ON "call_logs" USING btree ("extension_id") WHERE "call_logs"."extension_id" is not null;--> statement-breakpoint
ALTER TABLE "call_logs" ADD CONSTRAINT "call_logs_extension_dial_status_check" CHECK ("call_logs"."extension_dial_status" is null or "call_logs"."extension_dial_status" in ('completed', 'answered', 'busy', 'no-answer', 'failed', 'canceled'));