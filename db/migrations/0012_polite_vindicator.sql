ALTER TABLE "call_logs" ADD COLUMN "shared_number_id" text;--> statement-breakpoint
ALTER TABLE "call_logs" ADD COLUMN "geo_route" jsonb;--> statement-breakpoint
ALTER TABLE "call_logs" ADD COLUMN "caller_location" jsonb;--> statement-breakpoint
ALTER TABLE "call_logs" ADD CONSTRAINT "call_logs_shared_number_id_shared_numbers_id_fk" FOREIGN KEY ("shared_number_id") REFERENCES "public"."shared_numbers"("id") ON DELETE set null ON UPDATE no action;