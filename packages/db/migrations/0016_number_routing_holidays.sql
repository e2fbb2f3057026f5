ALTER TABLE "number_routing" ADD COLUMN "holidays" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "number_routing" ADD COLUMN "record_calls" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "number_routing" ADD CONSTRAINT "number_routing_holidays_check" CHECK (jsonb_typeof("number_routing"."holidays") = 'array');