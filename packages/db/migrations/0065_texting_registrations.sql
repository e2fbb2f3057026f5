CREATE TABLE "texting_registrations" (
	"id" text PRIMARY KEY NOT NULL,
	"account_id" text NOT NULL,
	"stage" text NOT NULL,
	"business" jsonb NOT NULL,
	"campaign" jsonb NOT NULL,
	"profile_sid" text,
	"brand_sid" text,
	"messaging_service_sid" text,
	"campaign_sid" text,
	"profile_status" text,
	"brand_status" text,
	"campaign_status" text,
	"failure_reason" text,
	"joined_numbers" text[] DEFAULT '{}'::text[] NOT NULL,
	"fee_cents" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "texting_registrations_stage_check" CHECK ("stage" in ('profile_review', 'brand_review', 'campaign_review', 'approved', 'rejected')),
	CONSTRAINT "texting_registrations_fee_check" CHECK ("texting_registrations"."fee_cents" >= 0),
	CONSTRAINT "texting_registrations_rejected_check" CHECK (("texting_registrations"."stage" = 'rejected') = ("texting_registrations"."failure_reason" is not null))
);
--> statement-breakpoint
ALTER TABLE "ledger_entries" DROP CONSTRAINT "ledger_entries_transaction_type_check";--> statement-breakpoint
ALTER TABLE "ledger_entries" DROP CONSTRAINT "ledger_entries_sign_check";--> statement-breakpoint
ALTER TABLE "texting_registrations" ADD CONSTRAINT "texting_registrations_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "texting_registrations_account_key" ON "texting_registrations" USING btree ("account_id");--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_transaction_type_check" CHECK ("transaction_type" in ('top_up', 'call_charge', 'sms_charge', 'number_fee', 'subscription_fee', 'refund', 'adjustment', 'top_up_refund', 'dispute_hold', 'registration_fee', 'dispute_release', 'dispute_loss'));--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_sign_check" CHECK (("ledger_entries"."transaction_type" in ('top_up', 'refund', 'dispute_release') and "ledger_entries"."amount_cents" > 0)
        or ("ledger_entries"."transaction_type" in ('call_charge', 'sms_charge', 'number_fee', 'subscription_fee', 'registration_fee', 'top_up_refund', 'dispute_hold', 'dispute_loss') and "ledger_entries"."amount_cents" < 0)
        or "ledger_entries"."transaction_type" = 'adjustment');