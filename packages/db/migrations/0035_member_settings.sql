CREATE TABLE "member_settings" (
	"account_id" text NOT NULL,
	"user_id" text NOT NULL,
	"availability" text DEFAULT 'available' NOT NULL,
	"time_zone" text DEFAULT 'America/New_York' NOT NULL,
	"working_hours" jsonb,
	"forwarding_phone" text,
	"direct_number_id" text,
	"extension_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "member_settings_account_id_user_id_pk" PRIMARY KEY("account_id","user_id"),
	CONSTRAINT "member_settings_availability_check" CHECK ("availability" in ('available', 'do_not_disturb', 'away')),
	CONSTRAINT "member_settings_forwarding_phone_check" CHECK ("forwarding_phone" is null or "forwarding_phone" ~ '^\+[1-9][0-9]{6,14}$')
);
--> statement-breakpoint
ALTER TABLE "member_settings" ADD CONSTRAINT "member_settings_direct_number_id_phone_numbers_id_fk" FOREIGN KEY ("direct_number_id") REFERENCES "public"."phone_numbers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_settings" ADD CONSTRAINT "member_settings_extension_id_extensions_id_fk" FOREIGN KEY ("extension_id") REFERENCES "public"."extensions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_settings" ADD CONSTRAINT "member_settings_membership_fk" FOREIGN KEY ("account_id","user_id") REFERENCES "public"."account_memberships"("account_id","user_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "member_settings_direct_number_key" ON "member_settings" USING btree ("direct_number_id") WHERE "member_settings"."direct_number_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "member_settings_extension_key" ON "member_settings" USING btree ("extension_id") WHERE "member_settings"."extension_id" is not null;