CREATE TABLE "caller_postal_codes" (
	"call_sid" text PRIMARY KEY NOT NULL,
	"shared_number_id" text NOT NULL,
	"postal_code" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "caller_postal_codes_postal_code_check" CHECK ("caller_postal_codes"."postal_code" ~ '^[0-9A-Z]{3,10}$')
);
--> statement-breakpoint
ALTER TABLE "call_logs" ADD COLUMN "shared_number_id" text;--> statement-breakpoint
ALTER TABLE "call_logs" ADD COLUMN "geo_route" jsonb;--> statement-breakpoint
ALTER TABLE "call_logs" ADD COLUMN "caller_location" jsonb;--> statement-breakpoint
ALTER TABLE "shared_numbers" ADD COLUMN "ask_location" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "caller_postal_codes" ADD CONSTRAINT "caller_postal_codes_shared_number_id_shared_numbers_id_fk" FOREIGN KEY ("shared_number_id") REFERENCES "public"."shared_numbers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "call_logs" ADD CONSTRAINT "call_logs_shared_number_id_shared_numbers_id_fk" FOREIGN KEY ("shared_number_id") REFERENCES "public"."shared_numbers"("id") ON DELETE set null ON UPDATE no action;