CREATE TABLE "emergency_addresses" (
	"phone_number_id" text PRIMARY KEY NOT NULL,
	"account_id" text NOT NULL,
	"carrier_sid" text NOT NULL,
	"customer_name" text NOT NULL,
	"street" text NOT NULL,
	"street_secondary" text,
	"city" text NOT NULL,
	"region" text NOT NULL,
	"postal_code" text NOT NULL,
	"iso_country" text DEFAULT 'US' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "emergency_addresses_iso_country_check" CHECK ("iso_country" in ('US', 'CA')),
	CONSTRAINT "emergency_addresses_street_check" CHECK (length(trim("emergency_addresses"."street")) > 0)
);
--> statement-breakpoint
ALTER TABLE "emergency_addresses" ADD CONSTRAINT "emergency_addresses_phone_number_fk" FOREIGN KEY ("phone_number_id","account_id") REFERENCES "public"."phone_numbers"("id","account_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "emergency_addresses_carrier_sid_key" ON "emergency_addresses" USING btree ("carrier_sid");--> statement-breakpoint
CREATE INDEX "emergency_addresses_account_idx" ON "emergency_addresses" USING btree ("account_id");