CREATE TABLE "number_prices" (
	"id" text PRIMARY KEY NOT NULL,
	"iso_country" text NOT NULL,
	"number_type" text NOT NULL,
	"monthly_cents" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "number_prices_iso_country_check" CHECK ("number_prices"."iso_country" ~ '^[A-Z]{2}$'),
	CONSTRAINT "number_prices_number_type_check" CHECK ("number_type" in ('local', 'mobile', 'toll-free')),
	CONSTRAINT "number_prices_monthly_cents_check" CHECK ("number_prices"."monthly_cents" >= 0)
);
--> statement-breakpoint
CREATE TABLE "number_bundles" (
	"id" text PRIMARY KEY NOT NULL,
	"account_id" text NOT NULL,
	"iso_country" text NOT NULL,
	"number_type" text NOT NULL,
	"end_user_type" text NOT NULL,
	"end_user" jsonb NOT NULL,
	"street" text,
	"city" text,
	"postal_code" text,
	"document_key" text,
	"document_name" text,
	"carrier_sid" text NOT NULL,
	"carrier_address_sid" text,
	"state" text DEFAULT 'in_review' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "number_bundles_iso_country_check" CHECK ("number_bundles"."iso_country" ~ '^[A-Z]{2}$'),
	CONSTRAINT "number_bundles_number_type_check" CHECK ("number_type" in ('local', 'mobile', 'toll-free')),
	CONSTRAINT "number_bundles_end_user_type_check" CHECK ("end_user_type" in ('individual', 'business')),
	CONSTRAINT "number_bundles_state_check" CHECK ("state" in ('in_review', 'approved', 'rejected'))
);
--> statement-breakpoint
ALTER TABLE "phone_numbers" DROP CONSTRAINT "phone_numbers_number_type_check";--> statement-breakpoint
ALTER TABLE "number_bundles" ADD CONSTRAINT "number_bundles_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "number_prices_country_type_key" ON "number_prices" USING btree ("iso_country","number_type");--> statement-breakpoint
CREATE UNIQUE INDEX "number_bundles_carrier_sid_key" ON "number_bundles" USING btree ("carrier_sid");--> statement-breakpoint
CREATE INDEX "number_bundles_account_idx" ON "number_bundles" USING btree ("account_id","iso_country","number_type");--> statement-breakpoint
ALTER TABLE "phone_numbers" ADD CONSTRAINT "phone_numbers_number_type_check" CHECK ("number_type" in ('local', 'mobile', 'toll-free'));